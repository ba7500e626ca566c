import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { badRequest, notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { PaymentWebhookError } from "./provider";

const WebhookReceived = z.object({ received: z.literal(true) });

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this encapsulated plugin reads
 * JSON bodies as raw buffers (for this route only). The company comes from the PaymentIntent's
 * metadata, not from a header.
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
        response: { 200: WebhookReceived, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { provider, checkout } = app.services;
      if (!provider.parseWebhook) throw notFound("Stripe payments are not configured.", "ROUTE_NOT_FOUND");
      if (!Buffer.isBuffer(request.body)) throw badRequest("Send the webhook event as JSON.");
      const signature = request.headers["stripe-signature"];
      let event: ReturnType<NonNullable<typeof provider.parseWebhook>>;
      try {
        event = provider.parseWebhook(request.body, typeof signature === "string" ? signature : undefined);
      } catch (error) {
        if (error instanceof PaymentWebhookError) throw badRequest(error.message);
        throw error;
      }
      if (event) await checkout.handlePaymentEvent(event);
      return { received: true as const };
    },
  );
};
