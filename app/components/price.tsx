import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/format";

/** Current price, with the struck-through original when the course is on sale (classes: app.css). */
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
    <p className={cn("price", className)}>
      {onSale && <span className="sr-only">{t("price.salePrice")}</span>}
      <span className={size === "lg" ? "price-current-lg" : "price-current"}>{currentText}</span>
      {onSale && (
        <>
          <span className="sr-only">{t("price.originalPrice")}</span>
          <s className={size === "lg" ? "price-original-lg" : "price-original"}>
            {formatMoney(priceCents, currency, i18n.language)}
          </s>
        </>
      )}
    </p>
  );
}
