import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorResponse } from "../../plugins/openapi";
import {
  IdempotencyHeaders,
  OrderParams,
  OrderView,
  PaymentOutcome,
  Quote,
  StoreCheckoutBody,
  StorePayBody,
  StoreQuoteBody,
} from "./checkout.schemas";
import { visitorOf } from "./visitor";

export function requestVisitor(request: FastifyRequest) {
  return visitorOf({
    companyId: request.company.id,
    language: request.language,
    customer: request.customer,
    visitorSession: request.visitorSession,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
}

/** Cart quote, checkout, payment and the visitor's own orders: thin adapters over the checkout service. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout } = app.services;

  app.post(
    "/checkout/quote",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Price the cart: lines, discount, VAT and total, computed from the catalogue",
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
          "session. The same `Idempotency-Key` header always returns the same order.",
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

  app.get(
    "/orders/:orderId",
    {
      schema: {
        tags: ["Checkout"],
        summary: "One of the visitor's own orders (customer or guest session)",
        params: OrderParams,
        response: { 200: OrderView, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => checkout.getOrder(requestVisitor(request), request.params.orderId),
  );
};
