import { eq } from "drizzle-orm";
import { businessRule } from "../../lib/errors";
import { type ActingStaff, findOrder, lockOrder, type OrderAdminSteps } from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { orders } from "./orders.tables";

export const NOTHING_TO_SHIP_MESSAGE = "This order has nothing to ship.";
export const NOT_PAID_TO_SHIP_MESSAGE =
  "This order is not paid yet: ship it once it is paid (only cash-on-delivery orders ship unpaid).";

/**
 * Records that an order's parcel left with its carrier: the tracking number and the time. The
 * buyer then sees the carrier's tracking link. A cash-on-delivery order ships while Pending (the
 * cash comes with the parcel); any other order must be paid first. The status does not change:
 * staff move it to Delivered as before. Shipping again replaces the tracking number (a new parcel).
 */
export async function markOrderShipped(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
  body: { trackingNumber: string },
  language: string,
) {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  checkShippable(order);
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, companyId, order.id);
    checkShippable(locked);
    const now = deps.now();
    await tx
      .update(orders)
      .set({ trackingNumber: body.trackingNumber, shippedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "update",
      entity: "order",
      entityId: order.id,
      summary: `Order #${locked.number}: shipped with ${locked.shippingCarrierName ?? "a carrier"}, tracking ${body.trackingNumber}`,
      changes: { trackingNumber: { from: locked.trackingNumber, to: body.trackingNumber } },
    });
  });
  return getAdminOrder(deps, companyId, order.id, language);
}

function checkShippable(order: typeof orders.$inferSelect) {
  if (!order.shippingAddress) throw businessRule(NOTHING_TO_SHIP_MESSAGE, "NOTHING_TO_SHIP");
  if (order.status === "cancel") {
    throw businessRule("A cancelled order cannot be shipped.", "ORDER_CANCELLED");
  }
  if (order.status === "pending" && order.paymentMethod !== "cod") {
    throw businessRule(NOT_PAID_TO_SHIP_MESSAGE, "ORDER_NOT_PAID");
  }
}
