import type { OrderStatus } from "./order-enums";

/**
 * The order statuses staff may move an order to, from each status:
 *
 *   pending    → processing | cancel   (accepted, e.g. paid at the counter; or given up)
 *   processing → delivered  | cancel   (access handed over; or called off, refunded when paid)
 *   delivered  → cancel                (taken back: a paid order is refunded)
 *   cancel     → (final)
 *
 * Anything else, including "to the status it already has", is refused with a 422.
 *
 * An order with goods to ship passes through both: paid, it is Processing (to be packed); it
 * becomes Delivered only once staff marked it shipped (see NOT_SHIPPED_MESSAGE).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancel"],
  processing: ["delivered", "cancel"],
  delivered: ["cancel"],
  cancel: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

const LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  delivered: "Delivered",
  cancel: "Cancel",
};

/** Why `from → to` is not allowed, in words a member of staff understands. */
export function transitionError(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${LABELS[from]}.`;
  if (from === "cancel") return "A cancelled order cannot be changed.";
  const allowed = ORDER_TRANSITIONS[from].map((status) => LABELS[status]).join(" or ");
  return `A ${LABELS[from]} order can only be changed to ${allowed}, not to ${LABELS[to]}.`;
}

/** Delivering an order whose goods have not left yet (no shipment recorded). */
export const NOT_SHIPPED_MESSAGE = "Mark this order shipped first: its goods have not left yet.";
