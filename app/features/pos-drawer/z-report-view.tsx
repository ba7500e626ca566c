import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import type { ZReport } from "~server/modules/pos-drawer/pos-drawer.schemas";

type Row = [label: string, value: string];

/** One titled block of the report: label and figure per row. */
function ZTable({ id, title, rows }: { id: string; title: string; rows: Row[] }) {
  return (
    <section className="grid content-start gap-2 break-inside-avoid" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-bold tracking-wide text-ink uppercase">
        {title}
      </h3>
      <dl className="grid gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line py-1 last:border-0">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="font-semibold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A Z-report's figures: sales and refunds per payment method, discounts, taxes, and the cash. */
export function ZReportView({ report, currency }: { report: ZReport; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  // Money that left (refunds, cash out) with a minus, but nothing as "€0", not "-€0".
  const out = (cents: number) => money(cents === 0 ? 0 : -cents);
  const method = (value: string) => t(`adminOrders.method.${value}`, { defaultValue: value });
  const rate = (bp: number) =>
    new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000);
  return (
    <div className="grid gap-6 md:grid-cols-2 print:grid-cols-1">
      <ZTable
        id="z-sales"
        title={t("adminPos.z.sales")}
        rows={[
          [t("adminPos.z.orders"), String(report.ordersCount)],
          ...report.salesByMethod.map(
            (row): Row => [
              t("adminPos.z.methodLine", { method: method(row.method), count: row.count }),
              money(row.amountCents),
            ],
          ),
          [t("adminPos.z.gross"), money(report.grossSalesCents)],
        ]}
      />
      <ZTable
        id="z-refunds"
        title={t("adminPos.z.refunds")}
        rows={[
          [t("adminPos.z.returns"), String(report.returnsCount)],
          ...report.refundsByMethod.map((row): Row => [method(row.method), out(row.amountCents)]),
          [t("adminPos.z.refundsTotal"), out(report.refundsCents)],
          [t("adminPos.z.net"), money(report.netSalesCents)],
        ]}
      />
      <ZTable
        id="z-taxes"
        title={t("adminPos.z.discountsAndTaxes")}
        rows={[
          [t("adminPos.z.discounts"), money(report.discountCents)],
          ...report.taxes.map(
            (row): Row => [t("adminPos.z.taxAt", { rate: rate(row.rateBp) }), money(row.taxCents)],
          ),
          [t("adminPos.z.taxTotal"), money(report.taxCents)],
        ]}
      />
      <ZTable
        id="z-cash"
        title={t("adminPos.z.cash")}
        rows={[
          [t("adminPos.z.float"), money(report.cash.floatCents)],
          [t("adminPos.z.cashSales"), money(report.cash.salesCents)],
          [t("adminPos.z.cashRefunds"), out(report.cash.refundsCents)],
          [t("adminPos.z.cashIn"), money(report.cash.inCents)],
          [t("adminPos.z.cashOut"), out(report.cash.outCents)],
          [t("adminPos.z.expected"), money(report.cash.expectedCents)],
        ]}
      />
    </div>
  );
}
