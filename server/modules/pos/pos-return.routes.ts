import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorResponse } from "../../plugins/openapi";
import { ReceiptParams } from "./pos.schemas";
import { posCashier, posDevice } from "./pos-device";
import {
  PosOrderDetail,
  PosOrderQuery,
  PosOrderSummary,
  PosReturnBody,
  PosReturnReceipt,
  PosReturnResult,
} from "./pos-return.schemas";

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;
const tags = ["Point of sale"];

/** Returns at the counter: find a POS sale, return some of its lines, print the return receipt. */
export const posReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pos, posReturns } = app.services;

  const device = posDevice;

  app.get(
    "/pos/orders",
    {
      schema: {
        tags,
        summary: "The latest POS sales, or those with this order number or customer name",
        security,
        querystring: PosOrderQuery,
        response: { 200: PosOrderSummary.array(), ...errors },
      },
    },
    async (request) => {
      await device(request, "read");
      return posReturns.recent(request.company.id, request.query);
    },
  );

  app.get(
    "/pos/orders/:orderId",
    {
      schema: {
        tags,
        summary: "A POS sale with its lines and payments, to return items of it",
        security,
        params: ReceiptParams,
        response: { 200: PosOrderDetail, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "read");
      return posReturns.detail(request.company.id, request.language, request.params.orderId);
    },
  );

  app.post(
    "/pos/orders/:orderId/returns",
    {
      schema: {
        tags,
        summary: "Return lines of a POS sale (once per order), refunded in the way it was paid",
        description:
          "`restock` puts the products back in stock. Cash goes out of the drawer of `register`, a card " +
          "part is recorded as refunded to the card, a credit part goes back on the customer's account. " +
          "A second return of the same order is a 422 ('This Order Already had return items!').",
        security,
        params: ReceiptParams,
        body: PosReturnBody,
        response: { 201: PosReturnResult, ...errors, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      // The counter gives back what the counter took: a cashier refunds POS sales.
      const { device: current, cashier } = await posCashier(request, pos, { mayRefund: true });
      const done = await posReturns.create(
        current,
        cashier,
        request.language,
        request.params.orderId,
        request.body,
      );
      return reply.status(201).send(done);
    },
  );

  app.get(
    "/pos/orders/:orderId/return-receipt",
    {
      schema: {
        tags,
        summary: "The printable receipt of a POS sale's return",
        security,
        params: ReceiptParams,
        response: { 200: PosReturnReceipt, ...errors },
      },
    },
    async (request) => {
      await device(request, "read");
      return posReturns.receipt(request.company.id, request.language, request.params.orderId);
    },
  );
};
