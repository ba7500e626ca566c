import { useTranslation } from "react-i18next";
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
}

/** Subtotal, discount, total and the VAT it includes; with a payment plan also what is due today. */
export function OrderSummary({
  totals,
  plan,
  className,
  children,
}: {
  totals: SummaryTotals;
  plan?: { instalments: number; firstCents: number; laterCents: number } | null;
  className?: string;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, totals.currency, i18n.language);
  const rate = formatNumber(totals.vatRateBp / 100, i18n.language, { maximumFractionDigits: 2 });
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
        <div className="mt-2 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold text-ink">
          <dt>{t("summary.total")}</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {money(totals.totalCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 text-xs">
          <dt className="text-ink-muted">{t("summary.vatIncluded", { rate })}</dt>
          <dd className="tabular-nums text-ink-muted">{money(totals.vatCents)}</dd>
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
