import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { allows } from "~shared/permissions";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { StoreCurrencyQuery } from "../currency/currency.schemas";
import { apiRequestedCurrency } from "../currency/request-currency";
import { AdminOrder } from "../orders/orders-admin.schemas";
import {
  CompletedPayment,
  IdempotencyHeaders,
  OrderParams,
  OrderView,
  PaymentOutcome,
  Quote,
  StoreCheckoutBody,
  StoreCompletePaymentBody,
  StorePayBody,
  StoreQuoteBody,
} from "./checkout.schemas";
import { visitorOf } from "./visitor";

export function requestVisitor(request: FastifyRequest) {
  return visitorOf({
    companyId: request.company.id,
    language: request.language,
    currency: apiRequestedCurrency(request),
    customer: request.customer,
    visitorSession: request.visitorSession,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
}

/** Cart quote, checkout, payment and the visitor's own orders: thin adapters over the checkout service. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orderAdmin, staffAccess } = app.services;

  app.post(
    "/checkout/quote",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Price the cart: lines, discount, VAT and total, computed from the catalogue",
        description:
          "In the currency of `?currency=`, else of the `currency` cookie, when it is enabled; else in the shop currency.",
        querystring: StoreCurrencyQuery,
        body: StoreQuoteBody,
        response: { 200: Quote, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => checkout.quote(requestVisitor(request), request.body),
  );

  app.post(
    "/checkout",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Place a pending order that holds a seat of each course for 30 minutes",
        description:
          "Signed-in customers buy as themselves; anyone else sends `guest` {name, email} and gets a guest " +
          "session. The same `Idempotency-Key` header always returns the same order. The order is priced " +
          "and charged in the currency of `?currency=` (else the `currency` cookie) when it is enabled, else in " +
          "the shop currency; it keeps that currency and exchange rate.",
        querystring: StoreCurrencyQuery,
        headers: IdempotencyHeaders,
        body: StoreCheckoutBody,
        response: {
          201: OrderView,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const placed = await checkout.placeOrder(
        requestVisitor(request),
        request.body,
        request.headers["idempotency-key"],
      );
      if (placed.guestSession)
        reply.header("set-cookie", app.sessionCookies.guestSignIn(placed.guestSession));
      return reply.status(201).send(placed.order);
    },
  );

  app.post(
    "/checkout/:orderId/pay",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Pay the amount due now (demo: test card; Stripe: returns the PaymentIntent client secret)",
        params: OrderParams,
        body: StorePayBody,
        response: {
          200: PaymentOutcome,
          400: ErrorResponse,
          402: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => checkout.pay(requestVisitor(request), request.params.orderId, request.body ?? {}),
  );

  app.post(
    "/checkout/:orderId/complete",
    {
      schema: {
        tags: ["Checkout"],
        summary: "The buyer came back from PayPal or the bank: capture and fulfil, or record the cancel",
        description:
          "Paid at the same moment by the provider's webhook: the order is paid once. `pending` while " +
          "the provider has not decided yet (the webhook finishes it).",
        params: OrderParams,
        body: StoreCompletePaymentBody,
        response: { 200: CompletedPayment, 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) =>
      checkout.completePayment(requestVisitor(request), request.params.orderId, request.body ?? {}),
  );

  app.get(
    "/orders/:orderId",
    {
      schema: {
        tags: ["Checkout"],
        summary: "One order: any of the company's orders for staff, else one of the visitor's own",
        description:
          "Staff allowed to read orders get the full back-office view (lines, payments, invoice, " +
          "instalments, return, status history). A customer or guest gets only their own orders " +
          "(404 for any other id).",
        params: OrderParams,
        response: {
          200: z.union([AdminOrder, OrderView]),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      if (request.staffSession) {
        // Staff only: 401/403 as for every admin route. Staff browsing as a buyer too: their own orders.
        if (!request.visitorSession) await requireStaff(request, "orders", "read");
        const staff = await staffAccess.principalFor(request.staffSession);
        if (staff && allows(staff.permissions, "orders", "read")) {
          return orderAdmin.get(request.company.id, orderId, request.language);
        }
      }
      return checkout.getOrder(requestVisitor(request), orderId);
    },
  );
};
