import type { ReportName } from "~shared/reports";
import type { Reports } from "./reports.schemas";

type Cell = string | number | null;

/**
 * One report as CSV rows: a header row of stable column names, then the rows. Amounts in cents of
 * the shop currency (named in every row, so a file read on its own says what it counts).
 */
export function reportCsvRows(reports: Reports, name: ReportName): Cell[][] {
  const { currency } = reports;
  switch (name) {
    case "sales":
      return [
        [
          "period",
          "orders",
          "gross_cents",
          "discount_cents",
          "tax_cents",
          "net_cents",
          "total_cents",
          "currency",
        ],
        ...reports.sales.periods.map((row) => [
          row.period,
          row.orders,
          row.grossCents,
          row.discountCents,
          row.taxCents,
          row.netCents,
          row.totalCents,
          currency,
        ]),
      ];
    case "items":
      return [
        ["kind", "id", "title", "quantity", "orders", "gross_cents", "tax_cents", "currency"],
        ...reports.items.map((row) => [
          row.kind,
          row.id,
          row.title,
          row.quantity,
          row.orders,
          row.grossCents,
          row.taxCents,
          currency,
        ]),
      ];
    case "categories":
      return [
        ["category_id", "category", "quantity", "orders", "gross_cents", "currency"],
        ...reports.categories.map((row) => [
          row.id,
          row.name,
          row.quantity,
          row.orders,
          row.grossCents,
          currency,
        ]),
      ];
    case "payment-methods":
      return [
        ["payment_method", "orders", "total_cents", "currency"],
        ...reports.paymentMethods.map((row) => [row.method, row.orders, row.totalCents, currency]),
      ];
    case "channels":
      return [
        ["channel", "orders", "total_cents", "currency"],
        ...reports.channels.map((row) => [row.channel, row.orders, row.totalCents, currency]),
      ];
    case "refunds":
      return [
        ["kind", "refunds", "orders", "amount_cents", "currency"],
        ...reports.refunds.kinds.map((row) => [row.kind, row.refunds, row.orders, row.amountCents, currency]),
        [],
        ["returns", "returned_lines", "restocked_returns", "return_refund_cents", "currency"],
        [
          reports.refunds.returns.returns,
          reports.refunds.returns.lines,
          reports.refunds.returns.restocked,
          reports.refunds.returns.refundCents,
          currency,
        ],
      ];
    case "taxes":
      return [
        ["country", "tax", "rate_percent", "orders", "base_cents", "tax_cents", "currency"],
        ...reports.taxes.map((row) => [
          row.country,
          row.name,
          row.rateBp / 100,
          row.orders,
          row.baseCents,
          row.taxCents,
          currency,
        ]),
      ];
    case "customers":
      return [
        ["customers", "count", "orders", "total_cents", "currency"],
        ...reports.customers.map((row) => [row.type, row.customers, row.orders, row.totalCents, currency]),
      ];
  }
}
