import { isRedirectMethod, type RedirectPaymentMethod } from "~shared/order-enums";
import type { Db, Queryable } from "../../db/client";
import { AppError, badRequest, businessRule, conflict } from "../../lib/errors";
import { loadOrderDetails, type OrderDetails, toOrderView } from "../orders/order-details";
import { CardError, type PaymentEvent, type PaymentProvider, type Refunding } from "../payments/provider";
import type { LowStockNotice } from "../products/low-stock";
import { type CancelDeps, releaseExpired } from "./cancel";
import type { PaymentOutcome, StorePayBody } from "./checkout.schemas";
import { fulfilOrder, type PaymentRecord, recordFailedPayment, recordPendingPayment } from "./fulfil";
import { payByCredit } from "./pay-credit";
import { type Visitor, visitorOrder } from "./visitor";
import { runWorkflow, type WorkflowLog } from "./workflow";

/** What paying needs: the payment provider, and the confirmation to send once an order is fulfilled. */
export interface PayDeps extends CancelDeps {
  db: Db;
  /** The school's card provider (its Stripe keys or the environment's, else demo). */
  cardProvider(companyId: string): Promise<PaymentProvider>;
  log: WorkflowLog;
  /** In the fulfilment's transaction: enqueues the order's confirmation mail (a durable job). */
  enqueueConfirmation(companyId: string): (tx: Queryable, orderId: string) => Promise<unknown>;
  /** After the commit: this instance's mail worker takes the enqueued mail now. */
  wakeMail(): void;
  /** In the fulfilment's transaction: the low-stock mail, when an expired order takes its stock again. */
  lowStockNotice?: LowStockNotice;
  /** Webhook reports about a learner paying one instalment go to the instalment collection. */
  instalmentPayments?: { handlePaymentEvent(event: PaymentEvent): Promise<void> } | undefined;
  /** An order to pay by PayPal or iDEAL: the provider's payment, and where to send the buyer. */
  startRedirect?(visitor: Visitor, orderId: string, method: RedirectPaymentMethod): Promise<PaymentOutcome>;
}

/**
 * Pays the amount due now. Demo: charged at once, then fulfilled (a refund undoes the charge
 * if fulfilment fails). Stripe: a PaymentIntent for the browser to confirm; the webhook fulfils.
 */
export async function payOrder(
  deps: PayDeps,
  visitor: Visitor,
  orderId: string,
  body: StorePayBody,
): Promise<PaymentOutcome> {
  const { db } = deps;
  const provider = await deps.cardProvider(visitor.companyId);
  let order = await visitorOrder(db, visitor, orderId, visitor.language);
  if (order.status === "pending" && order.expiresAt && new Date(order.expiresAt) <= deps.now()) {
    await releaseExpired(deps, visitor.companyId);
    order = await visitorOrder(db, visitor, orderId, visitor.language);
  }
  assertPayable(order);
  if (order.paymentMethod === "credit") return payByCredit(deps, visitor, order);
  if (isRedirectMethod(order.paymentMethod) && deps.startRedirect) {
    return deps.startRedirect(visitor, order.id, order.paymentMethod);
  }
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
              saveForLater: order.instalmentCount > 1,
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
          if (ctx.result.status === "succeeded") payment.savedPaymentMethod = ctx.result.savedPaymentMethod;
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
            const fulfilled = await fulfilOrder(db, payment, deps.now(), {
              fulfilled: deps.enqueueConfirmation(visitor.companyId),
              ...(deps.lowStockNotice ? { lowStock: deps.lowStockNotice } : {}),
            });
            if (fulfilled.outcome === "needs-refund") throw conflict(fulfilled.reason, "SOLD_OUT");
            // Paid at the same moment by another request: this charge is refunded (compensation).
            if (fulfilled.outcome === "duplicate") {
              throw conflict("This order has already been paid.", "ORDER_PAID");
            }
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
  // The confirmation mail was enqueued with the fulfilment: this instance's worker takes it now.
  deps.wakeMail();
  return {
    status: "succeeded",
    order: toOrderView(await visitorOrder(db, visitor, order.id, visitor.language)),
  };
}

/**
 * A verified report from a payment provider (webhook, or the buyer coming back from PayPal or the
 * bank), about a payment recorded under `source` (default: the card provider). Safe to receive
 * more than once, and twice at the same moment: the order is paid once.
 */
export async function handlePaymentEvent(
  deps: Pick<
    PayDeps,
    | "db"
    | "cardProvider"
    | "log"
    | "now"
    | "enqueueConfirmation"
    | "wakeMail"
    | "instalmentPayments"
    | "lowStockNotice"
  >,
  event: PaymentEvent,
  given?: Refunding,
): Promise<void> {
  const { db } = deps;
  const source = given ?? (await deps.cardProvider(event.companyId));
  // A learner paying an instalment of a payment plan on the site: the collection records it.
  if (event.instalmentId && deps.instalmentPayments) {
    await deps.instalmentPayments.handlePaymentEvent(event);
    return;
  }
  const payment: PaymentRecord = {
    companyId: event.companyId,
    orderId: event.orderId,
    provider: source.name,
    reference: event.reference,
    amountCents: event.amountCents,
    currency: event.currency,
    savedPaymentMethod: event.savedPaymentMethod,
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
  const result = await fulfilOrder(db, payment, deps.now(), {
    fulfilled: deps.enqueueConfirmation(event.companyId),
    ...(deps.lowStockNotice ? { lowStock: deps.lowStockNotice } : {}),
  });
  if (result.outcome === "needs-refund") {
    await source.refund(event.reference);
    deps.log.error({ event }, "paid after the order expired and its seats were sold: refunded");
    return;
  }
  if (result.outcome === "duplicate") {
    await source.refund(event.reference);
    deps.log.error({ event }, "a second payment of an order already paid: refunded");
    return;
  }
  if (result.outcome === "fulfilled") deps.wakeMail();
}

/** Only an open order can be paid: a paid one says so, a cancelled one asks to check out again. */
export function assertPayable(order: Pick<OrderDetails, "status"> & { paymentMethod?: string }): void {
  if (order.status === "delivered" || order.status === "processing") {
    throw conflict("This order has already been paid.", "ORDER_PAID");
  }
  if (order.status === "cancel") {
    throw conflict("This order has expired. Please check out again.", "ORDER_EXPIRED");
  }
  if (order.paymentMethod === "cod") {
    throw businessRule(
      "This order is paid in cash on delivery: there is nothing to pay now.",
      "CASH_ON_DELIVERY",
    );
  }
}
