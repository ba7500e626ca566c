import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../lib/errors";
import { requireCustomer, requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminCreditChangeBody,
  CreditAccountView,
  CreditCustomerParams,
  CreditLedgerQuery,
} from "./credit.schemas";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const security = [{ bearer: [] }];

/** Customer credit: staff see and change a customer's balance; a learner sees their own. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { credit } = app.services;
  const tags = ["Customer credit"];

  app.get(
    "/admin/customers/:customerId/credit",
    {
      schema: {
        tags,
        summary: "A customer's credit balance and ledger (newest first)",
        security,
        params: CreditCustomerParams,
        querystring: CreditLedgerQuery,
        response: { 200: CreditAccountView, ...errors },
      },
    },
    async (request) => {
      if (!request.staffSession && request.customer) throw forbidden();
      await requireStaff(request, "customers", "read");
      return credit.forStaff(request.company.id, request.params.customerId, request.query);
    },
  );

  app.post(
    "/admin/customers/:customerId/credit",
    {
      schema: {
        tags,
        summary: "Top up a customer's credit, or adjust it with a reason (never below 0); audited",
        security,
        params: CreditCustomerParams,
        body: AdminCreditChangeBody,
        response: { 200: CreditAccountView, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      if (!request.staffSession && request.customer) throw forbidden();
      const staff = await requireStaff(request, "customers", "write");
      return credit.change(request.company.id, request.params.customerId, request.body, {
        id: staff.staffId,
        email: staff.email,
      });
    },
  );

  app.get(
    "/customer/credit",
    {
      schema: {
        tags,
        summary: "The signed-in customer's credit balance and ledger",
        security,
        querystring: CreditLedgerQuery,
        response: { 200: CreditAccountView, 401: ErrorResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return credit.account(request.company.id, customer.customerId, request.query);
    },
  );
};
