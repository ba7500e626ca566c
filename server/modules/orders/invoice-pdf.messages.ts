import type { Language } from "~shared/language";
import type { PaymentMethod, RefundKind } from "./orders.tables";

/** The words printed on an invoice PDF (server side, so not in the web app's locale files). */
export interface InvoicePdfMessages {
  invoice: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  paymentMethod: string;
  billTo: string;
  description: string;
  unitPrice: string;
  quantity: string;
  amount: string;
  subtotal: string;
  discount: string;
  discountWithCode: (code: string) => string;
  shipping: (carrier: string) => string;
  vatIncluded: (rate: string) => string;
  /** One rate of the VAT summary: the rate and what it applies to. */
  vatOver: (rate: string, base: string, included: boolean) => string;
  reverseCharge: string;
  reverseChargeNote: string;
  pricesExcludeVat: string;
  total: string;
  paymentPlan: string;
  instalmentColumn: string;
  instalment: (sequence: number) => string;
  due: string;
  status: string;
  instalmentStatus: Record<"scheduled" | "paid" | "failed" | "cancelled", string>;
  pricesIncludeVat: string;
  /** Heading of what the buyer agreed to at checkout. */
  consentTitle: string;
  vatNumber: string;
  workingHours: string;
  page: (page: number, pages: number) => string;
  paymentMethods: Record<PaymentMethod, string>;
  creditNote: string;
  creditNoteNumber: string;
  creditNoteDate: string;
  /** "Credits invoice": the invoice a credit note corrects. */
  creditsInvoice: string;
  refundKinds: Record<Exclude<RefundKind, "duplicate">, string>;
  totalCredited: string;
}

const en: InvoicePdfMessages = {
  invoice: "Invoice",
  invoiceNumber: "Invoice number",
  invoiceDate: "Invoice date",
  orderNumber: "Order number",
  paymentMethod: "Payment method",
  billTo: "Bill to",
  description: "Description",
  unitPrice: "Unit price",
  quantity: "Qty",
  amount: "Amount",
  subtotal: "Subtotal",
  discount: "Discount",
  discountWithCode: (code) => `Discount (${code})`,
  shipping: (carrier) => `Shipping (${carrier})`,
  vatIncluded: (rate) => `VAT ${rate} (included)`,
  vatOver: (rate, base, included) => `VAT ${rate} over ${base}${included ? " (included)" : ""}`,
  reverseCharge: "VAT reverse-charged",
  reverseChargeNote:
    "Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).",
  pricesExcludeVat: "VAT is added to the prices.",
  total: "Total",
  paymentPlan: "Payment plan",
  instalmentColumn: "Instalment",
  instalment: (sequence) => `Instalment ${sequence}`,
  due: "Due",
  status: "Status",
  instalmentStatus: { scheduled: "Scheduled", paid: "Paid", failed: "Not collected", cancelled: "Cancelled" },
  pricesIncludeVat: "All prices include VAT.",
  consentTitle: "Terms and right of withdrawal",
  vatNumber: "VAT number",
  workingHours: "Working hours",
  page: (page, pages) => `Page ${page} of ${pages}`,
  paymentMethods: {
    cash: "Cash",
    card: "Card",
    credit: "Credit",
    stripe: "Card (Stripe)",
    paypal: "Paypal",
    ideal: "iDEAL",
    cod: "Cash on delivery",
    bank_transfer: "Bank transfer",
  },
  creditNote: "Credit note",
  creditNoteNumber: "Credit note number",
  creditNoteDate: "Credit note date",
  creditsInvoice: "Credits invoice",
  refundKinds: { cancel: "Order cancelled", return: "Courses returned", partial: "Partial refund" },
  totalCredited: "Total credited",
};

const nl: InvoicePdfMessages = {
  invoice: "Factuur",
  invoiceNumber: "Factuurnummer",
  invoiceDate: "Factuurdatum",
  orderNumber: "Bestelnummer",
  paymentMethod: "Betaalmethode",
  billTo: "Factuur aan",
  description: "Omschrijving",
  unitPrice: "Prijs per stuk",
  quantity: "Aantal",
  amount: "Bedrag",
  subtotal: "Subtotaal",
  discount: "Korting",
  discountWithCode: (code) => `Korting (${code})`,
  shipping: (carrier) => `Verzending (${carrier})`,
  vatIncluded: (rate) => `Btw ${rate} (inbegrepen)`,
  vatOver: (rate, base, included) => `Btw ${rate} over ${base}${included ? " (inbegrepen)" : ""}`,
  reverseCharge: "Btw verlegd",
  reverseChargeNote:
    "Btw verlegd: de btw wordt voldaan door de afnemer (artikel 196, Richtlijn 2006/112/EG).",
  pricesExcludeVat: "De btw komt bij de prijzen.",
  total: "Totaal",
  paymentPlan: "Betalingsregeling",
  instalmentColumn: "Termijn",
  instalment: (sequence) => `Termijn ${sequence}`,
  due: "Vervaldatum",
  status: "Status",
  instalmentStatus: { scheduled: "Gepland", paid: "Betaald", failed: "Niet geïnd", cancelled: "Geannuleerd" },
  pricesIncludeVat: "Alle prijzen zijn inclusief btw.",
  consentTitle: "Voorwaarden en herroepingsrecht",
  vatNumber: "Btw-nummer",
  workingHours: "Openingstijden",
  page: (page, pages) => `Pagina ${page} van ${pages}`,
  paymentMethods: {
    cash: "Contant",
    card: "Pinpas of creditcard",
    credit: "Tegoed",
    stripe: "Kaart (Stripe)",
    paypal: "Paypal",
    ideal: "iDEAL",
    cod: "Rembours",
    bank_transfer: "Bankoverschrijving",
  },
  creditNote: "Creditnota",
  creditNoteNumber: "Creditnotanummer",
  creditNoteDate: "Creditnotadatum",
  creditsInvoice: "Crediteert factuur",
  refundKinds: {
    cancel: "Bestelling geannuleerd",
    return: "Cursussen geretourneerd",
    partial: "Gedeeltelijke terugbetaling",
  },
  totalCredited: "Totaal gecrediteerd",
};

const dictionaries: Record<Language, InvoicePdfMessages> = { en, nl };

export function invoicePdfMessages(language: string): InvoicePdfMessages {
  return dictionaries[language as Language] ?? en;
}
