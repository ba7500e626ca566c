import { type ReactNode, useState } from "react";
import type { CartLine, CounterDraft } from "../cart";
import { useErrorText } from "../use-error-text";
import { OrderTools } from "./order-tools";
import { type ParkedOrder, restaurantApi } from "./restaurant-api";
import { type OpenTable, TablesView } from "./tables-view";

/** The order the counter works on: a table's (new or parked), or a parked order without a table. */
interface OpenOrder {
  table: OpenTable | null;
  parked: ParkedOrder | null;
  /** A fresh counter for each opened order. */
  key: string;
}

/** What the counter starts with when a parked order is resumed. */
function draftOf(parked: ParkedOrder): CounterDraft {
  const discountOf = (discount: { type: string; value?: number } | undefined) =>
    discount?.type === "percentage" ? (discount.value ?? 0) : 0;
  const lines: CartLine[] = [];
  for (const item of parked.cart.items) {
    const found = parked.items.find(
      (row) =>
        row.kind === "product" && row.id === item.productId && row.variantId === (item.variantId ?? null),
    );
    if (found) {
      lines.push({
        item: found,
        quantity: item.quantity,
        discount: discountOf(item.discount),
        extraIds: item.extraIds ?? [],
      });
    }
  }
  for (const course of parked.cart.courses) {
    const found = parked.items.find((row) => row.kind === "course" && row.id === course.courseId);
    if (found) lines.push({ item: found, quantity: 1, discount: discountOf(course.discount), extraIds: [] });
  }
  return {
    lines,
    orderDiscount: discountOf(parked.cart.orderDiscount),
    customer: parked.cart.customerId
      ? {
          id: parked.cart.customerId,
          name: parked.customerName ?? "",
          email: "",
          creditCents: parked.customerCreditCents,
        }
      : null,
    notes: parked.cart.notes ?? "",
  };
}

/**
 * The restaurant view: the tables and the parked orders first; a table opens its order on the
 * counter, which parks it, sends it to the kitchen, or takes the payment (a normal POS sale).
 */
export function RestaurantView({
  currency,
  language,
  askPin,
  counter,
}: {
  currency: string;
  language: string;
  /** The POS setting 'every action': parking, the kitchen and removing ask the cashier's PIN. */
  askPin: boolean;
  counter(order: {
    start?: CounterDraft;
    parkedOrderId?: string | undefined;
    tools(draft: CounterDraft): ReactNode;
    onSold(): void;
  }): ReactNode;
}) {
  const errorText = useErrorText();
  const [open, setOpen] = useState<OpenOrder | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function openOrder(table: OpenTable | null, parkedId: string | null) {
    setNotice(null);
    try {
      const parked = parkedId ? await restaurantApi.parked(parkedId) : null;
      setOpen({ table: parked?.table ?? table, parked, key: crypto.randomUUID() });
    } catch (failure) {
      setNotice(errorText(failure));
    }
  }

  if (!open) {
    return <TablesView currency={currency} language={language} notice={notice} onOpen={openOrder} />;
  }
  return (
    <div key={open.key} className="contents">
      {counter({
        ...(open.parked ? { start: draftOf(open.parked) } : {}),
        parkedOrderId: open.parked?.id,
        onSold: () => setOpen((current) => current && { ...current, parked: null }),
        tools: (draft) => (
          <OrderTools
            draft={draft}
            table={open.table}
            parked={open.parked}
            askPin={askPin}
            onParked={(parked) => setOpen((current) => current && { ...current, parked })}
            onClose={(message) => {
              setOpen(null);
              setNotice(message);
            }}
          />
        ),
      })}
    </div>
  );
}
