import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/**
 * Selling or Sold Out (spec section 4). With a counted quantity, how many are left; `quantity`
 * null or undefined: not counted (downloads) or not shown.
 */
export function StockBadge({
  inStock,
  quantity,
  className,
}: {
  inStock: boolean;
  quantity?: number | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 text-sm font-semibold",
        inStock ? "text-primary-ink" : "text-danger",
        className,
      )}
      data-testid="stock-status"
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", inStock ? "bg-primary" : "bg-danger")} />
      {!inStock
        ? t("shop.soldOut")
        : quantity === null || quantity === undefined
          ? t("shop.inStock")
          : t("shop.inStockCount", { count: quantity })}
    </p>
  );
}
