import { and, eq, inArray, sql } from "drizzle-orm";
import { returnRefundCents } from "~shared/refunds";
import type { Queryable } from "../../db/client";
import { businessRule, conflict } from "../../lib/errors";
import { releaseSeats, seatCourseIds } from "../checkout/seats";
import { productDownloads } from "../products/products.tables";
import { restoreOrderStock } from "../products/stock";
import {
  type ActingStaff,
  assertMayRefund,
  CHANGED_MEANWHILE,
  findOrder,
  lockOrder,
  type OrderAdminSteps,
  succeededPayments,
  unpaidInstalments,
} from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { creditBack, recordRefund, refundedCents, splitRefund } from "./order-refunds";
import { enrolments, orderInstalments, orderLines, orderReturns, orders, payments } from "./orders.tables";
import {
  type AdminCreateReturnBody,
  type AdminOrder,
  ALREADY_RETURNED_MESSAGE,
} from "./orders-admin.schemas";
import { RETURN_RECEIPT_MAIL, type ReturnReceiptJob } from "./return-receipt-mail";

/** A payment and how much of it the return gives back. */
export interface RefundedPart {
  payment: Awaited<ReturnType<typeof succeededPayments>>[number];
  amountCents: number;
}

/**
 * Returns order lines, once per order: refunds the lines' share of what was paid (after the
 * discount) through the provider first, then in one transaction records the return, deletes the
 * enrolments of those courses and, with `restock`, gives their seats back. `alsoRecord` writes what
 * a caller keeps beside the return (the counter's cash out of the drawer) in that same transaction.
 */
