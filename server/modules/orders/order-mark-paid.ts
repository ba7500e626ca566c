import { and, eq } from "drizzle-orm";
import { businessRule, conflict } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import {
  type ActingStaff,
  CHANGED_MEANWHILE,
  findOrder,
  lockOrder,
  type OrderAdminSteps,
  succeededPayments,
  unpaidInstalments,
} from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { keepSeats } from "./order-status-change";
import { enrolments, orderInstalments, orders, payments } from "./orders.tables";
import { type AdminMarkPaidBody, type AdminOrder, ALREADY_PAID_MESSAGE } from "./orders-admin.schemas";

/**
 * Records money received outside the shop (a bank transfer or cash at the desk) for what is still
 * owed on an order, in one transaction: a succeeded payment of provider "manual" with the method
 * and reference, the order's payment method and paid time, every unpaid instalment paid (access
 * that was paused for a missed instalment comes back), and a pending order accepted (it keeps or
 * takes its seats). Delivering the order afterwards issues its invoice.
 */
export async function markOrderPaid(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
  body: AdminMarkPaidBody,
  language: string,
): Promise<AdminOrder> {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  if (order.status === "cancel") {
    throw businessRule("A cancelled order cannot be marked as paid.", "ORDER_CANCELLED");
  }
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, companyId, order.id);
    if (locked.status !== order.status) throw conflict(CHANGED_MEANWHILE);
    const received = (await succeededPayments(tx, companyId, order.id)).reduce(
      (sum, payment) => sum + payment.amountCents,
      0,
    );
    const owed = locked.totalCents - received;
    if (owed <= 0) throw businessRule(ALREADY_PAID_MESSAGE, "ORDER_ALREADY_PAID");
    const now = deps.now();

    await tx.insert(payments).values({
      companyId,
      orderId: order.id,
      provider: "manual",
      providerReference: `manual_${uuidv7()}`,
      status: "succeeded",
      amountCents: owed,
      currency: locked.currency,
      details: { method: body.method, reference: body.reference, recordedBy: staff.email },
      createdAt: now,
      updatedAt: now,
    });
    const set: Partial<typeof orders.$inferInsert> = {
      // Cash recorded for a cash-on-delivery order is what the carrier collected: it stays "cod".
      paymentMethod: locked.paymentMethod === "cod" && body.method === "cash" ? "cod" : body.method,
      paidAt: locked.paidAt ?? now,
      paymentOverdueAt: null,
      updatedAt: now,
    };
    if (locked.status === "pending") {
      await keepSeats(tx, companyId, locked);
      Object.assign(set, {
        status: "processing",
        expiresAt: null,
        statusChangedBy: staff.id,
        statusChangedAt: now,
      });
    }
    await tx.update(orders).set(set).where(eq(orders.id, order.id));
    await tx
      .update(orderInstalments)
      .set({ status: "paid", paidAt: now, nextAttemptAt: null })
      .where(unpaidInstalments(order.id));
    await tx
      .update(enrolments)
      .set({ pausedAt: null })
      .where(and(eq(enrolments.orderId, order.id), eq(enrolments.companyId, companyId)));
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "update",
      entity: "order",
      entityId: order.id,
      summary: `Order #${locked.number}: marked as paid (${body.method}, ${body.reference})`,
      changes: {
        paidCents: owed,
        paymentMethod: { from: locked.paymentMethod, to: body.method },
        reference: body.reference,
        ...(locked.status === "pending" ? { status: { from: "pending", to: "processing" } } : {}),
      },
    });
  });
  return getAdminOrder(deps, companyId, order.id, language);
}
