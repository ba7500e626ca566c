import type { Db, Queryable } from "../../db/client";
import type { SessionService } from "../auth/sessions.service";
import type { CurrencyService } from "../currency/currency.service";
import type { MailJobs } from "../mail/mail-jobs";
import { toOrderView } from "../orders/order-details";
import type { PaymentMethods } from "../payments/payment-methods";
import type { PaymentEvent } from "../payments/provider";
import type { SchoolPaymentsResolver } from "../payments/school-payments";
import type { SettingsService } from "../settings/settings.service";
import type { ShippingService } from "../shipping/shipping.service";
import type { TaxService } from "../taxes/taxes.service";
import { releaseExpired } from "./cancel";
import type {
  CompletedPayment,
  OrderView,
  PaymentOutcome,
  Quote,
  StoreCheckoutBody,
  StorePayBody,
  StoreQuoteBody,
} from "./checkout.schemas";
import { orderConfirmationJob } from "./confirmation-mail";
import { handlePaymentEvent, type PayDeps, payOrder } from "./pay";
import { creditChoice } from "./pay-credit";
import { completeRedirectPayment, startRedirectPayment } from "./pay-redirect";
import {
  idempotencyLookup,
  type PlacedOrder,
  type PlaceOrderDeps,
  type PlaceOrderOptions,
  placeOrder,
} from "./place-order";
import { type CounterPricing, priceCart, toQuote } from "./quote";
import { createSeatGate, type SeatGate } from "./seat-gate";
import { freeSeats } from "./seats";
import { type Visitor, viewerScope, visitorOrder } from "./visitor";
import type { WorkflowLog } from "./workflow";

/** How long the seat gate trusts what it learned about a course's free seats without asking again. */
export const SEAT_HINT_MS = 2_000;

export interface CheckoutDeps {
  settings: SettingsService;
  /** The tax of each line by the buyer's country and the line's class. */
  taxes: Pick<TaxService, "checkoutTax">;
  /** The carriers that serve a shipping address, and whether cash on delivery is offered. */
  shipping: Pick<ShippingService, "offers" | "readSettings">;
  /** Prices are shown, ordered and charged in the visitor's chosen currency. */
  currencies: Pick<CurrencyService, "resolve">;
  sessions: SessionService;
  /** The order confirmation is a durable mail job, enqueued in the fulfilment's transaction. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake">;
  /** Each school's payment providers: its own Stripe keys, or the environment's, or demo. */
  payments: Pick<SchoolPaymentsResolver, "forCompany">;
  /** PayPal and iDEAL: which the school offers, and their providers. */
  paymentMethods?: PaymentMethods;
  /** The school's public address (PayPal and the bank send the buyer back there). */
  originOf?: (companyId: string) => Promise<string>;
  /** Webhook reports about a learner paying one instalment go to the instalment collection. */
  instalmentPayments?: { handlePaymentEvent(event: PaymentEvent): Promise<void> };
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
  now?: () => Date;
}

