import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { requireCustomer } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { CustomerOrderList, ListCustomerOrdersQuery } from "./customer-orders.schemas";
import { pdfFilename } from "./invoice-issue";
import { renderInvoicePdf } from "./invoice-pdf";
import {
  CreditNoteParams,
  CreditNotePdf,
  InvoiceDocument,
  InvoiceLanguageQuery,
  InvoiceList,
  InvoiceParams,
  InvoicePdf,
  ListInvoicesQuery,
} from "./invoices.schemas";
import type { CreditNoteDocument } from "./invoices.service";

const security = [{ bearer: [] }];

/** A credit note's PDF as a download, in `language`. */
export async function sendCreditNotePdf(reply: FastifyReply, note: CreditNoteDocument, language: string) {
  const pdf = await renderInvoicePdf(note.invoice, language, { credit: note.credit });
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${pdfFilename("credit-note", note.credit.number)}"`)
    .header("cache-control", "private, no-store")
    .send(pdf);
}

/** The signed-in customer's own orders and invoices: the order list, invoices, one invoice, and its PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.services;

  const ownInvoice = async (companyId: string, customerId: string, id: string) => {
    const invoice = await invoices.getForCustomer(companyId, customerId, id);
    if (!invoice) throw notFound(`No invoice "${id}" exists.`, "INVOICE_NOT_FOUND");
    return invoice;
  };

  app.get(
    "/customer/orders",
    {
      schema: {
        tags: ["Invoices"],
        summary: "List the signed-in customer's orders, newest first, pending and cancelled ones too",
        security,
        querystring: ListCustomerOrdersQuery,
        response: { 200: CustomerOrderList, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { page, limit } = request.query;
      return invoices.listOrdersForCustomer(request.company.id, customer.customerId, {
        page,
        limit,
        language: request.language,
      });
    },
  );

  app.get(
    "/invoices",
    {
      schema: {
        tags: ["Invoices"],
        summary: "List the signed-in customer's invoices, newest first",
        security,
        querystring: ListInvoicesQuery,
        response: { 200: InvoiceList, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { page, limit } = request.query;
      return invoices.listForCustomer(request.company.id, customer.customerId, { page, limit });
    },
  );

  app.get(
    "/invoices/:id",
    {
      schema: {
        tags: ["Invoices"],
        summary: "Get one of the signed-in customer's invoices",
        security,
        params: InvoiceParams,
        querystring: InvoiceLanguageQuery,
        response: { 200: InvoiceDocument, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return ownInvoice(request.company.id, customer.customerId, request.params.id);
    },
  );

  app.get(
    "/invoices/:id/pdf",
    {
      schema: {
        tags: ["Invoices"],
        summary: "Download one of the signed-in customer's invoices as PDF",
        description: "An A4 PDF (`application/pdf`), labelled in the request's language (`lng`).",
        security,
        params: InvoiceParams,
        querystring: InvoiceLanguageQuery,
        response: { 200: InvoicePdf, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const invoice = await ownInvoice(request.company.id, customer.customerId, request.params.id);
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
    "/credit-notes/:id/pdf",
    {
      schema: {
        tags: ["Invoices"],
        summary: "Download one of the signed-in customer's credit notes as PDF",
        description:
          "A credit note of a refund of one of their invoices (listed in the invoice's `creditNotes`), labelled " +
          "in the request's language (`lng`).",
        security,
        params: CreditNoteParams,
        querystring: InvoiceLanguageQuery,
        response: { 200: CreditNotePdf, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const note = await invoices.getCreditNoteForCustomer(
        request.company.id,
        customer.customerId,
        request.params.id,
      );
      if (!note) throw notFound(`No credit note "${request.params.id}" exists.`, "CREDIT_NOTE_NOT_FOUND");
      return sendCreditNotePdf(reply, note, request.language);
    },
  );
};
