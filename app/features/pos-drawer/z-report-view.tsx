import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import type { ZReport } from "~server/modules/pos-drawer/pos-drawer.schemas";

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 border-b border-line py-1 last:border-0">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-semibold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A Z-report's figures: sales and refunds per payment method, discounts, taxes, and the cash. */
export function ZReportView({ report, currency }: { report: ZReport; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const method = (value: string) => t(`adminOrders.method.${value}`, { defaultValue: value });
  const rate = (bp: number) =>
    new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000);
  const section = "grid gap-2 break-inside-avoid";
  const heading = "text-sm font-bold tracking-wide text-ink uppercase";
  return (
    <div className="grid gap-6 md:grid-cols-2 print:grid-cols-1">
      <section className={section} aria-labelledby="z-sales">
        <h3 id="z-sales" className={heading}>
          {t("adminPos.z.sales")}
        </h3>
        <Rows
          rows={[
            [t("adminPos.z.orders"), String(report.ordersCount)],
            ...report.salesByMethod.map((row): [string, string] => [
              t("adminPos.z.methodLine", { method: method(row.method), count: row.count }),
              money(row.amountCents),
            ]),
            [t("adminPos.z.gross"), money(report.grossSalesCents)],
          ]}
        />
      </section>
      <section className={section} aria-labelledby="z-refunds">
        <h3 id="z-refunds" className={heading}>
          {t("adminPos.z.refunds")}
        </h3>
        <Rows
          rows={[
            [t("adminPos.z.returns"), String(report.returnsCount)],
            ...report.refundsByMethod.map((row): [string, string] => [
              method(row.method),
              money(-row.amountCents),
            ]),
            [t("adminPos.z.refundsTotal"), money(-report.refundsCents)],
            [t("adminPos.z.net"), money(report.netSalesCents)],
          ]}
        />
      </section>
      <section className={section} aria-labelledby="z-taxes">
        <h3 id="z-taxes" className={heading}>
          {t("adminPos.z.discountsAndTaxes")}
        </h3>
        <Rows
          rows={[
            [t("adminPos.z.discounts"), money(report.discountCents)],
            ...report.taxes.map((row): [string, string] => [
              t("adminPos.z.taxAt", { rate: rate(row.rateBp) }),
              money(row.taxCents),
            ]),
            [t("adminPos.z.taxTotal"), money(report.taxCents)],
          ]}
        />
      </section>
      <section className={section} aria-labelledby="z-cash">
        <h3 id="z-cash" className={heading}>
          {t("adminPos.z.cash")}
        </h3>
        <Rows
          rows={[
            [t("adminPos.z.float"), money(report.cash.floatCents)],
            [t("adminPos.z.cashSales"), money(report.cash.salesCents)],
            [t("adminPos.z.cashRefunds"), money(-report.cash.refundsCents)],
            [t("adminPos.z.cashIn"), money(report.cash.inCents)],
            [t("adminPos.z.cashOut"), money(-report.cash.outCents)],
            [t("adminPos.z.expected"), money(report.cash.expectedCents)],
          ]}
        />
      </section>
    </div>
  );
}