/**
 * Cart quotes, checkout (a pending order holding its seats), payment and fulfilment. Prices are
 * always taken from the database; what a client says a course costs is never used. Each step is a
 * function of its own (quote, place-order, pay, fulfil, confirm, cancel); this wires them together.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const now = deps.now ?? (() => new Date());
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

  const cardProvider = async (companyId: string) => (await deps.payments.forCompany(companyId)).card;
  const steps: PlaceOrderDeps & Pick<PayDeps, "cardProvider"> = {
    db,
    now,
    currencies: deps.currencies,
    taxes: deps.taxes,
    shipping: deps.shipping,
    sessions: deps.sessions,
    cardProvider,
    cardProviderName: async (companyId) => (await cardProvider(companyId)).name,
    ...(deps.paymentMethods ? { paymentMethods: deps.paymentMethods } : {}),
    log: deps.log,
    seatGate,
    findByIdempotencyKey: idempotencyLookup(db),
    lowStockNotice: (tx, job) => deps.mailJobs.enqueue(tx, job),
    seatsCameBack(companyId) {
      if (deps.seatsChanged) deps.seatsChanged.invalidate(companyId);
      else seatGate.forget(companyId);
    },
  };
  // The provider the payment is recorded under gives money back (a duplicate payment): the school's.
  const onPaymentEvent = async (event: PaymentEvent, providerName?: string) => {
    const school = await deps.payments.forCompany(event.companyId);
    const source = providerName
      ? (school.refunding.find((p) => p.name === providerName) ?? school.card)
      : school.card;
    return handlePaymentEvent(paySteps, event, source);
  };
  const redirectSteps = deps.paymentMethods
    ? {
        db,
        now,
        paymentMethods: deps.paymentMethods,
        originOf: deps.originOf ?? (async () => ""),
        handlePaymentEvent: onPaymentEvent,
      }
    : null;
  const paySteps = {
    ...steps,
    ...(redirectSteps
      ? {
          startRedirect: (visitor: Visitor, orderId: string, method: "paypal" | "ideal") =>
            startRedirectPayment(redirectSteps, visitor, orderId, method),
        }
      : {}),
    // In the fulfilment's transaction: the confirmation mail (with the invoice PDF) becomes a job.
    enqueueConfirmation: (companyId: string) => (tx: Queryable, orderId: string) =>
      deps.mailJobs.enqueue(tx, orderConfirmationJob(companyId, orderId)),
    wakeMail: () => deps.mailJobs.wake(),
    instalmentPayments: deps.instalmentPayments,
  };

  return {
    releaseExpired: (companyId: string) => releaseExpired(steps, companyId),

    async quote(visitor: Visitor, body: StoreQuoteBody): Promise<Quote> {
      const priced = await priceCart(steps, visitor, viewerScope(visitor), body);
      const methods = deps.paymentMethods
        ? await deps.paymentMethods.offered(visitor.companyId, priced.conversion.currency)
        : (["card"] as const);
      const credit = await creditChoice(db, visitor, priced.conversion.currency, priced.totals.totalCents);
      return {
        ...toQuote(priced, now(), [
          ...methods,
          ...(credit.unavailableReason === null ? ["credit" as const] : []),
        ]),
        credit,
      };
    },

    /** What a sale at the counter costs with the cashier's discounts (nothing shipped, no coupon). */
    async counterQuote(visitor: Visitor, body: StoreQuoteBody, counter: CounterPricing): Promise<Quote> {
      const priced = await priceCart(steps, visitor, null, body, counter);
      return toQuote(priced, now(), ["card"]);
    },

    placeOrder(
      visitor: Visitor,
      body: StoreCheckoutBody,
      idempotencyKey?: string,
      options?: PlaceOrderOptions,
    ): Promise<PlacedOrder> {
      return placeOrder(steps, visitor, body, idempotencyKey, options);
    },

    async getOrder(visitor: Visitor, orderId: string): Promise<OrderView> {
      return toOrderView(await visitorOrder(db, visitor, orderId, visitor.language));
    },

    pay(visitor: Visitor, orderId: string, body: StorePayBody): Promise<PaymentOutcome> {
      return payOrder(paySteps, visitor, orderId, body);
    },

    /** A verified webhook report about a payment recorded under `providerName` (default: the card's). */
    handlePaymentEvent(event: PaymentEvent, providerName?: string): Promise<void> {
      return onPaymentEvent(event, providerName);
    },

    /** The buyer came back from PayPal or the bank (or cancelled there): finish, and say how it stands. */
    async completePayment(
      visitor: Visitor,
      orderId: string,
      options: { cancelled?: boolean } = {},
    ): Promise<CompletedPayment> {
      const status = redirectSteps
        ? await completeRedirectPayment(redirectSteps, visitor, orderId, options)
        : "pending";
      return { status, order: toOrderView(await visitorOrder(db, visitor, orderId, visitor.language)) };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
