import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { PaymentMethodSettings, PaymentMethodSettingsInput } from "./payments.schemas";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Which payment methods beside the card the school offers (area "settings"). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paymentMethods } = app.services;
  const security = [{ bearer: [] }];
  const tags = ["Payments"];

  app.get(
    "/admin/payment-settings",
    {
      schema: {
        tags,
        summary:
          "Payment methods beside the card: offered or not, and whether this server is set up for them",
        security,
        response: { 200: PaymentMethodSettings, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "settings", "read");
      return paymentMethods.read(request.company.id);
    },
  );
  app.put(
    "/admin/payment-settings",
    {
      schema: {
        tags,
        summary: "Offer Paypal or iDEAL at checkout, or not",
        security,
        body: PaymentMethodSettingsInput,
        response: { 200: PaymentMethodSettings, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "settings", "write");
      return paymentMethods.write(request.company.id, request.body, {
        id: staff.staffId,
        email: staff.email,
      });
    },
  );
};
