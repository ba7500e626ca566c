import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { badRequest, notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { COMPANY_HEADER } from "../../plugins/tenancy";
import { type PaymentEvent, PaymentWebhookError } from "./provider";

const STRIPE_NOT_CONFIGURED = "Stripe payments are not configured.";

const WebhookReceived = z.object({ received: z.literal(true) });

/**
 * Stripe's and PayPal's webhooks. Stripe's signature covers the exact bytes sent, so this encapsulated plugin reads
 * JSON bodies as raw buffers (for this route only). The order's company comes from the
 * PaymentIntent's metadata. The secret that verifies it: the environment's STRIPE_WEBHOOK_SECRET when
 * the environment has Stripe keys; else the webhook secret of the school whose address the delivery
 * came to (found by host as the tenancy plugin does), and of the school the payment names when that
 * is another one (two schools sharing one Stripe account): both must have signed it.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/payments/stripe/webhook",
    {
      config: { tenant: false },
      schema: {
        tags: ["Payments"],
        summary: "Stripe webhook: payment_intent.succeeded and payment_intent.payment_failed",
        description:
          "Verified with STRIPE_WEBHOOK_SECRET when the server has Stripe keys in its environment; else with " +
          "the webhook secret saved in the Store settings of the school whose address the delivery is sent to.",
        response: { 200: WebhookReceived, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { payments, checkout, schoolAddresses } = app.services;
      let companyId = "";
      let provider = payments.fromEnvironment?.card;
      if (!provider) {
        const header = request.headers[COMPANY_HEADER];
        const school = await schoolAddresses.resolve(
          request.host,
          (Array.isArray(header) ? header[0] : header)?.trim() || undefined,
        );
        if (!("company" in school)) throw notFound(STRIPE_NOT_CONFIGURED, "ROUTE_NOT_FOUND");
        companyId = school.company.id;
        provider = (await payments.forCompany(companyId)).card;
      }
      if (!provider.parseWebhook) throw notFound(STRIPE_NOT_CONFIGURED, "ROUTE_NOT_FOUND");
      if (!Buffer.isBuffer(request.body)) throw badRequest("Send the webhook event as JSON.");
      const header = request.headers["stripe-signature"];
      const signature = typeof header === "string" ? header : undefined;
      const body = request.body;
      let event: PaymentEvent | null;
      try {
        event = provider.parseWebhook(body, signature);
        if (event && companyId && event.companyId !== companyId) {
          // A payment of another school: that school's own secret must have signed it too.
          const named = (await payments.forCompany(event.companyId)).card;
          if (!named.parseWebhook) throw new PaymentWebhookError("The webhook signature is not valid.");
          named.parseWebhook(body, signature);
        }
      } catch (error) {
        if (error instanceof PaymentWebhookError) throw badRequest(error.message);
        throw error;
      }
      if (event) await checkout.handlePaymentEvent(event);
      return { received: true as const };
    },
  );

  app.post(
    "/payments/paypal/webhook",
    {
      config: { tenant: false },
      schema: {
        tags: ["Payments"],
        summary:
          "PayPal webhook: CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED and PAYMENT.CAPTURE.DENIED",
        description:
          "Verified by asking PayPal (verify-webhook-signature) with the delivery's PAYPAL-* headers.",
        response: { 200: WebhookReceived, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { payments, checkout } = app.services;
      const { paypal } = payments;
      if (!paypal) throw notFound("PayPal payments are not configured.", "ROUTE_NOT_FOUND");
      if (!Buffer.isBuffer(request.body)) throw badRequest("Send the webhook event as JSON.");
      let event: Awaited<ReturnType<typeof paypal.parseWebhook>>;
      try {
        event = await paypal.parseWebhook(request.body, request.headers);
      } catch (error) {
        if (error instanceof PaymentWebhookError) throw badRequest(error.message);
        throw error;
      }
      if (event) await checkout.handlePaymentEvent(event, paypal.name);
      return { received: true as const };
    },
  );
};
