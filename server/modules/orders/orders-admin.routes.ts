import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { minorUnitsToDecimal } from "~shared/money";
import { toCsv } from "../../../app/lib/csv";
import { notFound } from "../../lib/errors";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { AdminMarkShippedBody } from "../shipping/shipping.schemas";
import { pdfFilename } from "./invoice-issue";
import { renderInvoicePdf } from "./invoice-pdf";
import { sendCreditNotePdf } from "./invoices.routes";
import { CreditNoteParams, CreditNotePdf, InvoicePdf } from "./invoices.schemas";
import { actingStaff } from "./order-admin-records";
import {
  AdminCreateReturnBody,
  AdminInvoiceParams,
  AdminListOrdersQuery,
  AdminMarkPaidBody,
  AdminOrder,
  AdminOrderList,
  AdminOrderParams,
  AdminRefundBody,
  AdminUpdateOrderBody,
  RETURN_DONE_MESSAGE,
  ReturnResult,
} from "./orders-admin.schemas";

const security = [{ bearer: [] }];
const staffErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Orders in the back office. `GET /api/orders/{id}` lives with checkout (it also serves buyers). */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderAdmin, invoices } = app.services;

  app.get(
    "/orders",
    {
      schema: {
        tags: ["Orders"],
        summary: "List the company's orders (staff): filters, search, sort, 20 per page",
        description:
          "`days` (5, 7, 15, 30) keeps orders placed in that many last days; `startDate`/`endDate` " +
          "(YYYY-MM-DD, inclusive) are days in the company's time zone. `searchText` matches the order " +
          "or invoice number and the customer's name or email.",
        security,
        querystring: AdminListOrdersQuery,
        response: { 200: AdminOrderList, ...staffErrors },
      },
    },
    async (request) => {
      await requireStaff(request, "orders", "read");
      return orderAdmin.list(request.company.id, request.query);
    },
  );

  app.get(
    "/admin/orders/export",
    {
      schema: {
        tags: ["Orders"],
        summary: "Every order matching the list's filters as CSV (staff)",
        security,
        querystring: AdminListOrdersQuery,
        response: { 200: z.string().describe("text/csv"), ...staffErrors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, "orders", "read");
      const rows = await orderAdmin.exportRows(request.company.id, request.query);
      const csv = toCsv([
        [
          "Order",
          "Invoice",
          "Time",
          "Customer",
          "Email",
          "Payment method",
          "Channel",
          "Amount",
          "Currency",
          "Status",
        ],
        ...rows.map((row) => [
          row.number,
          row.invoiceNumber,
          row.createdAt,
          row.customerName,
          row.customerEmail,
          row.paymentMethod,
          row.channel,
          minorUnitsToDecimal(row.totalCents, row.currency),
          row.currency,
          row.status,
        ]),
      ]);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="orders.csv"')
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );

  app.put(
    "/orders/:orderId",
    {
      schema: {
        tags: ["Orders"],
        summary: "Change an order's status (staff)",
        description:
          "Allowed: pending → processing | cancel; processing → delivered | cancel; delivered → cancel; " +
          "cancel is final. Anything else is 422. Cancelling a paid order refunds it through its payment " +
          "provider, deletes its enrolments and gives the seats back; that needs the `refunds` permission (403 " +
          "without it, and nothing changes).",
        security,
        params: AdminOrderParams,
        body: AdminUpdateOrderBody,
        response: {
          200: AdminOrder,
          ...staffErrors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "orders", "write");
      return orderAdmin.changeStatus(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
        request.body.status,
        request.language,
      );
    },
  );

  app.post(
    "/orders/:orderId/returns",
    {
      schema: {
        tags: ["Orders"],
        summary: "Return order lines (once per order), refunding them; optionally give the seats back",
        security,
        params: AdminOrderParams,
        body: AdminCreateReturnBody,
        response: {
          201: ReturnResult,
          ...staffErrors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "orders", "write");
      const order = await orderAdmin.createReturn(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
        request.body,
        request.language,
      );
      return reply.status(201).send({ message: RETURN_DONE_MESSAGE, order });
    },
  );

  app.post(
    "/orders/:orderId/payments",
    {
      schema: {
        tags: ["Orders"],
        summary:
          "Mark an order as paid: record a bank transfer or cash received for what is still owed (staff)",
        description:
          "Records a payment of everything still owed (method `bank_transfer` or `cash`, with its reference), " +
          "marks unpaid instalments paid and accepts a pending order (processing). An order must be paid " +
          "before it can be Delivered. 422 when nothing is owed or the order is cancelled.",
        security,
        params: AdminOrderParams,
        body: AdminMarkPaidBody,
        response: {
          201: AdminOrder,
          ...staffErrors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "orders", "write");
      const order = await orderAdmin.markPaid(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
        request.body,
        request.language,
      );
      return reply.status(201).send(order);
    },
  );

  app.post(
    "/orders/:orderId/shipment",
    {
      schema: {
        tags: ["Orders"],
        summary: "Mark an order shipped with the carrier's tracking number (staff)",
        description:
          "Keeps the tracking number and the time; the buyer's order page then links to the carrier's tracking " +
          "page. A cash-on-delivery order may ship while Pending; other orders must be paid first (422). " +
          "The status does not change.",
        security,
        params: AdminOrderParams,
        body: AdminMarkShippedBody,
        response: {
          200: AdminOrder,
          ...staffErrors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "orders", "write");
      return orderAdmin.markShipped(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
        request.body,
        request.language,
      );
    },
  );

  app.post(
    "/orders/:orderId/refunds",
    {
      schema: {
        tags: ["Orders"],
        summary: "Refund part of an order's payments, with a reason (staff with the refunds permission)",
        description:
          "Gives `amountCents` (in the order's currency) back through the payments' provider; access stays. " +
          "Never more than what was received and not refunded yet (422 `REFUND_TOO_LARGE`, nothing changes).",
        security,
        params: AdminOrderParams,
        body: AdminRefundBody,
        response: {
          201: AdminOrder,
          ...staffErrors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "orders", "write");
      const order = await orderAdmin.refund(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
        request.body,
        request.language,
      );
      return reply.status(201).send(order);
    },
  );

  app.post(
    "/orders/:orderId/confirmation-mail",
    {
      schema: {
        tags: ["Orders"],
        summary: "Send the order confirmation with the invoice PDF again (staff)",
        description: "A durable mail job to the order's customer; 422 while the order has no invoice.",
        security,
        params: AdminOrderParams,
        response: {
          202: z.object({ message: z.string() }),
          ...staffErrors,
          404: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "orders", "write");
      const result = await orderAdmin.resendConfirmation(
        request.company.id,
        actingStaff(staff),
        request.params.orderId,
      );
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/admin/invoices/:id/pdf",
    {
      schema: {
        tags: ["Orders"],
        summary: "Download any invoice of the company as PDF (staff)",
        security,
        params: AdminInvoiceParams,
        response: { 200: InvoicePdf, ...staffErrors, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await requireStaff(request, "orders", "read");
      const invoice = await invoices.getForCompany(request.company.id, request.params.id);
      if (!invoice) throw notFound(`No invoice "${request.params.id}" exists.`, "INVOICE_NOT_FOUND");
      const pdf = await renderInvoicePdf(invoice, request.language);
      const filename = pdfFilename("invoice", invoice.number);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/admin/credit-notes/:id/pdf",
    {
      schema: {
        tags: ["Orders"],
        summary: "Download any credit note of the company as PDF (staff)",
        description:
          "A credit note is issued for every refund of an invoiced order (cancel, return, partial refund), " +
          "numbered in its own gapless series; the order's `creditNotes` list them.",
        security,
        params: CreditNoteParams,
        response: { 200: CreditNotePdf, ...staffErrors, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await requireStaff(request, "orders", "read");
      const note = await invoices.getCreditNoteForCompany(request.company.id, request.params.id);
      if (!note) throw notFound(`No credit note "${request.params.id}" exists.`, "CREDIT_NOTE_NOT_FOUND");
      return sendCreditNotePdf(reply, note, request.language);
    },
  );
};
