import { z } from "zod";
import { DATE_FORMATS } from "~shared/date-formats";
import { INSTALMENT_STATUSES } from "~shared/order-enums";
import { pageNumber, wholeNumber } from "../../lib/list-query";
import { OrderConsent } from "./order-consent";
import { OrderShipping } from "./order-shipping";
import { ORDER_STATUSES, PAYMENT_METHODS } from "./orders.tables";

export const INVOICE_PAGE_SIZE = 20;
export const MAX_INVOICE_PAGE_SIZE = 100;

export const ListInvoicesQuery = z
  .strictObject({
    page: pageNumber(),
    limit: wholeNumber("limit", 1, MAX_INVOICE_PAGE_SIZE).default(INVOICE_PAGE_SIZE),
    lng: z.string().max(10).optional(),
  })
  .describe("Page of the signed-in customer's invoices");
export type ListInvoicesQuery = z.output<typeof ListInvoicesQuery>;

export const InvoiceParams = z.strictObject({
  id: z.uuid({ message: "id must be an invoice id (UUID)" }).describe("Invoice id"),
});

export const InvoiceLanguageQuery = z.strictObject({ lng: z.string().max(10).optional() });

export const InvoiceSummary = z
  .object({
    id: z.uuid(),
    number: z.string().describe("As printed, per the company's invoice settings, e.g. INV-000012"),
    issuedAt: z.string().describe("ISO 8601"),
    orderNumber: z.number().int(),
    totalCents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES).describe("Status of the invoiced order"),
  })
  .meta({ id: "InvoiceSummary" });
export type InvoiceSummary = z.output<typeof InvoiceSummary>;

export const InvoiceList = z
  .object({
    invoices: z.array(InvoiceSummary),
    totalDoc: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "InvoiceList" });
export type InvoiceList = z.output<typeof InvoiceList>;

export const InvoiceLine = z
  .object({
    title: z.string().describe("In the order's language, English as fallback"),
    unitPriceCents: z.number().int(),
    quantity: z.number().int(),
    totalCents: z.number().int(),
    taxRateBp: z
      .number()
      .int()
      .nullable()
      .describe("The line's tax rate (null: an order from before per-line taxes)"),
  })
  .meta({ id: "InvoiceLine" });
export type InvoiceLine = z.output<typeof InvoiceLine>;

export const InvoiceInstalment = z
  .object({
    sequence: z.number().int(),
    dueAt: z.string().describe("ISO 8601"),
    amountCents: z.number().int(),
    status: z.enum(INSTALMENT_STATUSES),
    paidAt: z.string().nullable(),
    lastFailedAt: z
      .string()
      .nullable()
      .describe("When its automatic charge last failed: the learner may pay it"),
    nextAttemptAt: z.string().nullable().describe("When it is charged (again)"),
  })
  .meta({ id: "InvoiceInstalment" });
export type InvoiceInstalment = z.output<typeof InvoiceInstalment>;

export const InvoiceSeller = z
  .object({
    shopName: z.string(),
    companyName: z.string(),
    vatNumber: z.string(),
    addressLines: z.array(z.string()),
    email: z.string(),
    phones: z.array(z.string()),
    website: z.string(),
    workingHours: z.string().describe("Opening hours as the school wrote them; empty when not set"),
    receiptFooter: z.string().describe("The school's receipt footer text; empty when not set"),
  })
  .meta({ id: "InvoiceSeller" });

export const CreditNoteSummary = z
  .object({
    id: z.uuid(),
    number: z.string().describe("As printed when issued, e.g. CN-000003 (its own gapless series)"),
    issuedAt: z.string().describe("ISO 8601"),
    kind: z.enum(["cancel", "return", "partial"]).describe("What gave the money back"),
    amountCents: z.number().int().describe("Credited, VAT included, in the order's currency"),
    currency: z.string(),
  })
  .meta({ id: "CreditNoteSummary" });
export type CreditNoteSummary = z.output<typeof CreditNoteSummary>;

export const CreditNoteParams = z.strictObject({
  id: z.uuid({ message: "id must be a credit note id (UUID)" }).describe("Credit note id"),
});

export const InvoiceTaxLine = z
  .object({
    name: z.string(),
    rateBp: z.number().int().describe("Basis points: 2100 = 21 %"),
    baseCents: z.number().int().describe("What the rate applies to, without tax"),
    taxCents: z.number().int(),
  })
  .meta({ id: "InvoiceTaxLine" });
export type InvoiceTaxLine = z.output<typeof InvoiceTaxLine>;

export const InvoiceDocument = z
  .object({
    id: z.uuid(),
    number: z.string(),
    issuedAt: z.string().describe("ISO 8601"),
    orderNumber: z.number().int(),
    orderId: z.uuid(),
    orderStatus: z.enum(ORDER_STATUSES),
    language: z.string().describe("The language the order was placed in"),
    timeZone: z.string().describe("The company's time zone, for printing dates"),
    dateFormat: z.enum(DATE_FORMATS).describe("The company's date format (Settings), for printing dates"),
    customer: z.object({ name: z.string(), email: z.string(), address: z.string().nullable() }),
    company: InvoiceSeller,
    lines: z.array(InvoiceLine),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    couponCode: z.string().nullable(),
    vatRateBp: z.number().int().describe("VAT rate in basis points (2100 = 21 %)"),
    vatCents: z.number().int().describe("VAT included in the total"),
    totalCents: z.number().int(),
    taxLines: z
      .array(InvoiceTaxLine)
      .describe("Each tax rate with what it applies to and its amount (orders from before: one rate)"),
    pricesIncludeTax: z.boolean().describe("The line prices include tax (else tax is added to them)"),
    reverseCharge: z.boolean().describe("No VAT charged: the business buyer accounts for it"),
    buyer: z
      .object({
        country: z.string().nullable(),
        company: z.string().nullable(),
        vatNumber: z.string().nullable(),
      })
      .describe("The buyer's tax country and business details given at checkout"),
    currency: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    shipping: OrderShipping,
    instalments: z.array(InvoiceInstalment).describe("The payment plan; empty when paid in full"),
    consent: OrderConsent,
    creditNotes: z.array(CreditNoteSummary).describe("Credit notes of refunds of this invoice, oldest first"),
  })
  .meta({ id: "InvoiceDocument" });
export type InvoiceDocument = z.output<typeof InvoiceDocument>;

/** The PDF file of an invoice (binary body, not JSON). */
export const InvoicePdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: "The invoice as a PDF file", contentMediaType: "application/pdf" });

/** The PDF file of a credit note (binary body, not JSON). */
export const CreditNotePdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: "The credit note as a PDF file", contentMediaType: "application/pdf" });
