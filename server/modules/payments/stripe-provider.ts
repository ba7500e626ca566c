import { createRequire } from "node:module";
import type StripeClient from "stripe";
import { type PaymentEvent, type PaymentProvider, PaymentWebhookError } from "./provider";

// The SDK is loaded only when Stripe is configured, not at every start-up (cold start, issue 7).
const require = createRequire(import.meta.url);

/** The Stripe SDK's constructor, loaded on first use. */
export function loadStripe(): typeof StripeClient {
  return require("stripe") as typeof StripeClient;
}

/** A signed webhook older than this is refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  publishableKey?: string | undefined;
  /** Another API address (a local stand-in or a Stripe-compatible mock), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
  /** A client already made for `secretKey` (shared with iDEAL and 'Connect With Stripe'). */
  client?: StripeClient;
}

/** SDK connection options for another API address (a local stand-in), else Stripe's own. */
export function stripeConnection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
  };
}

/** The Stripe SDK's client for a secret key (and another API address, a local stand-in). */
export function createStripeClient(secretKey: string, apiBase: string | undefined): StripeClient {
  const Stripe = loadStripe();
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...stripeConnection(apiBase),
  });
}

/**
 * Card payments through Stripe PaymentIntents: the server creates the intent for the amount due
 * now, the browser confirms it with Stripe.js, and Stripe's webhook reports the outcome.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = options.client ?? createStripeClient(options.secretKey, options.apiBase);

  return {
    name: "stripe",
    publishableKey: options.publishableKey ?? null,

    async charge(request) {
      // A payment plan's first payment keeps the card on a Customer for the later instalments.
      const customer = request.saveForLater
        ? await stripe.customers.create(
            { email: request.customerEmail, metadata: { companyId: request.companyId } },
            { idempotencyKey: `customer-${request.orderId}` },
          )
        : null;
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          receipt_email: request.customerEmail,
          description: `Order ${request.orderNumber}`,
          metadata: {
            orderId: request.orderId,
            companyId: request.companyId,
            ...(request.instalmentId ? { instalmentId: request.instalmentId } : {}),
          },
          ...(customer ? { customer: customer.id, setup_future_usage: "off_session" as const } : {}),
        },
        // A second call for the same order (or instalment) and amount gets the same PaymentIntent back.
        {
          idempotencyKey: request.instalmentId
            ? `instalment-${request.instalmentId}-${request.amountCents}`
            : `order-${request.orderId}-${request.amountCents}`,
        },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { status: "requires_action", reference: intent.id, clientSecret: intent.client_secret };
    },

    async chargeSaved(request) {
      const [customer, paymentMethod] = request.savedPaymentMethod.split("/");
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: `Order ${request.orderNumber}, instalment ${request.sequence}`,
            metadata: {
              orderId: request.orderId,
              companyId: request.companyId,
              instalmentId: request.instalmentId,
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return intent.status === "succeeded"
          ? { status: "succeeded", reference: intent.id }
          : {
              status: "failed",
              reference: intent.id,
              message: intent.last_payment_error?.message ?? `The payment is ${intent.status}.`,
            };
      } catch (error) {
        // Declined, or the bank wants the cardholder present: the learner pays it on the site.
        const card = error as { type?: string; message?: string; payment_intent?: { id?: string } };
        if (card.type === "StripeCardError") {
          return {
            status: "failed",
            reference: card.payment_intent?.id ?? request.idempotencyKey,
            message: card.message ?? "The card was declined.",
          };
        }
        throw error;
      }
    },

    async refund(reference, options = {}) {
      await stripe.refunds.create(
        {
          payment_intent: reference,
          ...(options.amountCents === undefined ? {} : { amount: options.amountCents }),
        },
        { idempotencyKey: options.idempotencyKey ?? `refund-${reference}` },
      );
    },

    parseWebhook(rawBody, signature): PaymentEvent | null {
      if (!options.webhookSecret) throw new PaymentWebhookError("Stripe webhooks are not configured.");
      if (!signature) throw new PaymentWebhookError("The Stripe-Signature header is missing.");
      let event: StripeClient.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_REPLAY_WINDOW_SECONDS,
        );
      } catch {
        throw new PaymentWebhookError("The webhook signature is not valid.");
      }
      if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
        return null;
      }
      const intent = event.data.object;
      const { orderId, companyId, instalmentId } = intent.metadata ?? {};
      if (!orderId || !companyId) return null;
      const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      const method =
        typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
      return event.type === "payment_intent.succeeded"
        ? {
            type: "succeeded",
            reference: intent.id,
            orderId,
            companyId,
            amountCents: intent.amount_received || intent.amount,
            currency: intent.currency.toUpperCase(),
            ...(intent.setup_future_usage === "off_session" && customer && method
              ? { savedPaymentMethod: `${customer}/${method}` }
              : {}),
            ...(instalmentId ? { instalmentId } : {}),
          }
        : {
            type: "failed",
            reference: intent.id,
            orderId,
            companyId,
            amountCents: intent.amount,
            currency: intent.currency.toUpperCase(),
            message: intent.last_payment_error?.message ?? "The payment failed.",
            ...(instalmentId ? { instalmentId } : {}),
          };
    },
  };
}
