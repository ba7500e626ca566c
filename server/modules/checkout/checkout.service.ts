import { randomInt } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { retryOnConflict } from "../../db/retry-transaction";
import type { Background } from "../../lib/background";
import { batchedLookup } from "../../lib/batched-lookup";
import { AppError, badRequest, businessRule, conflict, notFound, unauthorized } from "../../lib/errors";
import type { SessionService, StartedSession } from "../auth/sessions.service";
import { courses } from "../catalog/catalog.tables";
import type { EmailTemplatesService } from "../content/email-templates.service";
import type { CurrencyService } from "../currency/currency.service";
import type { Conversion } from "../currency/exchange";
import type { MailAttachment, Mailer } from "../mail/mailer";
import { instalmentSchedule } from "../orders/instalments";
import { renderInvoicePdf } from "../orders/invoice-pdf";
import type { InvoiceService } from "../orders/invoices.service";
import { orderConfirmationMail } from "../orders/order-confirmation-mail";
import { loadOrderDetails, type OrderDetails, orderDetailsOf, toOrderView } from "../orders/order-details";
import { enrolments, orderInstalments, orderLines, orders } from "../orders/orders.tables";
import { type Discount, priceOrder } from "../orders/pricing";
import { CardError, type PaymentEvent, type PaymentProvider } from "../payments/provider";
import type { SettingsService } from "../settings/settings.service";
import type {
  OrderView,
  PaymentOutcome,
  Quote,
  QuoteLine,
  StoreCheckoutBody,
  StorePayBody,
  StoreQuoteBody,
} from "./checkout.schemas";
import { type AppliedCoupon, applicableCoupon } from "./coupons";
import { fulfilOrder, type PaymentRecord, recordFailedPayment, recordPendingPayment } from "./fulfilment";
import { type BuyingCustomer, customerById, findOrCreateGuestCustomer } from "./guest-customer";
import { createSeatGate, type SeatGate, soldOut } from "./seat-gate";
import { freeSeats, releaseSeats, reserveSeatsAndNumberOrder, type SeatCount } from "./seats";
import { runWorkflow, type WorkflowLog } from "./workflow";

/** A placed order: its seats as the database counted them, and its view (null: an earlier order). */
interface PlacedRows {
  orderId: string;
  seats: Map<string, SeatCount>;
  details: OrderDetails | null;
}

/** How long the seat gate trusts what it learned about a course's free seats without asking again. */
export const SEAT_HINT_MS = 2_000;

/** How long a pending order holds its seats. */
export const ORDER_HOLD_MS = 30 * 60 * 1000;
export const ALREADY_OWNED_MESSAGE = "You already own this course.";

/** Who is checking out, as the HTTP adapter or page action sees them. */
export interface Visitor {
  companyId: string;
  language: string;
  /** The currency the visitor asked for (ISO code, unchecked): an enabled one, else the shop currency. */
  currency?: string | undefined;
  /** The signed-in customer's id. */
  customerId: string | null;
  /** The customer or guest session of the request. */
  session: { id: string; realm: "customer" | "guest" | "staff"; subjectId: string | null } | null;
  client?: { ip?: string | undefined; userAgent?: string | undefined };
}

export interface PlacedOrder {
  order: OrderView;
  /** A guest session started for an anonymous visitor: the adapter sets its cookies. */
  guestSession: StartedSession | null;
}

