import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { Price } from "~/components/price";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { StockBadge } from "./stock-badge";
import type { ProductCard as ProductCardData } from "./types";

/** One product in the shop grid: image → type → title → price (from, with variants) → stock → view. */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 2,
}: {
  product: ProductCardData;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const href = paths.product(product.slug);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card transition-[box-shadow,translate] duration-200 hover:-translate-y-0.5 hover:shadow-raised">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative flex aspect-square items-center justify-center overflow-hidden bg-sunken"
      >
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={480}
            height={480}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <ShoppingBag aria-hidden="true" className="size-12 text-ink-muted" strokeWidth={1.5} />
        )}
      </Link>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
          {t(`shop.types.${product.type}`)}
        </p>
        <Heading className="mt-1.5 text-lg font-bold tracking-tight text-ink">
          <Link
            to={href}
            className="rounded-sm decoration-2 underline-offset-4 hover:text-primary-ink hover:underline"
          >
            {product.title}
          </Link>
        </Heading>
        <div className="mt-3">
          <StockBadge inStock={product.inStock} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4 mt-5">
          <div>
            {product.hasVariants && <p className="text-xs text-ink-muted">{t("shop.from")}</p>}
            <Price
              priceCents={product.priceCents}
              salePriceCents={product.salePriceCents}
              currency={product.currency}
            />
          </div>
          <Link to={href} className={buttonClasses({ variant: "secondary" })}>
            {product.hasVariants ? t("shop.chooseOptions") : t("shop.view")}
            <span className="sr-only">: {product.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
