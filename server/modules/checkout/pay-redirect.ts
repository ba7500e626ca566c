import { and, desc, eq } from "drizzle-orm";
import { isRedirectMethod, type RedirectPaymentMethod } from "~shared/order-enums";
import { payments } from "../orders/orders.tables";
import type { PaymentMethods } from "../payments/payment-methods";
import type { PaymentEvent } from "../payments/provider";
import type { PaymentOutcome } from "./checkout.schemas";
import { type PaymentRecord, recordFailedPayment, recordPendingPayment } from "./fulfil";
import { assertPayable, type PayDeps } from "./pay";
import { type Visitor, visitorOrder } from "./visitor";

export interface RedirectPayDeps extends Pick<PayDeps, "db" | "now"> {
  paymentMethods: Pick<PaymentMethods, "providerFor" | "configured">;
  /** The school's public address: where the provider sends the buyer back. */
  originOf(companyId: string): Promise<string>;
  /** The fulfilment shared with the webhooks: the same payment reported twice pays once. */
  handlePaymentEvent(event: PaymentEvent, providerName: string): Promise<void>;
}

export const PAYMENT_CANCELLED_MESSAGE = "The payment was cancelled.";

/** Where the buyer comes back to: the payment page, which finishes or offers another try. */
function returnUrls(origin: string, orderId: string) {
  const page = `${origin}/payment?order=${encodeURIComponent(orderId)}`;
  return { returnUrl: `${page}&returned=1`, cancelUrl: `${page}&cancelled=1` };
}

/**
 * Starts paying an order by PayPal or iDEAL: the provider's payment for the amount due (the same
 * one on a reload), recorded as pending, and the address the buyer is sent to.
 */
export async function startRedirectPayment(
  deps: RedirectPayDeps,
  visitor: Visitor,
  orderId: string,
  method: RedirectPaymentMethod,
): Promise<PaymentOutcome> {
  const order = await visitorOrder(deps.db, visitor, orderId, visitor.language);
  assertPayable(order);
  const provider = await deps.paymentMethods.providerFor(visitor.companyId, method, order.currency);
  const started = await provider.start({
    companyId: visitor.companyId,
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.amountDueNowCents,
    currency: order.currency,
    customerEmail: order.customer.email,
    ...returnUrls(await deps.originOf(visitor.companyId), order.id),
  });
  await recordPendingPayment(
    deps.db,
    paymentRecord(visitor.companyId, order, provider.name, started.reference),
  );
  return { status: "redirect", method, redirectUrl: started.redirectUrl };
}

/**
 * The buyer came back from PayPal or the bank: the latest pending payment of the order is
 * finished (PayPal captures) and fulfilled as the webhook would, or recorded as cancelled.
 * Returns the order's status afterwards.
 */
export async function completeRedirectPayment(
  deps: RedirectPayDeps,
  visitor: Visitor,
  orderId: string,
  options: { cancelled?: boolean } = {},
): Promise<"paid" | "pending" | "failed"> {
  const order = await visitorOrder(deps.db, visitor, orderId, visitor.language);
  if (order.status === "delivered" || order.status === "processing") return "paid";
  if (!isRedirectMethod(order.paymentMethod)) return "pending";
  const provider = await deps.paymentMethods.configured(visitor.companyId, order.paymentMethod);
  const [pending] = await deps.db
    .select({ reference: payments.providerReference })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, provider.name),
        eq(payments.status, "pending"),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!pending) return "pending";
  const expected = { companyId: visitor.companyId, orderId: order.id };
  const event = await provider.complete(pending.reference, expected);
  if (!event) {
    if (!options.cancelled) return "pending";
    await recordFailedPayment(
      deps.db,
      paymentRecord(visitor.companyId, order, provider.name, pending.reference),
      PAYMENT_CANCELLED_MESSAGE,
    );
    return "failed";
  }
  await deps.handlePaymentEvent(event, provider.name);
  const after = await visitorOrder(deps.db, visitor, order.id, visitor.language);
  return after.status === "delivered" || after.status === "processing" ? "paid" : "failed";
}

function paymentRecord(
  companyId: string,
  order: { id: string; amountDueNowCents: number; currency: string },
  provider: string,
  reference: string,
): PaymentRecord {
  return {
    companyId,
    orderId: order.id,
    provider,
    reference,
    amountCents: order.amountDueNowCents,
    currency: order.currency,
  };
}
