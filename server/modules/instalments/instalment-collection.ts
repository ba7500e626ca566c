import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { AppError, badRequest, businessRule, conflict, notFound } from "../../lib/errors";
import type { CardDetails } from "../checkout/checkout.schemas";
import type { JobQueue } from "../jobs/job-queue";
import type { MailJobs } from "../mail/mail-jobs";
import { toInstalmentView } from "../orders/instalment-view";
import { recordRefund } from "../orders/order-refunds";
import { enrolments, orderInstalments, orders, payments } from "../orders/orders.tables";
import { CardError, type PaymentEvent, type PaymentProvider } from "../payments/provider";
import { INSTALMENT_MAILS, type InstalmentMailJob } from "./instalment-mails";

/** The queue of charges of later instalments: one job per try. */
export const INSTALMENT_QUEUE = "instalments";
/** The reminder goes out this many days before an instalment is charged. */
export const REMINDER_DAYS_BEFORE = 3;
/** A declined instalment is tried again this many days after its due date; after the last, it has failed. */
export const DUPLICATE_INSTALMENT_REASON =
  "This instalment had already been paid: this second payment is refunded.";
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
/** How often each instance looks for instalments that are due and reminders to send. */
export const SWEEP_INTERVAL_MS = 60_000;

const DAY_MS = 86_400_000;

interface ChargeJob {
  companyId: string;
  instalmentId: string;
}

export interface InstalmentCollectionDeps {
  queue: JobQueue;
  mailJobs: Pick<MailJobs, "enqueue" | "wake">;
  /** The school's card provider (its Stripe keys or the environment's, else demo). */
  cardProvider(companyId: string): Promise<PaymentProvider>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** The clock (tests move it forward). */
  now?: () => Date;
}

type InstalmentRow = typeof orderInstalments.$inferSelect;

/**
 * Collects the later instalments of payment plans. A sweep (every minute on every instance, and
 * whenever a test calls it) claims the instalments whose charge is due with `FOR UPDATE SKIP
 * LOCKED` and enqueues one charge job each in the same transaction; reminders are claimed and
 * enqueued the same way. A charge job charges the payment method saved at the first payment
 * (`chargeSaved`, idempotent per try) and records the outcome in one transaction with the mails it
 * promises: a declined charge is tried again 1, 3 and 7 days after the due date, the learner is
 * mailed a link to pay it themselves, and after the last try the instalment has failed, the order
 * is flagged for staff and the learner's access to its courses is paused until it is paid.
 */
