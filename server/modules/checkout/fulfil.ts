import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { AppError } from "../../lib/errors";
import { courseSeats } from "../families/families.tables";
import { issueInvoice } from "../orders/invoice-issue";
import { recordRefund } from "../orders/order-refunds";
import { enrolments, orderInstalments, orderLines, orders, payments } from "../orders/orders.tables";
import type { LowStockNotice } from "../products/low-stock";
import { grantDownloads, retakeOrderStock } from "../products/order-products";
import { reserveSeats, seatCourseIds } from "./seats";

export interface PaymentRecord {
  companyId: string;
  orderId: string;
  provider: string;
  reference: string;
  amountCents: number;
  currency: string;
  /** The method the provider saved for the later instalments of a payment plan. */
  savedPaymentMethod?: string | undefined;
}

export type FulfilmentResult =
  | { outcome: "fulfilled"; invoiceNumber: string }
  /** Paid before (a repeated webhook or request): nothing was written again. */
  | { outcome: "already-fulfilled" }
  /** The order had expired and its seats are gone: the payment is recorded and must be refunded. */
  | { outcome: "needs-refund"; reason: string }
  /**
   * A second, different charge for an order another payment already paid (two payments at the
   * same moment): recorded as refunded, and the caller refunds it at the provider.
   */
  | { outcome: "duplicate"; reason: string };

/** Why a second charge of a paid order is given back. */
export const DUPLICATE_PAYMENT_REASON = "This order had already been paid: this second payment is refunded.";

/** What else the fulfilment's transaction writes: the jobs it promises (the confirmation mail). */
export interface FulfilmentEffects {
  fulfilled?(tx: Queryable, orderId: string): Promise<unknown>;
  /** The low-stock mail, when taking an expired order's stock again leaves a product low. */
  lowStock?: LowStockNotice;
  /**
   * Takes the money inside the fulfilment's transaction (a customer's credit): a refusal rolls
   * everything back. With it, an order already paid or sold out meanwhile takes nothing.
   */
  charge?(tx: Queryable, order: { id: string; customerId: string }): Promise<unknown>;
}

/**
 * Turns a paid order into access, in ONE transaction: the succeeded payment, the order delivered
 * (Processing when it has goods to ship) and paid, the first instalment paid, an enrolment per course and an invoice with the next
 * gapless number. The order row is locked first and its status checked inside the transaction,
 * so a payment reported twice (webhooks are retried) enrols once.
 */
