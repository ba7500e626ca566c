import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney, formatNumber } from "~/lib/format";

export interface SummaryTotals {
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  vatRateBp: number;
  totalCents: number;
  currency: string;
  couponCode?: string | null;
  /** Each rate and its amount (orders and quotes since taxes by country). */
  taxLines?: { name: string; rateBp: number; taxCents: number }[];
  reverseCharge?: boolean;
  pricesIncludeTax?: boolean;
}

/** The carrier and its cost, when the order ships goods (the cost is part of the total, not of the subtotal). */
export interface SummaryShipping {
  carrier: string;
  costCents: number;
}

/**
 * Reads top to bottom as the total adds up: subtotal of the lines, discount, shipping, the tax
 * (included or added), then the total; with a payment plan also what is due today.
 */
export function OrderSummary({
  totals,
  shipping,
  plan,
  className,
  children,
}: {
  totals: SummaryTotals;
  shipping?: SummaryShipping | null;
  plan?: { instalments: number; firstCents: number; laterCents: number } | null;
  className?: string;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, totals.currency, i18n.language);
  const percent = (rateBp: number) => formatNumber(rateBp / 100, i18n.language, { maximumFractionDigits: 2 });
  const taxLines = totals.taxLines ?? [{ name: "", rateBp: totals.vatRateBp, taxCents: totals.vatCents }];
  const taxLabel = (rateBp: number) =>
    totals.reverseCharge
      ? t("summary.reverseCharge")
      : t(totals.pricesIncludeTax === false ? "summary.vatAdded" : "summary.vatIncluded", {
          rate: percent(rateBp),
        });
  return (
    <section
      aria-labelledby="order-summary-title"
      className={cn("rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6", className)}
    >
      <h2 id="order-summary-title" className="text-xl font-bold tracking-tight text-ink">
        {t("summary.title")}
      </h2>
      {children}
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t("summary.subtotal")}</dt>
          <dd className="tabular-nums text-ink">{money(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">
              {totals.couponCode
                ? t("summary.discountCode", { code: totals.couponCode })
                : t("summary.discount")}
            </dt>
            <dd className="tabular-nums text-primary-ink">−{money(totals.discountCents)}</dd>
          </div>
        )}
        {shipping && (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">{t("checkout.shippingLine", { carrier: shipping.carrier })}</dt>
            <dd className="tabular-nums text-ink">{money(shipping.costCents)}</dd>
          </div>
        )}
        {taxLines.map((tax) => (
          <div key={`${tax.name}-${tax.rateBp}`} className="flex justify-between gap-4 text-xs">
            <dt className="text-ink-muted">{taxLabel(tax.rateBp)}</dt>
            <dd className="tabular-nums text-ink-muted">{money(tax.taxCents)}</dd>
          </div>
        ))}
        <div className="mt-2 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold text-ink">
          <dt>{t("summary.total")}</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {money(totals.totalCents)}
          </dd>
        </div>
        {plan && plan.instalments > 1 && (
          <div className="mt-2 rounded-lg bg-sunken p-3">
            <div className="flex justify-between gap-4 font-semibold text-ink">
              <dt>{t("summary.dueToday")}</dt>
              <dd className="tabular-nums">{money(plan.firstCents)}</dd>
            </div>
            <p className="mt-1 text-xs text-ink-muted">
              {t("summary.thenMonthly", { count: plan.instalments - 1, amount: money(plan.laterCents) })}
            </p>
          </div>
        )}
      </dl>
    </section>
  );
}