export function createInstalmentCollection(db: Db, deps: InstalmentCollectionDeps) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;

  deps.queue.define<ChargeJob>({
    name: INSTALMENT_QUEUE,
    // Only errors (the provider unreachable) are retried here; a declined card is an outcome.
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    handler: (job) => charge(job.companyId, job.instalmentId),
  });

  const mail = (tx: Queryable, kind: InstalmentMailJob["kind"], row: { companyId: string; id: string }) =>
    deps.mailJobs.enqueue(tx, {
      kind,
      companyId: row.companyId,
      instalmentId: row.id,
    } satisfies InstalmentMailJob);

  /** Claims due charges and reminders; returns how many of each were enqueued. */
  async function sweep(): Promise<{ charges: number; reminders: number }> {
    const at = now();
    const paidOrder = and(
      eq(orders.id, orderInstalments.orderId),
      inArray(orders.status, ["processing", "delivered"]),
    );
    const charges = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orderInstalments.id, companyId: orderInstalments.companyId })
        .from(orderInstalments)
        .innerJoin(orders, paidOrder)
        .where(and(eq(orderInstalments.status, "scheduled"), lte(orderInstalments.nextAttemptAt, at)))
        .limit(100)
        .for("update", { of: orderInstalments, skipLocked: true });
      for (const row of due) {
        await tx.update(orderInstalments).set({ nextAttemptAt: null }).where(eq(orderInstalments.id, row.id));
        await deps.queue.enqueue(tx, INSTALMENT_QUEUE, { companyId: row.companyId, instalmentId: row.id });
      }
      return due.length;
    });
    const reminders = await db.transaction(async (tx) => {
      const soon = await tx
        .select({ id: orderInstalments.id, companyId: orderInstalments.companyId })
        .from(orderInstalments)
        .innerJoin(orders, paidOrder)
        .where(
          and(
            eq(orderInstalments.status, "scheduled"),
            isNull(orderInstalments.remindedAt),
            isNull(orderInstalments.lastFailedAt),
            isNotNull(orderInstalments.nextAttemptAt),
            lte(orderInstalments.dueAt, new Date(at.getTime() + REMINDER_DAYS_BEFORE * DAY_MS)),
            sql`${orderInstalments.dueAt} > ${at}`,
          ),
        )
        .limit(100)
        .for("update", { of: orderInstalments, skipLocked: true });
      for (const row of soon) {
        await tx.update(orderInstalments).set({ remindedAt: at }).where(eq(orderInstalments.id, row.id));
        await mail(tx, INSTALMENT_MAILS.reminder, row);
      }
      return soon.length;
    });
    if (charges > 0) deps.queue.wake(INSTALMENT_QUEUE);
    if (reminders > 0) deps.mailJobs.wake();
    return { charges, reminders };
  }

  async function load(companyId: string, instalmentId: string) {
    const [row] = await db
      .select({ instalment: orderInstalments, order: orders })
      .from(orderInstalments)
      .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
      .where(and(eq(orderInstalments.companyId, companyId), eq(orderInstalments.id, instalmentId)));
    return row;
  }

  /** One try of a claimed instalment's charge (the charge job). */
  async function charge(companyId: string, instalmentId: string): Promise<void> {
    const row = await load(companyId, instalmentId);
    if (row?.instalment.status !== "scheduled" || row.instalment.nextAttemptAt !== null) return;
    const { instalment, order } = row;
    const attempt = instalment.attempts + 1;
    const provider = await deps.cardProvider(companyId);
    const result = order.savedPaymentMethod
      ? await provider.chargeSaved({
          companyId,
          orderId: order.id,
          orderNumber: order.number,
          instalmentId: instalment.id,
          sequence: instalment.sequence,
          amountCents: instalment.amountCents,
          currency: order.currency,
          savedPaymentMethod: order.savedPaymentMethod,
          idempotencyKey: `instalment-${instalment.id}-${attempt}`,
        })
      : {
          status: "failed" as const,
          reference: `none-${instalment.id}-${attempt}`,
          message: "No payment method was saved for this payment plan.",
        };
    if (result.status === "succeeded") {
      await settle(companyId, instalment.id, result.reference, { automatic: true });
      return;
    }
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(orderInstalments)
        .where(eq(orderInstalments.id, instalment.id))
        .for("update");
      if (locked?.status !== "scheduled" || locked.attempts >= attempt) return;
      await recordPayment(tx, provider.name, locked, order.currency, result.reference, "failed", {
        message: result.message,
      });
      const at = now();
      const retryDay = RETRY_AFTER_DAYS[attempt - 1];
      if (retryDay !== undefined) {
        const nextAttemptAt = new Date(
          Math.max(locked.dueAt.getTime() + retryDay * DAY_MS, at.getTime() + 60_000),
        );
        await tx
          .update(orderInstalments)
          .set({ attempts: attempt, lastError: result.message, lastFailedAt: at, nextAttemptAt })
          .where(eq(orderInstalments.id, locked.id));
        await mail(tx, INSTALMENT_MAILS.failed, locked);
        return;
      }
      await tx
        .update(orderInstalments)
        .set({
          status: "failed",
          attempts: attempt,
          lastError: result.message,
          lastFailedAt: at,
          nextAttemptAt: null,
        })
        .where(eq(orderInstalments.id, locked.id));
      await tx
        .update(orders)
        .set({ paymentOverdueAt: at, updatedAt: at })
        .where(and(eq(orders.id, locked.orderId), isNull(orders.paymentOverdueAt)));
      await tx
        .update(enrolments)
        .set({ pausedAt: at })
        .where(and(eq(enrolments.orderId, locked.orderId), isNull(enrolments.pausedAt)));
      await mail(tx, INSTALMENT_MAILS.overdue, locked);
    });
    deps.mailJobs.wake();
  }

  async function recordPayment(
    tx: Queryable,
    providerName: string,
    instalment: InstalmentRow,
    currency: string,
    reference: string,
    status: "succeeded" | "failed" | "refunded",
    details: Record<string, unknown> = {},
  ) {
    const receivedAt = status === "succeeded" ? now() : null;
    await tx
      .insert(payments)
      .values({
        companyId: instalment.companyId,
        orderId: instalment.orderId,
        provider: providerName,
        providerReference: reference,
        status,
        amountCents: instalment.amountCents,
        currency,
        details: { instalmentId: instalment.id, sequence: instalment.sequence, ...details },
        // The money came in now, on the collection's clock (the dashboard counts it on this day).
        receivedAt,
      })
      .onConflictDoUpdate({
        target: [payments.provider, payments.providerReference],
        set: { status, receivedAt },
        setWhere: sql`${payments.status} <> 'succeeded'`,
      });
  }

  /**
   * An instalment is paid (collected, or paid by the learner): the payment, the instalment paid and,
   * once nothing of the order is overdue, the staff flag lifted and access given back.
   */
  async function markPaid(
    companyId: string,
    instalmentId: string,
    reference: string,
    options: { automatic: boolean; providerName: string },
  ): Promise<"paid" | "again" | "duplicate"> {
    const { providerName } = options;
    const paid = await db.transaction(async (tx): Promise<"paid" | "again" | "duplicate"> => {
      const [locked] = await tx
        .select({ instalment: orderInstalments, currency: orders.currency })
        .from(orderInstalments)
        .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
        .where(and(eq(orderInstalments.companyId, companyId), eq(orderInstalments.id, instalmentId)))
        .for("update", { of: orderInstalments });
      if (!locked) return "again";
      const { instalment } = locked;
      if (instalment.status === "paid") {
        const [recorded] = await tx
          .select({ status: payments.status })
          .from(payments)
          .where(and(eq(payments.provider, providerName), eq(payments.providerReference, reference)));
        // The same payment reported again (a retried webhook or request): nothing more to do.
        if (recorded?.status === "succeeded" || recorded?.status === "refunded") return "again";
        // Another charge paid this instalment first (two payments at the same moment): this one is
        // kept on record as refunded, and the caller refunds it at the provider.
        const refund = { refundedCents: instalment.amountCents, reason: DUPLICATE_INSTALMENT_REASON };
        await recordPayment(tx, providerName, instalment, locked.currency, reference, "refunded", refund);
        await recordRefund(tx, {
          companyId,
          orderId: instalment.orderId,
          kind: "duplicate",
          amountCents: instalment.amountCents,
          currency: locked.currency,
          reason: DUPLICATE_INSTALMENT_REASON,
          createdAt: now(),
        });
        return "duplicate";
      }
      await recordPayment(tx, providerName, instalment, locked.currency, reference, "succeeded", {
        paidBy: options.automatic ? "collection" : "learner",
      });
      if (instalment.status === "cancelled") return "again";
      const at = now();
      await tx
        .update(orderInstalments)
        .set({ status: "paid", paidAt: at, nextAttemptAt: null, attempts: instalment.attempts + 1 })
        .where(eq(orderInstalments.id, instalment.id));
      const [stillOverdue] = await tx
        .select({ id: orderInstalments.id })
        .from(orderInstalments)
        .where(and(eq(orderInstalments.orderId, instalment.orderId), eq(orderInstalments.status, "failed")))
        .limit(1);
      if (!stillOverdue) {
        await tx
          .update(orders)
          .set({ paymentOverdueAt: null, updatedAt: at })
          .where(eq(orders.id, instalment.orderId));
        await tx
          .update(enrolments)
          .set({ pausedAt: null })
          .where(and(eq(enrolments.orderId, instalment.orderId), isNotNull(enrolments.pausedAt)));
      }
      await mail(tx, INSTALMENT_MAILS.paid, instalment);
      return "paid";
    });
    if (paid === "paid") deps.mailJobs.wake();
    return paid;
  }

  /**
   * A successful charge of an instalment: marks it paid, or, when another charge paid it first,
   * refunds this one at the provider (recorded as refunded). True when this charge paid it.
   */
  async function settle(
    companyId: string,
    instalmentId: string,
    reference: string,
    options: { automatic: boolean },
  ): Promise<"paid" | "again" | "duplicate"> {
    const provider = await deps.cardProvider(companyId);
    const outcome = await markPaid(companyId, instalmentId, reference, {
      ...options,
      providerName: provider.name,
    });
    if (outcome === "duplicate") {
      await provider.refund(reference);
      deps.log.error({ instalmentId, reference }, "a second payment of an instalment already paid: refunded");
    }
    return outcome;
  }

  /** The instalment a customer may pay on the site: one of their orders, unpaid, whose charge failed. */
  async function payable(companyId: string, customerId: string, orderId: string, sequence: number) {
    const [row] = await db
      .select({ instalment: orderInstalments, order: orders })
      .from(orderInstalments)
      .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.id, orderId),
          eq(orders.customerId, customerId),
          eq(orderInstalments.sequence, sequence),
        ),
      );
    if (!row) throw notFound("This instalment does not exist.", "INSTALMENT_NOT_FOUND");
    if (row.instalment.status === "paid")
      throw conflict("This instalment has already been paid.", "INSTALMENT_PAID");
    if (row.instalment.status === "cancelled" || row.order.status === "cancel") {
      throw businessRule("This order was cancelled.", "ORDER_CANCELLED");
    }
    if (row.instalment.lastFailedAt === null) {
      throw businessRule("This instalment is collected automatically on its due date.", "INSTALMENT_NOT_DUE");
    }
    return row;
  }

  return {
    sweep,

    /**
     * One of the customer's orders with its schedule, for the learner's payment page (null when the
     * order is not theirs): each instalment, and whether the order's access is paused.
     */
    async forLearner(companyId: string, customerId: string, orderId: string) {
      const [order] = await db
        .select()
        .from(orders)
        .where(
          and(eq(orders.companyId, companyId), eq(orders.id, orderId), eq(orders.customerId, customerId)),
        );
      if (!order) return null;
      const rows = await db
        .select()
        .from(orderInstalments)
        .where(eq(orderInstalments.orderId, order.id))
        .orderBy(orderInstalments.sequence);
      return {
        orderId: order.id,
        number: order.number,
        currency: order.currency,
        status: order.status,
        paused: order.paymentOverdueAt !== null,
        instalments: rows.map((row) => ({
          ...toInstalmentView(row),
          payable:
            row.lastFailedAt !== null &&
            (row.status === "scheduled" || row.status === "failed") &&
            order.status !== "cancel",
        })),
      };
    },

    /** Runs the sweep every minute on this instance (its work is claimed, so instances never overlap). */
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sweep().catch((error: unknown) => deps.log.error({ err: error }, "instalment sweep failed"));
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    },

    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },

    /**
     * The learner pays a failed instalment on the site. Demo: charged at once. Stripe: a PaymentIntent
     * for the browser to confirm; the webhook records it (handlePaymentEvent).
     */
    async payOnline(
      companyId: string,
      customerId: string,
      orderId: string,
      sequence: number,
      card: CardDetails | undefined,
    ): Promise<
      | { status: "succeeded" }
      | { status: "requires_action"; clientSecret: string; publishableKey: string | null }
    > {
      const { instalment, order } = await payable(companyId, customerId, orderId, sequence);
      const provider = await deps.cardProvider(companyId);
      let result: Awaited<ReturnType<PaymentProvider["charge"]>>;
      try {
        result = await provider.charge({
          companyId,
          orderId: order.id,
          orderNumber: order.number,
          amountCents: instalment.amountCents,
          currency: order.currency,
          customerEmail: order.customerEmail,
          card,
          instalmentId: instalment.id,
        });
      } catch (error) {
        if (error instanceof CardError) {
          throw error.code === "CARD_DETAILS_MISSING"
            ? badRequest(error.message)
            : businessRule(error.message, error.code);
        }
        throw error;
      }
      if (result.status === "failed") {
        await db.transaction((tx) =>
          recordPayment(tx, provider.name, instalment, order.currency, result.reference, "failed", {
            message: result.message,
          }),
        );
        throw new AppError(402, "CARD_DECLINED", result.message);
      }
      if (result.status === "requires_action") {
        return {
          status: "requires_action",
          clientSecret: result.clientSecret,
          publishableKey: provider.publishableKey,
        };
      }
      const outcome = await settle(companyId, instalment.id, result.reference, { automatic: false });
      if (outcome === "duplicate")
        throw conflict("This instalment has already been paid.", "INSTALMENT_PAID");
      return { status: "succeeded" };
    },

    /** A verified webhook about an instalment the learner paid on the site. */
    async handlePaymentEvent(event: PaymentEvent): Promise<void> {
      if (!event.instalmentId) return;
      if (event.type === "succeeded") {
        await settle(event.companyId, event.instalmentId, event.reference, { automatic: false });
        return;
      }
      const row = await load(event.companyId, event.instalmentId);
      if (!row) return;
      const { name } = await deps.cardProvider(event.companyId);
      await db.transaction((tx) =>
        recordPayment(tx, name, row.instalment, row.order.currency, event.reference, "failed", {
          message: event.message ?? "The payment failed.",
        }),
      );
    },
  };
}

export type InstalmentCollection = ReturnType<typeof createInstalmentCollection>;
