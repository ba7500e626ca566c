import { and, eq, sql } from "drizzle-orm";
import { canTransition, NOT_SHIPPED_MESSAGE, ORDER_TRANSITIONS, transitionError } from "~shared/order-status";
import type { Queryable } from "../../db/client";
import { businessRule, conflict } from "../../lib/errors";
import { releaseSeats, reserveSeats } from "../checkout/seats";
import { productDownloads } from "../products/products.tables";
import { restoreOrderStock } from "../products/stock";
import { issueInvoice } from "./invoice-issue";
import {
  type ActingStaff,
  assertMayRefund,
  CHANGED_MEANWHILE,
  courseIdsOf,
  lockOrder,
  type OrderAdminSteps,
  orderNotFound,
  succeededPayments,
  unpaidInstalments,
} from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { creditBack, recordRefund, refundedCents } from "./order-refunds";
import {
  enrolments,
  invoices,
  type OrderStatus,
  orderInstalments,
  orderReturns,
  orders,
  payments,
} from "./orders.tables";
import { type AdminOrder, ORDER_NOT_PAID_MESSAGE } from "./orders-admin.schemas";

/**
 * Moves an order to `status` (see ORDER_TRANSITIONS). Cancelling a paid order refunds what is
 * left of its payments through their provider FIRST (outside any transaction), then in one
 * transaction: payments marked refunded, enrolments of the order deleted (access ends), seats
 * given back, scheduled instalments cancelled. Delivering enrols the customer and issues the
 * invoice when the order has none yet; an order with goods to ship must have been shipped first. Every change records who and when, and is audited.
 */
export async function changeOrderStatus(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
  status: OrderStatus,
  language: string,
): Promise<AdminOrder> {
  const { db } = deps;
  const [current] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  if (!current) throw orderNotFound();
  if (!canTransition(current.status, status)) {
    throw businessRule(transitionError(current.status, status), "INVALID_STATUS_TRANSITION", {
      from: current.status,
      to: status,
      allowed: ORDER_TRANSITIONS[current.status],
    });
  }

  const refunds: { paymentId: string; amountCents: number; provider: string; currency: string }[] = [];
  if (status === "cancel") {
    const paid = await succeededPayments(db, companyId, orderId);
    const left = paid.map((payment) => payment.amountCents - refundedCents(payment));
    assertMayRefund(
      staff,
      left.reduce((sum, cents) => sum + cents, 0),
    );
    for (const [index, payment] of paid.entries()) {
      const amountCents = left[index]!;
      await deps.refund(payment, amountCents, `cancel-${orderId}-${payment.id}`);
      refunds.push({
        paymentId: payment.id,
        amountCents,
        provider: payment.provider,
        currency: payment.currency,
      });
    }
  }

  let seatsReleased = false;
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, companyId, orderId);
    if (order.status !== current.status) {
      throw conflict(CHANGED_MEANWHILE);
    }
    const changedAt = deps.now();
    const set: Partial<typeof orders.$inferInsert> = {
      status,
      statusChangedBy: staff.id,
      statusChangedAt: changedAt,
      updatedAt: changedAt,
    };

    if (status === "processing" && order.status === "pending") {
      await keepSeats(tx, companyId, order);
      set.expiresAt = null;
    }

    if (status === "delivered") {
      // Goods to ship are delivered once they left with the carrier (Processing: being packed).
      if (order.shippingAddress && !order.shippedAt) {
        throw businessRule(NOT_SHIPPED_MESSAGE, "ORDER_NOT_SHIPPED");
      }
      const [received] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
        .limit(1);
      if (!received) throw businessRule(ORDER_NOT_PAID_MESSAGE, "ORDER_NOT_PAID");
      const [returned] = await tx
        .select({ lineIds: orderReturns.lineIds })
        .from(orderReturns)
        .where(eq(orderReturns.orderId, order.id));
      const courseIds = await courseIdsOf(tx, order.id, returned?.lineIds ?? []);
      if (courseIds.length > 0) {
        await tx
          .insert(enrolments)
          .values(
            courseIds.map((courseId) => ({
              companyId,
              customerId: order.customerId,
              courseId,
              orderId: order.id,
            })),
          )
          .onConflictDoNothing();
      }
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.orderId, order.id));
      if (!invoice) {
        await issueInvoice(tx, companyId, order.id, changedAt);
      }
    }

    if (status === "cancel") {
      for (const part of refunds) {
        await tx
          .update(payments)
          .set({
            status: "refunded",
            details: sql`coalesce(${payments.details}, '{}'::jsonb) || ${JSON.stringify({
              refundedAt: changedAt.toISOString(),
              refundedBy: staff.email,
              cancelRefundCents: part.amountCents,
            })}::jsonb`,
            updatedAt: changedAt,
          })
          .where(eq(payments.id, part.paymentId));
        await creditBack(tx, order, part, part.amountCents, staff);
      }
      await recordRefund(
        tx,
        {
          companyId,
          orderId: order.id,
          kind: "cancel",
          amountCents: refunds.reduce((sum, part) => sum + part.amountCents, 0),
          currency: order.currency,
          createdBy: staff.id,
          createdAt: changedAt,
        },
        deps.mailJobs,
      );
      await tx
        .delete(enrolments)
        .where(and(eq(enrolments.companyId, companyId), eq(enrolments.orderId, order.id)));
      // Seats are held by a paid/accepted order, or by a pending checkout until its hold ends.
      const holdsSeats = order.status !== "pending" || order.expiresAt !== null;
      if (holdsSeats) {
        const [returned] = await tx
          .select({ lineIds: orderReturns.lineIds, restocked: orderReturns.restocked })
          .from(orderReturns)
          .where(eq(orderReturns.orderId, order.id));
        const restocked = returned?.restocked ? returned.lineIds : [];
        await releaseSeats(tx, companyId, await courseIdsOf(tx, order.id, restocked));
        // What the order's products still hold goes back (returned and restocked lines already did).
        await restoreOrderStock(tx, companyId, order.id, "cancel");
        await tx
          .update(productDownloads)
          .set({ revokedAt: changedAt })
          .where(eq(productDownloads.orderId, order.id));
        seatsReleased = true;
      }
      // The plan is settled: nothing more is collected (scheduled, or failed after its retries).
      await tx
        .update(orderInstalments)
        .set({ status: "cancelled", nextAttemptAt: null })
        .where(unpaidInstalments(order.id));
      set.expiresAt = null;
      set.paymentOverdueAt = null;
    }

    await tx.update(orders).set(set).where(eq(orders.id, order.id));
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "update",
      entity: "order",
      entityId: order.id,
      summary: `Order #${order.number}: ${order.status} → ${status}`,
      changes: {
        status: { from: order.status, to: status },
        ...(refunds.length > 0
          ? { refundedCents: refunds.reduce((sum, part) => sum + part.amountCents, 0) }
          : {}),
      },
    });
  });
  if (refunds.length > 0) deps.mailJobs.wake();
  if (seatsReleased) deps.seatsChanged?.invalidate(companyId);
  return getAdminOrder(deps, companyId, orderId, language);
}

/**
 * A pending order accepted by staff keeps its seats: a checkout's pending order already holds
 * them until expiresAt, so they are kept for good; an order without a hold (taken by staff) takes
 * them now.
 */
export async function keepSeats(
  tx: Queryable,
  companyId: string,
  order: { id: string; expiresAt: Date | null },
): Promise<void> {
  if (!order.expiresAt) await reserveSeats(tx, companyId, await courseIdsOf(tx, order.id));
}
