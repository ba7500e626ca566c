import http from "node:http";
import https from "node:https";
import { createRequire } from "node:module";
import type * as PayPalSdk from "@paypal/paypal-server-sdk";
import { decimalToMinorUnits, minorUnitsToDecimal } from "~shared/money";
import {
  type PaymentEvent,
  PaymentWebhookError,
  type RedirectChargeRequest,
  type RedirectPaymentProvider,
  type Refunding,
} from "./provider";

// The SDK is loaded only when PayPal is configured, not at every start-up (as Stripe's).
const require = createRequire(import.meta.url);
const loadPayPal = () => require("@paypal/paypal-server-sdk") as typeof PayPalSdk;

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered at PayPal: its deliveries are verified against it. */
  webhookId?: string | undefined;
  environment: "sandbox" | "live";
  /** Another API address (a local stand-in), e.g. http://127.0.0.1:12112. */
  apiBase?: string | undefined;
}

/** The headers PayPal signs a webhook delivery with; verify-webhook-signature takes them back. */
export const PAYPAL_SIGNATURE_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

const API_BASES = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" };

/** Our order is kept on PayPal's purchase unit as `companyId:orderId`. */
const customIdOf = (companyId: string, orderId: string) => `${companyId}:${orderId}`;
function parseCustomId(value: string | undefined) {
  const [companyId, orderId] = (value ?? "").split(":");
  return companyId && orderId ? { companyId, orderId } : null;
}

/**
 * The SDK only knows PayPal's two hosts. For another address (a local stand-in) its HTTP client
 * (axios) gets a transport that sends every request there instead.
 */
function transportTo(apiBase: string) {
  const base = new URL(apiBase);
  const transport = base.protocol === "http:" ? http : https;
  return {
    request(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
      return transport.request(
        {
          ...options,
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          agent: undefined,
        },
        callback,
      );
    },
  };
}

