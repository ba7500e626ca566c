import { eq } from "drizzle-orm";
import { businessRule } from "../../lib/errors";
import { orderConfirmationJob } from "../checkout/confirmation-mail";
import { type ActingStaff, findOrder, type OrderAdminSteps } from "./order-admin-records";
import { invoices } from "./orders.tables";

export const NOTHING_TO_RESEND_MESSAGE =
  "This order has no confirmation to send yet: it has no invoice until it is paid and delivered.";

/**
 * Sends the order confirmation with the invoice PDF again (the learner lost it, or asked for it):
 * a durable mail job, enqueued with its audit entry, composed from the order as stored when it runs.
 */
export async function resendConfirmation(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
): Promise<{ message: string }> {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  await db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    if (!invoice || order.status === "cancel")
      throw businessRule(NOTHING_TO_RESEND_MESSAGE, "NOTHING_TO_RESEND");
    await deps.mailJobs.enqueue(tx, orderConfirmationJob(companyId, order.id));
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "update",
      entity: "order",
      entityId: order.id,
      summary: `Order #${order.number}: confirmation mail sent again to ${order.customerEmail}`,
      changes: { mail: "order-confirmation", to: order.customerEmail },
    });
  });
  deps.mailJobs.wake();
  return { message: `The confirmation with the invoice is on its way to ${order.customerEmail}.` };
}