export async function createOrderReturn(
  deps: OrderAdminSteps,
  companyId: string,
  staff: ActingStaff,
  orderId: string,
  body: AdminCreateReturnBody,
  language: string,
  alsoRecord?: (tx: Queryable, refunded: RefundedPart[]) => Promise<void>,
): Promise<AdminOrder> {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  const [earlier] = await db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, order.id));
  if (earlier) throw businessRule(ALREADY_RETURNED_MESSAGE, "ORDER_ALREADY_RETURNED");
  if (order.status !== "processing" && order.status !== "delivered") {
    throw businessRule(
      "Only processing or delivered orders can have items returned.",
      "ORDER_NOT_RETURNABLE",
    );
  }
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, body.lineIds)));
  if (lines.length !== body.lineIds.length) {
    throw businessRule("Some of these lines are not part of this order.", "UNKNOWN_ORDER_LINE");
  }

  // The lines' share of what was actually received: a discount is not refunded twice, and a
  // payment plan refunds only the instalments paid so far (decision 017).
  const linesCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const paid = await succeededPayments(db, companyId, order.id);
  const share = returnRefundCents({
    linesCents,
    subtotalCents: order.subtotalCents,
    paidCents: paid.reduce((sum, payment) => sum + payment.amountCents - refundedCents(payment), 0),
  });
  const { parts } = splitRefund(paid, share);
  assertMayRefund(
    staff,
    parts.reduce((sum, part) => sum + part.amountCents, 0),
  );
  for (const part of parts) {
    await deps.refund(paid[part.index]!, part.amountCents, `return-${order.id}-${paid[part.index]!.id}`);
  }
  const refundCents = parts.reduce((sum, part) => sum + part.amountCents, 0);

  let seatsReleased = false;
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, companyId, order.id);
    if (locked.status !== order.status) {
      throw conflict(CHANGED_MEANWHILE);
    }
    const inserted = await tx
      .insert(orderReturns)
      .values({
        companyId,
        orderId: order.id,
        lineIds: body.lineIds,
        restocked: body.restock,
        refundCents,
        reason: body.reason || null,
        createdBy: staff.id,
      })
      .onConflictDoNothing()
      .returning({ id: orderReturns.id });
    if (inserted.length === 0) throw businessRule(ALREADY_RETURNED_MESSAGE, "ORDER_ALREADY_RETURNED");
    for (const part of parts) {
      const payment = paid[part.index]!;
      const total = refundedCents(payment) + part.amountCents;
      await tx
        .update(payments)
        .set({
          status: total >= payment.amountCents ? "refunded" : "succeeded",
          details: sql`coalesce(${payments.details}, '{}'::jsonb) || ${JSON.stringify({ refundedCents: total })}::jsonb`,
          updatedAt: deps.now(),
        })
        .where(eq(payments.id, payment.id));
      await creditBack(tx, locked, payment, part.amountCents, staff);
    }
    await recordRefund(
      tx,
      {
        companyId,
        orderId: order.id,
        kind: "return",
        amountCents: refundCents,
        currency: locked.currency,
        reason: body.reason || null,
        createdBy: staff.id,
        createdAt: deps.now(),
      },
      deps.mailJobs,
    );
    await settlePlan(tx, order, linesCents);
    if (body.restock) await restoreOrderStock(tx, companyId, order.id, "return", body.lineIds);
    // Returned digital products can no longer be downloaded.
    await tx
      .update(productDownloads)
      .set({ revokedAt: deps.now() })
      .where(
        and(eq(productDownloads.orderId, order.id), inArray(productDownloads.orderLineId, body.lineIds)),
      );
    const courseIds = lines.map((line) => line.courseId).filter((id): id is string => id !== null);
    if (courseIds.length > 0) {
      await tx
        .delete(enrolments)
        .where(
          and(
            eq(enrolments.companyId, companyId),
            eq(enrolments.orderId, order.id),
            inArray(enrolments.courseId, courseIds),
          ),
        );
      if (body.restock) {
        await releaseSeats(tx, companyId, seatCourseIds(lines));
        seatsReleased = true;
      }
    }
    await deps.audit.record(tx, {
      companyId,
      staff,
      action: "create",
      entity: "order_return",
      entityId: order.id,
      summary: `Return on order #${order.number}: ${lines.length} line(s)`,
      changes: { lineIds: body.lineIds, restock: body.restock, refundCents },
    });
    await alsoRecord?.(
      tx,
      parts.map((part) => ({ payment: paid[part.index]!, amountCents: part.amountCents })),
    );
    await deps.mailJobs.enqueue(tx, {
      kind: RETURN_RECEIPT_MAIL,
      companyId,
      orderId: order.id,
    } satisfies ReturnReceiptJob);
  });
  deps.mailJobs.wake();
  if (seatsReleased) deps.seatsChanged?.invalidate(companyId);
  return getAdminOrder(deps, companyId, order.id, language);
}

/**
 * Settles the payment plan for the returned part: every unpaid instalment (scheduled, or failed
 * after its retries) loses the returned lines' share, so the learner only ever pays for what they
 * keep; an instalment left at nothing (all of a whole-order return) is cancelled. Without unpaid
 * instalments left, the order is no longer overdue.
 */
async function settlePlan(
  tx: Queryable,
  order: { id: string; subtotalCents: number },
  returnedCents: number,
): Promise<void> {
  if (order.subtotalCents <= 0) return;
  const unpaid = await tx
    .select({ id: orderInstalments.id, amountCents: orderInstalments.amountCents })
    .from(orderInstalments)
    .where(unpaidInstalments(order.id));
  let left = 0;
  for (const instalment of unpaid) {
    const amountCents =
      instalment.amountCents - Math.round((instalment.amountCents * returnedCents) / order.subtotalCents);
    left += Math.max(amountCents, 0);
    await tx
      .update(orderInstalments)
      .set(
        amountCents > 0
          ? { amountCents }
          : { amountCents: instalment.amountCents, status: "cancelled", nextAttemptAt: null },
      )
      .where(eq(orderInstalments.id, instalment.id));
  }
  if (unpaid.length > 0 && left === 0) {
    await tx.update(orders).set({ paymentOverdueAt: null }).where(eq(orders.id, order.id));
  }
}
