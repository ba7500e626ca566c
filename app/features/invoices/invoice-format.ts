import { type DateSettings, dateFormatter } from "~shared/date-formats";

/** Amounts on invoices always show every decimal of the currency: "€49.00", "€ 39,50", "¥6,350". */
export { formatFullMoney as formatInvoiceMoney } from "~shared/money";

/** A date on an invoice, in the school's date format and time zone (Settings). */
export function formatInvoiceDate(iso: string, language: string, settings: Partial<DateSettings>): string {
  return dateFormatter(language, settings).format(new Date(iso));
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
