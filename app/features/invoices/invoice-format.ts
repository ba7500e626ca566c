/** Amounts on invoices always show every decimal of the currency: "€49.00", "€ 39,50", "¥6,350". */
export { formatFullMoney as formatInvoiceMoney } from "~shared/money";

/** A date on an invoice ("14 May 2024"), in the school's time zone. */
export function formatInvoiceDate(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** "21%" from basis points. */
export function formatVatRate(rateBp: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}

/** Where the PDF of an invoice is downloaded, labelled in `language`. */
export function invoicePdfUrl(id: string, language: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf?lng=${encodeURIComponent(language)}`;
}

/** Where the buyer downloads the PDF of one of their credit notes, labelled in `language`. */
export function creditNotePdfUrl(id: string, language: string): string {
  return `/api/credit-notes/${encodeURIComponent(id)}/pdf?lng=${encodeURIComponent(language)}`;
}
