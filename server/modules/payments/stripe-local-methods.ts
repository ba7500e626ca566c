import type StripeClient from "stripe";
import type { PaymentEvent, RedirectPaymentProvider } from "./provider";

/** Local methods paid through Stripe PaymentIntents, each with the currencies it can be paid in. */
export const STRIPE_LOCAL_METHODS = { ideal: ["EUR"] } as const;
export type StripeLocalMethod = keyof typeof STRIPE_LOCAL_METHODS;

/**
 * A local method (iDEAL) through Stripe: the server creates and confirms a PaymentIntent limited to
 * that method, the buyer authorises it on the bank's page and comes back to `return_url`; Stripe's
 * webhook (payment_intent.succeeded, the card webhook) reports the same PaymentIntent.
 */
export function createStripeLocalMethod(
  stripe: StripeClient,
  method: StripeLocalMethod,
): RedirectPaymentProvider {
  const currencies: readonly string[] = STRIPE_LOCAL_METHODS[method];
  return {
    method,
    name: "stripe",
    supports: (currency) => currencies.includes(currency.toUpperCase()),

    async start(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          // This SDK's API version names the create parameter `allowed_payment_method_types`.
          allowed_payment_method_types: [method],
          payment_method_data: { type: method },
          confirm: true,
          return_url: request.returnUrl,
          receipt_email: request.customerEmail,
          description: `Order ${request.orderNumber}`,
          metadata: { orderId: request.orderId, companyId: request.companyId },
        },
        { idempotencyKey: `${method}-${request.orderId}-${request.amountCents}` },
      );
      const redirectUrl = intent.next_action?.redirect_to_url?.url;
      if (!redirectUrl) throw new Error(`PaymentIntent ${intent.id} has no ${method} redirect`);
      return { reference: intent.id, redirectUrl };
    },

    async complete(reference, expected): Promise<PaymentEvent | null> {
      const intent = await stripe.paymentIntents.retrieve(reference);
      const { orderId, companyId } = intent.metadata ?? {};
      if (orderId !== expected.orderId || companyId !== expected.companyId) return null;
      const common = { reference: intent.id, orderId, companyId, currency: intent.currency.toUpperCase() };
      if (intent.status === "succeeded") {
        return { type: "succeeded", ...common, amountCents: intent.amount_received || intent.amount };
      }
      // The buyer cancelled at the bank or the bank refused: the intent wants another method.
      if (intent.status === "requires_payment_method" || intent.status === "canceled") {
        return {
          type: "failed",
          ...common,
          amountCents: intent.amount,
          message: intent.last_payment_error?.message ?? "The payment was not completed.",
        };
      }
      return null;
    },
  };
}