/** PayPal Checkout through PayPal's official server SDK: create the order, the buyer approves, capture. */
export function createPayPalProvider(options: PayPalProviderOptions) {
  const sdk = loadPayPal();
  const client = new sdk.Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment: options.environment === "live" ? sdk.Environment.Production : sdk.Environment.Sandbox,
    timeout: 20_000,
    ...(options.apiBase ? { unstable_httpClientOptions: { transport: transportTo(options.apiBase) } } : {}),
  });
  const orders = new sdk.OrdersController(client);
  const payments = new sdk.PaymentsController(client);
  const apiBase = options.apiBase ?? API_BASES[options.environment];
  let token: PayPalSdk.OAuthToken | null = null;

  /** Reads the order PayPal keeps: a capture's outcome, as the webhook would report it. */
  function eventOf(order: PayPalSdk.Order): PaymentEvent | null {
    const unit = order.purchaseUnits?.[0];
    const ids = parseCustomId(unit?.customId);
    const capture = unit?.payments?.captures?.[0];
    if (!ids || !order.id) return null;
    if (order.status === "COMPLETED" && capture?.status === "COMPLETED" && capture.amount) {
      return {
        type: "succeeded",
        reference: order.id,
        ...ids,
        amountCents: decimalToMinorUnits(capture.amount.value, capture.amount.currencyCode),
        currency: capture.amount.currencyCode.toUpperCase(),
      };
    }
    if (capture && (capture.status === "DECLINED" || capture.status === "FAILED")) {
      return {
        type: "failed",
        reference: order.id,
        ...ids,
        amountCents: decimalToMinorUnits(capture.amount?.value ?? "0", capture.amount?.currencyCode ?? "EUR"),
        currency: (capture.amount?.currencyCode ?? "").toUpperCase(),
        message: "PayPal declined the payment.",
      };
    }
    return null;
  }

  const provider: RedirectPaymentProvider & Refunding = {
    method: "paypal",
    name: "paypal",
    supports: () => true,

    async start(request: RedirectChargeRequest) {
      const { result } = await orders.createOrder({
        body: {
          intent: sdk.CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: request.orderId,
              customId: customIdOf(request.companyId, request.orderId),
              description: `Order ${request.orderNumber}`,
              amount: {
                currencyCode: request.currency,
                value: minorUnitsToDecimal(request.amountCents, request.currency),
              },
            },
          ],
          paymentSource: {
            paypal: {
              emailAddress: request.customerEmail,
              experienceContext: {
                returnUrl: request.returnUrl,
                cancelUrl: request.cancelUrl,
                userAction: sdk.PaypalExperienceUserAction.PayNow,
                shippingPreference: sdk.PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
        // Asked again for the same order and amount (a reload of the payment page): the same PayPal order.
        paypalRequestId: `order-${request.orderId}-${request.amountCents}`,
        prefer: "return=minimal",
      });
      const approve = result.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
      if (!result.id || !approve) throw new Error("PayPal answered without an approval link");
      return { reference: result.id, redirectUrl: approve.href };
    },

    async complete(reference, expected) {
      const { result: current } = await orders.getOrder({ id: reference });
      const ids = parseCustomId(current.purchaseUnits?.[0]?.customId);
      if (!ids || ids.orderId !== expected.orderId || ids.companyId !== expected.companyId) return null;
      if (current.status !== "APPROVED") return eventOf(current);
      // The return and the webhook may capture at the same moment: one request id, one capture.
      try {
        const { result } = await orders.captureOrder({
          id: reference,
          paypalRequestId: `capture-${reference}`,
          prefer: "return=representation",
        });
        return eventOf(result);
      } catch (error) {
        if (!(error instanceof sdk.ApiError) || error.statusCode !== 422) throw error;
        // ORDER_ALREADY_CAPTURED, or the instrument was declined: what PayPal now holds tells.
        const { result } = await orders.getOrder({ id: reference });
        return (
          eventOf(result) ?? {
            type: "failed",
            reference,
            ...expected,
            amountCents: 0,
            currency: "",
            message: "PayPal declined the payment.",
          }
        );
      }
    },

    async refund(reference, refundOptions = {}) {
      const { result } = await orders.getOrder({ id: reference });
      const capture = result.purchaseUnits?.[0]?.payments?.captures?.[0];
      if (!capture?.id || !capture.amount) throw new Error(`PayPal order ${reference} has no capture`);
      const { currencyCode } = capture.amount;
      await payments.refundCapturedPayment({
        captureId: capture.id,
        paypalRequestId: refundOptions.idempotencyKey ?? `refund-${reference}`,
        ...(refundOptions.amountCents === undefined
          ? {}
          : {
              body: {
                amount: { currencyCode, value: minorUnitsToDecimal(refundOptions.amountCents, currencyCode) },
              },
            }),
      });
    },
  };

  return {
    ...provider,

    /**
     * Verifies a webhook delivery by asking PayPal (verify-webhook-signature) and reduces it to
     * what fulfilment needs. A buyer who approved but never came back is captured here.
     */
    async parseWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<PaymentEvent | null> {
      if (!options.webhookId) throw new PaymentWebhookError("PayPal webhooks are not configured.");
      const signed: Record<string, string> = {};
      for (const [field, header] of Object.entries(PAYPAL_SIGNATURE_HEADERS)) {
        const value = headers[header];
        if (typeof value !== "string" || !value) {
          throw new PaymentWebhookError("The PayPal signature headers are missing.");
        }
        signed[field] = value;
      }
      let event: { event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString("utf8"));
      } catch {
        throw new PaymentWebhookError("The webhook event is not valid JSON.");
      }
      if (!(await verifySignature({ ...signed, webhook_id: options.webhookId, webhook_event: event }))) {
        throw new PaymentWebhookError("The webhook signature is not valid.");
      }
      const resource = event.resource ?? {};
      if (event.event_type === "CHECKOUT.ORDER.APPROVED") {
        const ids = parseCustomId(
          (resource.purchase_units as { custom_id?: string }[] | undefined)?.[0]?.custom_id,
        );
        return ids && typeof resource.id === "string" ? provider.complete(resource.id, ids) : null;
      }
      if (event.event_type !== "PAYMENT.CAPTURE.COMPLETED" && event.event_type !== "PAYMENT.CAPTURE.DENIED") {
        return null;
      }
      const capture = resource as {
        custom_id?: string;
        amount?: { currency_code: string; value: string };
        supplementary_data?: { related_ids?: { order_id?: string } };
      };
      const ids = parseCustomId(capture.custom_id);
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      if (!ids || !orderId || !capture.amount) return null;
      const common = {
        reference: orderId,
        ...ids,
        amountCents: decimalToMinorUnits(capture.amount.value, capture.amount.currency_code),
        currency: capture.amount.currency_code.toUpperCase(),
      };
      return event.event_type === "PAYMENT.CAPTURE.COMPLETED"
        ? { type: "succeeded", ...common }
        : { type: "failed", ...common, message: "PayPal declined the payment." };
    },
  };

  /** PayPal's verify-webhook-signature (not in the SDK): SUCCESS or FAILURE for the delivery. */
  async function verifySignature(body: Record<string, unknown>): Promise<boolean> {
    if (!token || client.clientCredentialsAuthManager.isExpired(token)) {
      token = await client.clientCredentialsAuthManager.fetchToken();
    }
    const response = await fetch(new URL("/v1/notifications/verify-webhook-signature", apiBase), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token.accessToken}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`PayPal verify-webhook-signature answered ${response.status}`);
    const answer = (await response.json()) as { verification_status?: string };
    return answer.verification_status === "SUCCESS";
  }
}

export type PayPalProvider = ReturnType<typeof createPayPalProvider>;
