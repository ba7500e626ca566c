import type { PosCustomer, PosItem } from "./pos-api";

export type { PosCustomer };

export interface CartLine {
  item: PosItem;
  quantity: number;
  /** Percentage off this line (0: none). */
  discount: number;
  /** The extras chosen with it (ids of the item's extras). */
  extraIds: string[];
}

/** One unit of the line with its extras. */
export const unitPrice = (line: CartLine) =>
  line.item.priceCents +
  line.item.extras
    .filter((extra) => line.extraIds.includes(extra.id))
    .reduce((sum, extra) => sum + extra.priceCents, 0);

export const lineKey = (item: PosItem) => `${item.kind}:${item.id}:${item.variantId ?? ""}`;

/** What the counter starts with (a resumed parked order) and where its cart is now (for parking). */
export interface CounterDraft {
  lines: CartLine[];
  orderDiscount: number;
  customer: PosCustomer | null;
  notes: string;
}

/** A whole percentage from what the cashier typed (0–100). */
export const percentage = (text: string) => Math.max(0, Math.min(100, Math.trunc(Number(text) || 0)));

/** The cart as the quote and sale endpoints take it. */
export function cartBody(lines: CartLine[], orderDiscount: number, customer: PosCustomer | null) {
  const discount = (value: number) => (value > 0 ? { discount: { type: "percentage" as const, value } } : {});
  return {
    items: lines
      .filter((line) => line.item.kind === "product")
      .map((line) => ({
        productId: line.item.id,
        variantId: line.item.variantId,
        quantity: line.quantity,
        ...discount(line.discount),
        ...(line.extraIds.length > 0 ? { extraIds: line.extraIds } : {}),
      })),
    courses: lines
      .filter((line) => line.item.kind === "course")
      .map((line) => ({ courseId: line.item.id, ...discount(line.discount) })),
    ...(orderDiscount > 0 ? { orderDiscount: { type: "percentage" as const, value: orderDiscount } } : {}),
    ...(customer ? { customerId: customer.id } : {}),
  };
}

/** The cart with one more of this item (a course only once). */
export function addLine(lines: CartLine[], item: PosItem): CartLine[] {
  const found = lines.find((line) => lineKey(line.item) === lineKey(item));
  if (!found) return [...lines, { item, quantity: 1, discount: 0, extraIds: [] }];
  if (item.kind === "course") return lines;
  return lines.map((line) =>
    line === found ? { ...line, quantity: Math.min(100, line.quantity + 1) } : line,
  );
}
