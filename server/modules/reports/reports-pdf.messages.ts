import type { Language } from "~shared/language";
import type { ReportName } from "~shared/reports";

/** The words printed on a report PDF (server side, so not in the web app's locale files; same wording). */
export interface ReportPdfMessages {
  titles: Record<ReportName, string>;
  period: (from: string, to: string) => string;
  amountsIn: (currency: string, timeZone: string) => string;
  empty: string;
  removed: string;
  otherItems: (items: string) => string;
  topItems: (shown: string, all: string, sort: "revenue" | "quantity") => string;
  noCategory: string;
  noCountry: string;
  total: string;
  grouping: Record<"day" | "week" | "month", string>;
  kind: Record<"course" | "product", string>;
  channel: Record<"online" | "pos", string>;
  refundKind: Record<"cancel" | "return" | "partial" | "duplicate", string>;
  customerType: Record<"new" | "returning", string>;
  returns: (returns: string, lines: string, restocked: string, refunded: string) => string;
  columns: {
    orders: string;
    gross: string;
    discounts: string;
    tax: string;
    net: string;
    total: string;
    item: string;
    kind: string;
    quantity: string;
    category: string;
    method: string;
    channel: string;
    reason: string;
    refunds: string;
    amount: string;
    country: string;
    taxName: string;
    rate: string;
    taxBase: string;
    customerType: string;
    customers: string;
  };
  page: (page: number, pages: number) => string;
}

const en: ReportPdfMessages = {
  titles: {
    sales: "Sales over time",
    items: "Sales by course and product",
    categories: "Sales by category",
    "payment-methods": "Sales by payment method",
    channels: "Sales by channel",
    refunds: "Refunds and returns",
    taxes: "Taxes collected by country and rate",
    customers: "New and returning customers",
  },
  period: (from, to) => `Period: ${from} – ${to}`,
  amountsIn: (currency, timeZone) =>
    `Paid orders by the day they were placed, refunds by the day they were made; amounts in ${currency}, days in ${timeZone}.`,
  empty: "Nothing in this period.",
  removed: "Removed item",
  otherItems: (items) => `All other items (${items})`,
  topItems: (shown, all, sort) =>
    `The ${shown} items with the most ${sort === "revenue" ? "revenue" : "quantity sold"} of ${all}; the row "All other items" sums the rest. The CSV export lists every item.`,
  noCategory: "Without a category",
  noCountry: "Not recorded",
  total: "Total",
  grouping: { day: "Day", week: "Week", month: "Month" },
  kind: { course: "Course", product: "Product" },
  channel: { online: "Online store", pos: "Point of sale" },
  refundKind: {
    cancel: "Cancelled order",
    return: "Return",
    partial: "Partial refund",
    duplicate: "Second payment given back",
  },
  customerType: { new: "New customers", returning: "Returning customers" },
  returns: (returns, lines, restocked, refunded) =>
    `Returns: ${returns} (${lines} lines returned, ${restocked} restocked), ${refunded} refunded for returns.`,
  columns: {
    orders: "Orders",
    gross: "Gross",
    discounts: "Discounts",
    tax: "Tax",
    net: "Net",
    total: "Total",
    item: "Course or product",
    kind: "Type",
    quantity: "Sold",
    category: "Category",
    method: "Payment method",
    channel: "Channel",
    reason: "Reason",
    refunds: "Refunds",
    amount: "Amount",
    country: "Country",
    taxName: "Tax",
    rate: "Rate",
    taxBase: "Taxable amount",
    customerType: "Customers",
    customers: "Number",
  },
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const nl: ReportPdfMessages = {
  titles: {
    sales: "Verkopen door de tijd",
    items: "Verkopen per cursus en product",
    categories: "Verkopen per categorie",
    "payment-methods": "Verkopen per betaalmethode",
    channels: "Verkopen per kanaal",
    refunds: "Terugbetalingen en retouren",
    taxes: "Geïnde belasting per land en tarief",
    customers: "Nieuwe en terugkerende klanten",
  },
  period: (from, to) => `Periode: ${from} – ${to}`,
  amountsIn: (currency, timeZone) =>
    `Betaalde bestellingen op de dag van bestellen, terugbetalingen op de dag van terugbetalen; bedragen in ${currency}, dagen in ${timeZone}.`,
  empty: "Niets in deze periode.",
  removed: "Verwijderd artikel",
  otherItems: (items) => `Alle andere artikelen (${items})`,
  topItems: (shown, all, sort) =>
    `De ${shown} artikelen met ${sort === "revenue" ? "de meeste omzet" : "het meeste verkochte aantal"} van ${all}; de regel "Alle andere artikelen" telt de rest op. De CSV-export bevat elk artikel.`,
  noCategory: "Zonder categorie",
  noCountry: "Niet vastgelegd",
  total: "Totaal",
  grouping: { day: "Dag", week: "Week", month: "Maand" },
  kind: { course: "Cursus", product: "Product" },
  channel: { online: "Webwinkel", pos: "Kassa" },
  refundKind: {
    cancel: "Geannuleerde bestelling",
    return: "Retour",
    partial: "Gedeeltelijke terugbetaling",
    duplicate: "Tweede betaling teruggegeven",
  },
  customerType: { new: "Nieuwe klanten", returning: "Terugkerende klanten" },
  returns: (returns, lines, restocked, refunded) =>
    `Retouren: ${returns} (${lines} regels geretourneerd, ${restocked} terug op voorraad), ${refunded} terugbetaald voor retouren.`,
  columns: {
    orders: "Bestellingen",
    gross: "Bruto",
    discounts: "Kortingen",
    tax: "Belasting",
    net: "Netto",
    total: "Totaal",
    item: "Cursus of product",
    kind: "Soort",
    quantity: "Verkocht",
    category: "Categorie",
    method: "Betaalmethode",
    channel: "Kanaal",
    reason: "Reden",
    refunds: "Terugbetalingen",
    amount: "Bedrag",
    country: "Land",
    taxName: "Belasting",
    rate: "Tarief",
    taxBase: "Belastbaar bedrag",
    customerType: "Klanten",
    customers: "Aantal",
  },
  page: (page, pages) => `Pagina ${page} van ${pages}`,
};

const dictionaries: Record<Language, ReportPdfMessages> = { en, nl };

export function reportPdfMessages(language: string): ReportPdfMessages {
  return dictionaries[language as Language] ?? en;
}
