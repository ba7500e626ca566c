/**
 * Order arithmetic in integer cents. Course prices are consumer prices: VAT is included,
 * as is the rule for sales to consumers in the EU, and shown as the part of the total it makes up.
 */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBp: number;
}

export type Discount = { type: "percentage"; value: number } | { type: "fixed"; valueCents: number };

export function discountFor(subtotalCents: number, discount: Discount | undefined): number {
  if (!discount) return 0;
  const raw =
    discount.type === "percentage" ? Math.round((subtotalCents * discount.value) / 100) : discount.valueCents;
  return Math.min(subtotalCents, Math.max(0, raw));
}

/** VAT contained in a VAT-inclusive amount, rounded half up to the cent. */
export function includedVat(amountCents: number, vatRateBp: number): number {
  return Math.round((amountCents * vatRateBp) / (10_000 + vatRateBp));
}

/** `discountBaseCents`: the part of the subtotal the discount applies to (all of it by default). */
export function priceOrder(
  lines: PricedLine[],
  vatRateBp: number,
  discount?: Discount,
  discountBaseCents?: number,
): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const base = Math.min(subtotalCents, discountBaseCents ?? subtotalCents);
  const discountCents = discountFor(base, discount);
  const totalCents = subtotalCents - discountCents;
  return {
    subtotalCents,
    discountCents,
    totalCents,
    vatCents: includedVat(totalCents, vatRateBp),
    vatRateBp,
  };
}