export interface CheckoutDeps {
  settings: SettingsService;
  /** Prices are shown, ordered and charged in the visitor's chosen currency. */
  currencies: Pick<CurrencyService, "resolve">;
  sessions: SessionService;
  mailer: Mailer;
  /** Runs the confirmation mail (an invoice PDF to render) after the answer; without it, before. */
  background?: Pick<Background, "run">;
  invoices: InvoiceService;
  /** The school's saved mail wording; without it the built-in text is sent. */
  emailTemplates?: Pick<EmailTemplatesService, "resolve">;
  provider: PaymentProvider;
  log: WorkflowLog & { warn?(obj: object, msg: string): void };
  /**
   * Tells every instance that a company's seats may have come back (a cancelled hold), and when
   * another instance said so: the catalogue's invalidation, which also drops its seats-left counts.
   */
  seatsChanged?: {
    invalidate(companyId: string): void;
    onInvalidate(listener: (companyId: string | null) => void): void;
  };
  /** Admission per course in front of the seat claim (default: 10 at once, half the pool; hints kept 2 s). */
  seatGate?: SeatGate;
  /** Absolute address of this site for links in mail (PUBLIC_URL, else the local address). */
  publicUrl?: string | undefined;
  now?: () => Date;
}

interface CourseRow {
  id: string;
  slug: string;
  title: { en: string } & Partial<Record<string, string>>;
  image: string | null;
  priceCents: number;
  salePriceCents: number | null;
  totalSeats: number | null;
  seatsSold: number;
  instalmentCount: number | null;
}

interface Priced {
  lines: QuoteLine[];
  buyable: QuoteLine[];
  unavailable: string[];
  /** Each course's title in every language, as the order line keeps it. */
  titles: Map<string, CourseRow["title"]>;
  /** From the shop currency into the currency of the quote and the order. */
  conversion: Conversion;
  vatRateBp: number;
  coupon: AppliedCoupon | null;
  totals: ReturnType<typeof priceOrder>;
  planCount: number | null;
}

const unitPrice = (course: { priceCents: number; salePriceCents: number | null }) =>
  course.salePriceCents ?? course.priceCents;

/** The visitor's customer id: the signed-in customer, or the customer a guest session bought as. */
export function viewerCustomerId(visitor: Pick<Visitor, "customerId" | "session">): string | null {
  if (visitor.customerId) return visitor.customerId;
  if (visitor.session?.realm === "guest") return visitor.session.subjectId;
  return null;
}

