import { eq, sql } from "drizzle-orm";
import { businessRule, conflict } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import {
  type ActingStaff,
  assertMayRefund,
  CHANGED_MEANWHILE,
  findOrder,
  lockOrder,
  type OrderAdminSteps,
  succeededPayments,
} from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { creditBack, recordRefund, refundedCents, splitRefund } from "./order-refunds";
import { payments } from "./orders.tables";
import { type AdminOrder, type AdminRefundBody, REFUND_TOO_LARGE_MESSAGE } from "./orders-admin.schemas";

/**
 * Gives part of the money back (a goodwill gesture, a price correction) without ending access:
 * never more than was received and not refunded yet. The provider refunds first (outside any
 * transaction); then, with the order locked and the amount checked again, the payments record it
 * and the audit log keeps the amount and the reason.
 */
export async function refundPart(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
  body: AdminRefundBody,
  language: string,
): Promise<AdminOrder> {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  assertMayRefund(staff, body.amountCents);
  const paid = await succeededPayments(db, companyId, order.id);
  const { parts, uncovered } = splitRefund(paid, body.amountCents);
  if (order.status === "cancel" || uncovered > 0) {
    throw businessRule(REFUND_TOO_LARGE_MESSAGE, "REFUND_TOO_LARGE", {
      refundableCents: paid.reduce((sum, payment) => sum + payment.amountCents - refundedCents(payment), 0),
    });
  }
  const request = uuidv7();
  for (const part of parts) {
    const payment = paid[part.index]!;
    await deps.refund(payment, part.amountCents, `refund-${order.id}-${payment.id}-${request}`);
  }

  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, companyId, order.id);
    if (locked.status !== order.status) throw conflict(CHANGED_MEANWHILE);
    const now = deps.now();
    for (const part of parts) {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paid[part.index]!.id));
      const total = refundedCents(payment!) + part.amountCents;
      if (payment!.status !== "succeeded" || total > payment!.amountCents) throw conflict(CHANGED_MEANWHILE);
      await tx
        .update(payments)
        .set({
          status: total >= payment!.amountCents ? "refunded" : "succeeded",
          details: sql`coalesce(${payments.details}, '{}'::jsonb) || ${JSON.stringify({ refundedCents: total })}::jsonb`,
          updatedAt: now,
        })
        .where(eq(payments.id, payment!.id));
      await creditBack(tx, locked, payment!, part.amountCents, staff);
    }
    await recordRefund(
      tx,
      {
        companyId,
        orderId: order.id,
        kind: "partial",
        amountCents: body.amountCents,
        currency: locked.currency,
        reason: body.reason,
        createdBy: staff.id,
        createdAt: now,
      },
      deps.mailJobs,
    );
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "create",
      entity: "order_refund",
      entityId: order.id,
      summary: `Refund on order #${locked.number}: ${body.amountCents} cents (${body.reason})`,
      changes: { refundedCents: body.amountCents, reason: body.reason },
    });
  });
  deps.mailJobs.wake();
  return getAdminOrder(deps, companyId, order.id, language);
}
