import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { StorePayBody } from "../checkout/checkout.schemas";

const InstalmentParams = z.strictObject({
  orderId: z.uuid({ message: "orderId must be a UUID" }),
  sequence: z.coerce
    .number({ message: "sequence must be a whole number from 2 to 12" })
    .int("sequence must be a whole number from 2 to 12")
    .min(2, "sequence must be a whole number from 2 to 12")
    .max(12, "sequence must be a whole number from 2 to 12"),
});

const InstalmentPaymentOutcome = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("succeeded") }),
    z.object({
      status: z.literal("requires_action"),
      clientSecret: z.string(),
      publishableKey: z.string().nullable(),
    }),
  ])
  .meta({ id: "InstalmentPaymentOutcome" });

/** The learner pays an instalment whose automatic charge failed (the link in the mail leads here). */
export const instalmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { instalments } = app.services;
  app.post(
    "/customer/orders/:orderId/instalments/:sequence/pay",
    {
      schema: {
        tags: ["Learner area"],
        summary: "Pay an instalment that could not be collected (demo: test card; Stripe: a PaymentIntent)",
        description:
          "For the signed-in customer's own order, an unpaid instalment whose automatic charge failed. " +
          "Paying the last overdue instalment gives the paused access to the order's courses back.",
        security: [{ bearer: [] }],
        params: InstalmentParams,
        body: StorePayBody,
        response: {
          200: InstalmentPaymentOutcome,
          400: ErrorResponse,
          401: ErrorResponse,
          402: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return instalments.payOnline(
        request.company.id,
        customer.customerId,
        request.params.orderId,
        request.params.sequence,
        request.body?.card,
      );
    },
  );
};