/**
 * Cart quotes, checkout (a pending order holding its seats), payment and fulfilment. Prices are
 * always taken from the database; what a client says a course costs is never used.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const now = deps.now ?? (() => new Date());
  const { provider } = deps;
  const seatGate =
    deps.seatGate ??
    createSeatGate({
      maxConcurrent: 4,
      ttlMs: SEAT_HINT_MS,
      freeSeats: (companyId, courseId) =>
        freeSeats(db, companyId, courseId, now()).catch((error: unknown) => {
          deps.log.warn?.({ err: error, courseId }, "free seats not known: checkouts queue");
          throw error;
        }),
    });
  deps.seatsChanged?.onInvalidate((companyId) => seatGate.forget(companyId));
  /** After a commit that gave seats back: every instance forgets that those courses were full. */
  const seatsCameBack = (companyId: string) => {
    if (deps.seatsChanged) deps.seatsChanged.invalidate(companyId);
    else seatGate.forget(companyId);
  };

  async function publishedCourses(companyId: string, ids: string[]): Promise<CourseRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        image: courses.image,
        priceCents: courses.priceCents,
        salePriceCents: courses.salePriceCents,
        totalSeats: courses.totalSeats,
        seatsSold: courses.seatsSold,
        instalmentCount: courses.instalmentCount,
      })
      .from(courses)
      .where(and(eq(courses.companyId, companyId), eq(courses.published, true), inArray(courses.id, ids)));
  }

  async function ownedCourseIds(companyId: string, customerId: string | null, ids: string[]) {
    if (!customerId || ids.length === 0) return new Set<string>();
    const rows = await db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.companyId, companyId),
          eq(enrolments.customerId, customerId),
          inArray(enrolments.courseId, ids),
        ),
      );
    return new Set(rows.map((row) => row.courseId));
  }

  /** Lines, totals and coupon for the courses a customer can buy now; owned and sold-out ones are flagged. */
  async function price(
    visitor: Pick<Visitor, "companyId" | "language" | "currency">,
    customerId: string | null,
    body: StoreQuoteBody,
  ): Promise<Priced> {
    const { companyId, language } = visitor;
    const [rows, owned, conversion, tax] = await Promise.all([
      publishedCourses(companyId, body.courseIds),
      ownedCourseIds(companyId, customerId, body.courseIds),
      deps.currencies.resolve(companyId, visitor.currency),
      deps.settings.tax(companyId),
    ]);
    const convert = conversion.fromBase;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lines: QuoteLine[] = [];
    const unavailable: string[] = [];
    for (const id of body.courseIds) {
      const course = byId.get(id);
      if (!course) {
        unavailable.push(id);
        continue;
      }
      lines.push({
        courseId: course.id,
        slug: course.slug,
        title: translate(course.title, language),
        image: course.image,
        // Each price is converted, then rounded to the currency's minor unit; totals add those up.
        priceCents: convert(course.priceCents),
        salePriceCents: course.salePriceCents === null ? null : convert(course.salePriceCents),
        unitPriceCents: convert(unitPrice(course)),
        instalmentCount: course.instalmentCount,
        owned: owned.has(course.id),
        soldOut: course.totalSeats !== null && course.seatsSold >= course.totalSeats,
      });
    }
    const buyable = lines.filter((line) => !line.owned && !line.soldOut);
    const priced = buyable.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: 1 }));
    const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents, 0);
    const coupon = body.couponCode
      ? await applicableCoupon(db, {
          companyId,
          code: body.couponCode,
          subtotalCents,
          currency: conversion.currency,
          convert,
          language: "en",
          now: now(),
        })
      : null;
    const totals = priceOrder(priced, tax.vatRateBp, coupon?.discount);
    const counts = buyable.map((line) => line.instalmentCount ?? 1);
    const planCount = buyable.length > 0 && counts.every((count) => count >= 2) ? Math.min(...counts) : null;
    return {
      lines,
      buyable,
      unavailable,
      titles: new Map(rows.map((row) => [row.id, row.title])),
      conversion,
      vatRateBp: tax.vatRateBp,
      coupon,
      totals,
      planCount,
    };
  }

  function toQuote(priced: Priced): Quote {
    const { totals, coupon, planCount } = priced;
    const schedule = planCount ? instalmentSchedule(totals.totalCents, planCount, now()) : null;
    return {
      lines: priced.lines,
      unavailable: priced.unavailable,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      vatCents: totals.vatCents,
      vatRateBp: totals.vatRateBp,
      totalCents: totals.totalCents,
      currency: priced.conversion.currency,
      coupon: coupon ? { code: coupon.code, ...discountSummary(coupon.discount) } : null,
      paymentPlan:
        planCount && schedule
          ? {
              instalments: planCount,
              firstCents: schedule[0]?.amountCents ?? 0,
              laterCents: schedule[1]?.amountCents ?? 0,
            }
          : null,
    };
  }

  /** Cancels a company's pending orders whose hold has ended and gives their seats back. */
  async function releaseExpired(companyId: string, customerId?: string): Promise<number> {
    const conditions = [
      eq(orders.companyId, companyId),
      eq(orders.status, "pending"),
      lt(orders.expiresAt, now()),
    ];
    if (customerId) conditions.push(eq(orders.customerId, customerId));
    const expired = and(...conditions);
    // Mostly there is none: one read instead of a transaction.
    const [any] = await db.select({ id: orders.id }).from(orders).where(expired).limit(1);
    if (!any) return 0;
    return cancelOrders(companyId, expired);
  }

  /**
   * Cancels the matching pending orders in a transaction of their own (run again if PostgreSQL
   * breaks a deadlock with it) and tells every instance their seats came back.
   */
  async function cancelOrders(companyId: string, where: ReturnType<typeof and>): Promise<number> {
    const cancelled = await retryOnConflict(() =>
      db.transaction((tx) => cancelOrdersIn(tx, companyId, where)),
    );
    if (cancelled > 0) seatsCameBack(companyId);
    return cancelled;
  }

  /** Cancels the matching pending orders (status re-checked per row, so a seat is freed once). */
  async function cancelOrdersIn(tx: Queryable, companyId: string, where: ReturnType<typeof and>) {
    const cancelled = await tx
      .update(orders)
      .set({ status: "cancel", expiresAt: null })
      .where(and(where, eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (cancelled.length === 0) return 0;
    const ids = cancelled.map((order) => order.id);
    const lines = await tx
      .select({ courseId: orderLines.courseId })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids));
    await releaseSeats(
      tx,
      companyId,
      lines.map((line) => line.courseId).filter((id): id is string => id !== null),
    );
    await tx
      .update(orderInstalments)
      .set({ status: "cancelled" })
      .where(and(inArray(orderInstalments.orderId, ids), eq(orderInstalments.status, "scheduled")));
    return cancelled.length;
  }

  /** The order an Idempotency-Key placed, if any; keys asked for at the same moment share one query. */
  const orderByIdempotencyKey = batchedLookup(async (companyId, keys) => {
    const rows = await db
      .select({ id: orders.id, customerId: orders.customerId, key: orders.idempotencyKey })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.idempotencyKey, keys)));
    return new Map(rows.map(({ key, ...order }) => [key as string, order]));
  });
  const findByIdempotencyKey = async (companyId: string, key: string) =>
    (await orderByIdempotencyKey(companyId, key)) ?? null;

  async function orderFor(
    visitor: Pick<Visitor, "companyId" | "customerId" | "session">,
    orderId: string,
    language: string,
  ) {
    const owner = viewerCustomerId(visitor);
    const order = owner ? await loadOrderDetails(db, visitor.companyId, orderId, language) : null;
    if (!order || order.customerId !== owner) throw notFound("This order does not exist.", "ORDER_NOT_FOUND");
    return order;
  }

  async function resolveBuyer(visitor: Visitor, guest: StoreCheckoutBody["guest"]): Promise<BuyingCustomer> {
    if (visitor.customerId) {
      const customer = await customerById(db, visitor.companyId, visitor.customerId);
      if (customer) return customer;
    }
    if (guest) return findOrCreateGuestCustomer(db, visitor.companyId, guest);
    const guestCustomerId = viewerCustomerId(visitor);
    if (guestCustomerId) {
      const customer = await customerById(db, visitor.companyId, guestCustomerId);
      if (customer) return customer;
    }
    throw unauthorized("Sign in, or continue as a guest with your name and email, to check out.");
  }

  /** The invoice PDF, in the order's language, attached to the confirmation mail. */
  async function invoiceAttachments(
    companyId: string,
    orderId: string,
    language: string,
  ): Promise<MailAttachment[]> {
    const invoice = await deps.invoices.getForOrder(companyId, orderId);
    if (!invoice) return [];
    const content = await renderInvoicePdf(invoice, language);
    return [{ filename: `invoice-${invoice.number}.pdf`, content, contentType: "application/pdf" }];
  }

  /** The confirmation mail, in the background when there is one: the buyer need not wait for it. */
  async function confirm(companyId: string, orderId: string) {
    if (deps.background)
      deps.background.run("order confirmation mail", () => sendConfirmation(companyId, orderId));
    else await sendConfirmation(companyId, orderId);
  }

  async function sendConfirmation(companyId: string, orderId: string) {
    try {
      const [store, details] = await Promise.all([
        deps.settings.storeInfo(companyId),
        loadOrderDetails(db, companyId, orderId, "en"),
      ]);
      if (!details) return;
      const order =
        details.language === "en"
          ? details
          : await loadOrderDetails(db, companyId, orderId, details.language);
      if (!order) return;
      const [attachments, template] = await Promise.all([
        invoiceAttachments(companyId, orderId, order.language),
        deps.emailTemplates?.resolve(companyId, "order-confirmation", order.language) ?? null,
      ]);
      const base = (deps.publicUrl ?? "").replace(/\/+$/, "");
      await deps.mailer.send(
        orderConfirmationMail({
          order: toOrderView(order),
          store,
          coursesUrl: `${base}/user-courses`,
          attachments,
          template,
        }),
      );
    } catch (error) {
      // The order is paid and stored; a mail problem must not turn that into an error for the buyer.
      deps.log.error({ err: error, orderId }, "order confirmation mail was not sent");
    }
  }

  return {
    releaseExpired: (companyId: string) => releaseExpired(companyId),

    async quote(visitor: Visitor, body: StoreQuoteBody): Promise<Quote> {
      return toQuote(await price(visitor, viewerCustomerId(visitor), body));
    },

    /**
     * Places a pending order for the buyer. Workflow: resolve the buyer (find-or-create a guest
     * customer), then in one transaction the order, its lines, its instalment schedule and a seat
     * of every course, then the guest session. The same Idempotency-Key returns the same order.
     */
    async placeOrder(
      visitor: Visitor,
      body: StoreCheckoutBody,
      idempotencyKey?: string,
    ): Promise<PlacedOrder> {
      const context: {
        buyer?: BuyingCustomer;
        /** The order placed earlier with this Idempotency-Key. */
        earlier?: { id: string; customerId: string | null } | null;
        orderId?: string;
        /** The placed order as written (null when an earlier one is returned). */
        details?: OrderDetails | null;
        replayed: boolean;
        guestSession: StartedSession | null;
      } = { replayed: false, guestSession: null };

      const lookUpKey = () =>
        idempotencyKey ? findByIdempotencyKey(visitor.companyId, idempotencyKey) : Promise.resolve(null);
      let keyLookup: ReturnType<typeof lookUpKey> | undefined;
      let leaveGate: Awaited<ReturnType<SeatGate["enter"]>> | undefined;
      try {
        leaveGate = await seatGate.enter(visitor.companyId, body.courseIds);
      } catch (error) {
        // Known to be full: answered without a transaction, unless this key placed an order before.
        keyLookup = lookUpKey();
        if (!(await keyLookup)) throw error;
      }

      try {
        await runWorkflow(
          "checkout",
          [
            {
              name: "resolve buyer",
              run: async (ctx) => {
                [ctx.buyer, ctx.earlier] = await Promise.all([
                  resolveBuyer(visitor, body.guest),
                  keyLookup ?? lookUpKey(),
                ]);
              },
            },
            {
              name: "place order",
              run: async (ctx) => {
                const buyer = ctx.buyer!;
                const earlier = ctx.earlier;
                if (earlier) {
                  if (earlier.customerId !== buyer.id) {
                    throw conflict(
                      "This Idempotency-Key belongs to another order.",
                      "IDEMPOTENCY_KEY_REUSED",
                    );
                  }
                  ctx.orderId = earlier.id;
                  ctx.replayed = true;
                  return;
                }
                try {
                  const placed = await insertOrder(visitor, buyer, body, idempotencyKey);
                  ctx.orderId = placed.orderId;
                  ctx.details = placed.details;
                  leaveGate?.(placed.seats);
                } catch (error) {
                  leaveGate?.(isSoldOut(error) ? "sold-out" : "failed");
                  throw error;
                }
              },
              compensate: async (ctx) => {
                if (!ctx.orderId || ctx.replayed) return;
                await cancelOrders(
                  visitor.companyId,
                  and(eq(orders.id, ctx.orderId!), eq(orders.companyId, visitor.companyId)),
                );
              },
            },
            {
              name: "open guest session",
              run: async (ctx) => {
                if (visitor.customerId) return;
                const buyer = ctx.buyer!;
                if (visitor.session?.realm === "guest") {
                  if (visitor.session.subjectId !== buyer.id) {
                    await deps.sessions.attachGuestCustomer(visitor.session.id, buyer.id);
                  }
                  return;
                }
                if (!visitor.session) {
                  ctx.guestSession = await deps.sessions.start({
                    companyId: visitor.companyId,
                    realm: "guest",
                    subjectId: buyer.id,
                    userAgent: visitor.client?.userAgent,
                    ip: visitor.client?.ip,
                  });
                }
              },
            },
          ],
          context,
          deps.log,
        );
      } finally {
        leaveGate?.("failed");
      }

      const order =
        context.details ??
        (await loadOrderDetails(db, visitor.companyId, context.orderId!, visitor.language));
      if (!order) throw new Error("placed order was not found");
      return { order: toOrderView(order), guestSession: context.guestSession };
    },

    async getOrder(visitor: Visitor, orderId: string): Promise<OrderView> {
      return toOrderView(await orderFor(visitor, orderId, visitor.language));
    },

    /**
     * Pays the amount due now. Demo: charged at once, then fulfilled (a refund undoes the charge
     * if fulfilment fails). Stripe: a PaymentIntent for the browser to confirm; the webhook fulfils.
     */
    async pay(visitor: Visitor, orderId: string, body: StorePayBody): Promise<PaymentOutcome> {
      let order = await orderFor(visitor, orderId, visitor.language);
      if (order.status === "pending" && order.expiresAt && new Date(order.expiresAt) <= now()) {
        await releaseExpired(visitor.companyId);
        order = await orderFor(visitor, orderId, visitor.language);
      }
      assertPayable(order);
      const payment: PaymentRecord = {
        companyId: visitor.companyId,
        orderId: order.id,
        provider: provider.name,
        reference: "",
        amountCents: order.amountDueNowCents,
        currency: order.currency,
      };

      const context: { result?: Awaited<ReturnType<PaymentProvider["charge"]>> } = {};
      await runWorkflow(
        "payment",
        [
          {
            name: "charge",
            run: async (ctx) => {
              try {
                ctx.result = await provider.charge({
                  companyId: visitor.companyId,
                  orderId: order.id,
                  orderNumber: order.number,
                  amountCents: order.amountDueNowCents,
                  currency: order.currency,
                  customerEmail: order.customer.email,
                  card: body.card,
                });
              } catch (error) {
                if (error instanceof CardError) {
                  throw error.code === "CARD_DETAILS_MISSING"
                    ? badRequest(error.message)
                    : businessRule(error.message, error.code);
                }
                throw error;
              }
              payment.reference = ctx.result.reference;
            },
            compensate: async (ctx) => {
              if (ctx.result?.status === "succeeded") await provider.refund(ctx.result.reference);
            },
          },
          {
            name: "record and fulfil",
            run: async (ctx) => {
              const result = ctx.result!;
              if (result.status === "failed") {
                await recordFailedPayment(db, payment, result.message);
              } else if (result.status === "requires_action") {
                await recordPendingPayment(db, payment);
              } else {
                const fulfilled = await fulfilOrder(db, payment, now());
                if (fulfilled.outcome === "needs-refund") throw conflict(fulfilled.reason, "SOLD_OUT");
              }
            },
          },
        ],
        context,
        deps.log,
      );

      const result = context.result!;
      if (result.status === "failed") throw new AppError(402, "CARD_DECLINED", result.message);
      if (result.status === "requires_action") {
        return {
          status: "requires_action",
          provider: "stripe",
          clientSecret: result.clientSecret,
          publishableKey: provider.publishableKey,
        };
      }
      // After commit: the confirmation mail. Attach the invoice PDF here once it is rendered.
      await confirm(visitor.companyId, order.id);
      return { status: "succeeded", order: toOrderView(await orderFor(visitor, order.id, visitor.language)) };
    },

    /** A verified report from the payment provider (webhook). Safe to receive more than once. */
    async handlePaymentEvent(event: PaymentEvent): Promise<void> {
      const payment: PaymentRecord = {
        companyId: event.companyId,
        orderId: event.orderId,
        provider: provider.name,
        reference: event.reference,
        amountCents: event.amountCents,
        currency: event.currency,
      };
      const order = await loadOrderDetails(db, event.companyId, event.orderId, "en");
      if (!order) {
        deps.log.error({ event }, "payment event for an unknown order");
        return;
      }
      if (event.type === "failed") {
        await recordFailedPayment(db, payment, event.message ?? "The payment failed.");
        return;
      }
      if (event.amountCents < order.amountDueNowCents || event.currency !== order.currency) {
        deps.log.error({ event, due: order.amountDueNowCents }, "payment does not cover the amount due");
        await recordFailedPayment(db, payment, "The amount paid does not match the order.");
        return;
      }
      const result = await fulfilOrder(db, payment, now());
      if (result.outcome === "needs-refund") {
        await provider.refund(event.reference);
        deps.log.error({ event }, "paid after the order expired and its seats were sold: refunded");
        return;
      }
      // Attach the invoice PDF here once it is rendered.
      if (result.outcome === "fulfilled") await confirm(event.companyId, event.orderId);
    },
  };

  /**
   * Places the order; when a course is full, holds that have ended give their seats back and it
   * is tried once more (so expired holds are released only when someone needs their seats).
   */
  async function insertOrder(
    visitor: Visitor,
    buyer: BuyingCustomer,
    body: StoreCheckoutBody,
    idempotencyKey: string | undefined,
  ): Promise<PlacedRows> {
    try {
      return await insertOrderOnce(visitor, buyer, body, idempotencyKey);
    } catch (error) {
      if (!isSoldOut(error) || (await releaseExpired(visitor.companyId)) === 0) throw error;
      return insertOrderOnce(visitor, buyer, body, idempotencyKey);
    }
  }

  /**
   * The transaction of a checkout: order, lines, schedule and seats, or nothing at all. The rows
   * other checkouts wait for (each course's seat counter, then the company's order counter) are
   * taken last, right before commit, so buyers of one course queue behind short transactions.
   */
  async function insertOrderOnce(
    visitor: Visitor,
    buyer: BuyingCustomer,
    body: StoreCheckoutBody,
    idempotencyKey: string | undefined,
  ): Promise<PlacedRows> {
    // A customer this checkout created owns nothing yet.
    const priced = await price(visitor, buyer.isNew ? null : buyer.id, body);
    const { conversion } = priced;
    if (priced.unavailable.length > 0) {
      throw notFound("This course is no longer available.", "COURSE_NOT_FOUND");
    }
    if (priced.lines.some((line) => line.owned)) throw conflict(ALREADY_OWNED_MESSAGE, "ALREADY_OWNED");
    // Sold out already: answer before opening a transaction that would queue for the course's row.
    if (priced.lines.some((line) => line.soldOut)) throw soldOut();
    const instalments = body.instalments;
    if (instalments > 1) {
      if (!priced.planCount) {
        throw businessRule("These courses cannot be paid in instalments.", "PAYMENT_PLAN_UNAVAILABLE");
      }
      if (instalments !== priced.planCount) {
        throw businessRule(
          `These courses can be paid in ${priced.planCount} instalments.`,
          "PAYMENT_PLAN_UNAVAILABLE",
        );
      }
      if (body.acceptPaymentPlan !== true) {
        throw businessRule(
          "Please accept the payment plan agreement to pay in instalments.",
          "PAYMENT_PLAN_NOT_ACCEPTED",
        );
      }
    }
    const placedAt = now();
    const byId = new Map(priced.lines.map((line) => [line.courseId, line]));
    const courseIds = body.courseIds;

    // Any order this buyer left open gives its seats back first, in a transaction of its own.
    // Inside the checkout's, it would lock that order's dashboard rows and course before the new
    // order's, and two returning buyers could deadlock (PostgreSQL waits a second to break one).
    if (!buyer.isNew) {
      await cancelOrders(
        visitor.companyId,
        and(eq(orders.companyId, visitor.companyId), eq(orders.customerId, buyer.id)),
      );
    }

    try {
      return await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const [order] = await tx
            .insert(orders)
            .values({
              companyId: visitor.companyId,
              number: provisionalOrderNumber(),
              customerId: buyer.id,
              customerName: buyer.name,
              customerEmail: buyer.email,
              status: "pending",
              paymentMethod: provider.name === "stripe" ? "stripe" : "card",
              channel: "online",
              // The currency and rate of this order stay as they were: later rate changes never touch it.
              currency: conversion.currency,
              exchangeRate: conversion.rate,
              ...priced.totals,
              baseTotalCents: conversion.toBase(priced.totals.totalCents),
              couponId: priced.coupon?.id ?? null,
              couponCode: priced.coupon?.code ?? null,
              language: visitor.language,
              instalmentCount: instalments,
              idempotencyKey: idempotencyKey ?? null,
              expiresAt: new Date(placedAt.getTime() + ORDER_HOLD_MS),
            })
            .returning();
          const orderId = order!.id;
          await tx.insert(orderLines).values(
            courseIds.map((courseId) => {
              const line = byId.get(courseId)!;
              return {
                companyId: visitor.companyId,
                orderId,
                courseId,
                title: priced.titles.get(courseId) ?? { en: line.title },
                unitPriceCents: line.unitPriceCents,
                quantity: 1,
                totalCents: line.unitPriceCents,
              };
            }),
          );
          const schedule = await tx
            .insert(orderInstalments)
            .values(
              instalmentSchedule(priced.totals.totalCents, instalments, placedAt).map((instalment) => ({
                companyId: visitor.companyId,
                orderId,
                ...instalment,
              })),
            )
            .returning();
          const { seats, number } = await reserveSeatsAndNumberOrder(
            tx,
            visitor.companyId,
            orderId,
            courseIds,
          );
          // The buyer's answer, from what was just written (no need to read it back).
          const details = orderDetailsOf(
            { ...order!, number },
            {
              hasAccount: buyer.hasAccount,
              lines: courseIds.map((courseId) => {
                const { slug, title, image, unitPriceCents } = byId.get(courseId)!;
                return { courseId, slug, title, image, unitPriceCents };
              }),
              instalments: schedule.sort((a, b) => a.sequence - b.sequence),
              invoice: null,
            },
          );
          return { orderId, seats, details };
        }),
      );
    } catch (error) {
      // Two requests with one Idempotency-Key at the same moment: the second gets the first's order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await findByIdempotencyKey(visitor.companyId, idempotencyKey);
        if (earlier && earlier.customerId === buyer.id)
          return { orderId: earlier.id, seats: new Map(), details: null };
      }
      throw error;
    }
  }
}

/**
 * A placeholder order number while the checkout's transaction runs (the real one is assigned
 * just before commit, so no one ever sees it). Negative, so it never meets a real number; random,
 * so concurrent checkouts rarely share one (when they do, the second briefly waits for the first).
 */
function provisionalOrderNumber(): number {
  return -randomInt(1, 2 ** 31 - 1);
}

function isSoldOut(error: unknown): boolean {
  return error instanceof AppError && error.code === "SOLD_OUT";
}

function discountSummary(discount: Discount): { discountType: "percentage" | "fixed"; value: number } {
  return discount.type === "percentage"
    ? { discountType: "percentage", value: discount.value }
    : { discountType: "fixed", value: discount.valueCents };
}

function assertPayable(order: OrderDetails) {
  if (order.status === "delivered" || order.status === "processing") {
    throw conflict("This order has already been paid.", "ORDER_PAID");
  }
  if (order.status === "cancel") {
    throw conflict("This order has expired. Please check out again.", "ORDER_EXPIRED");
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
