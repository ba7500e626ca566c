import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/format";

/** Current price, with the struck-through original when the course is on sale. */
export function Price({
  priceCents,
  salePriceCents,
  currency,
  size = "md",
  className,
}: {
  priceCents: number;
  salePriceCents: number | null;
  currency: string;
  size?: "md" | "lg";
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const onSale = salePriceCents !== null && salePriceCents < priceCents;
  const current = onSale ? salePriceCents : priceCents;
  const currentText = current === 0 ? t("price.free") : formatMoney(current, currency, i18n.language);
  return (
    <p className={cn("flex flex-wrap items-baseline gap-x-2 gap-y-0.5", className)}>
      {onSale && <span className="sr-only">{t("price.salePrice")}</span>}
      <span
        className={cn(
          "font-bold tracking-tight text-ink tabular-nums",
          size === "lg" ? "text-3xl" : "text-xl",
        )}
      >
        {currentText}
      </span>
      {onSale && (
        <>
          <span className="sr-only">{t("price.originalPrice")}</span>
          <s className={cn("text-ink-muted tabular-nums", size === "lg" ? "text-base" : "text-sm")}>
            {formatMoney(priceCents, currency, i18n.language)}
          </s>
        </>
      )}
    </p>
  );
}