export async function fulfilOrder(
  db: Db,
  payment: PaymentRecord,
  now = new Date(),
  effects: FulfilmentEffects = {},
): Promise<FulfilmentResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        customerId: orders.customerId,
        shippingAddress: orders.shippingAddress,
      })
      .from(orders)
      .where(and(eq(orders.id, payment.orderId), eq(orders.companyId, payment.companyId)))
      .for("update");
    if (!order) throw new AppError(404, "ORDER_NOT_FOUND", "This order does not exist.");

    const [recorded] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.provider, payment.provider), eq(payments.providerReference, payment.reference)));
    if (effects.charge && (order.status === "delivered" || order.status === "processing")) {
      if (recorded?.status === "succeeded" || recorded?.status === "refunded") {
        return { outcome: "already-fulfilled" };
      }
      throw new AppError(409, "ORDER_PAID", "This order has already been paid.");
    }
    if (order.status === "delivered" || order.status === "processing") {
      // The same payment reported again (a retried webhook or request): nothing more to do.
      if (recorded?.status === "succeeded" || recorded?.status === "refunded") {
        return { outcome: "already-fulfilled" };
      }
      // Another charge paid this order first: this one is kept on record as refunded.
      await tx
        .insert(payments)
        .values({
          ...paymentRow(payment),
          status: "refunded",
          details: { refundedCents: payment.amountCents, reason: DUPLICATE_PAYMENT_REASON },
        })
        .onConflictDoUpdate({
          target: [payments.provider, payments.providerReference],
          set: {
            status: "refunded",
            details: { refundedCents: payment.amountCents, reason: DUPLICATE_PAYMENT_REASON },
          },
        });
      await recordRefund(tx, {
        companyId: payment.companyId,
        orderId: order.id,
        kind: "duplicate",
        amountCents: payment.amountCents,
        currency: payment.currency,
        reason: DUPLICATE_PAYMENT_REASON,
        createdAt: now,
      });
      return { outcome: "duplicate", reason: DUPLICATE_PAYMENT_REASON };
    }
    await effects.charge?.(tx, order);
    await upsertPayment(tx, payment, "succeeded", now);

    const lines = await tx
      .select({ courseId: orderLines.courseId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    // One seat: the buyer learns (as before group seats). Several: seats for the buyer to assign.
    const courseIds = lines
      .filter((line) => line.courseId !== null && line.quantity <= 1)
      .map((line) => line.courseId as string);
    const groupLines = lines.filter((line) => line.courseId !== null && line.quantity > 1);

    if (order.status === "cancel") {
      // Paid after it expired: it gets its seats back if they are still free.
      try {
        await tx.transaction(async (savepoint) => {
          await retakeOrderStock(savepoint, payment.companyId, order.id, effects.lowStock ?? null);
          await reserveSeats(savepoint, payment.companyId, seatCourseIds(lines));
        });
      } catch (error) {
        if (
          !effects.charge &&
          error instanceof AppError &&
          (error.code === "SOLD_OUT" || error.code === "OUT_OF_STOCK")
        ) {
          await tx
            .update(payments)
            .set({ details: { needsRefund: true, reason: error.message } })
            .where(
              and(eq(payments.provider, payment.provider), eq(payments.providerReference, payment.reference)),
            );
          return { outcome: "needs-refund", reason: error.message };
        }
        throw error;
      }
    }

    await tx
      .update(orders)
      .set({
        // Goods to ship wait to be packed and shipped (Processing); anything else is delivered now.
        status: order.shippingAddress ? "processing" : "delivered",
        paidAt: now,
        expiresAt: null,
        ...(payment.savedPaymentMethod ? { savedPaymentMethod: payment.savedPaymentMethod } : {}),
      })
      .where(eq(orders.id, order.id));
    await tx
      .update(orderInstalments)
      .set({ status: "paid", paidAt: now, attempts: 1 })
      .where(and(eq(orderInstalments.orderId, order.id), eq(orderInstalments.sequence, 1)));
    // The later instalments are collected from their due dates on (instalment-collection.ts).
    await tx
      .update(orderInstalments)
      .set({ nextAttemptAt: sql`${orderInstalments.dueAt}` })
      .where(
        and(
          eq(orderInstalments.orderId, order.id),
          eq(orderInstalments.status, "scheduled"),
          sql`${orderInstalments.sequence} > 1`,
        ),
      );
    if (courseIds.length > 0) {
      await tx
        .insert(enrolments)
        .values(
          courseIds.map((courseId) => ({
            companyId: payment.companyId,
            customerId: order.customerId,
            courseId,
            orderId: order.id,
          })),
        )
        .onConflictDoNothing();
    }
    if (groupLines.length > 0) {
      await tx.insert(courseSeats).values(
        groupLines.flatMap((line) =>
          Array.from({ length: line.quantity }, () => ({
            companyId: payment.companyId,
            orderId: order.id,
            courseId: line.courseId as string,
            buyerId: order.customerId,
          })),
        ),
      );
    }
    await grantDownloads(tx, payment.companyId, order);
    const invoice = await issueInvoice(tx, payment.companyId, order.id, now);
    await effects.fulfilled?.(tx, order.id);
    return { outcome: "fulfilled", invoiceNumber: invoice.printedNumber };
  });
}

/** A payment that did not go through: recorded, the order stays open for another attempt. */
export async function recordFailedPayment(
  db: Queryable,
  payment: PaymentRecord,
  message: string,
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...paymentRow(payment), status: "failed", details: { message } })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerReference],
      set: { status: "failed", details: { message } },
      // A later failure report never overrides a payment that succeeded.
      setWhere: sql`${payments.status} <> 'succeeded'`,
    });
}

/** A payment the buyer still has to finish in the browser (a Stripe PaymentIntent). */
export async function recordPendingPayment(db: Queryable, payment: PaymentRecord): Promise<void> {
  await db
    .insert(payments)
    .values({ ...paymentRow(payment), status: "pending" })
    .onConflictDoNothing();
}

async function upsertPayment(tx: Queryable, payment: PaymentRecord, status: "succeeded", receivedAt: Date) {
  await tx
    .insert(payments)
    .values({ ...paymentRow(payment), status, receivedAt })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerReference],
      set: { status, amountCents: payment.amountCents, receivedAt },
    });
}

function paymentRow(payment: PaymentRecord) {
  return {
    companyId: payment.companyId,
    orderId: payment.orderId,
    provider: payment.provider,
    providerReference: payment.reference,
    amountCents: payment.amountCents,
    currency: payment.currency,
  };
}
