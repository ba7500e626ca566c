import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import type { ProductQuoteLine } from "~server/modules/products/product-cart";
import { type ProductCartItem, setProductQuantity } from "./product-cart";

const stepButton =
  "inline-flex size-11 items-center justify-center rounded-lg border border-line bg-surface text-ink " +
  "hover:border-primary-ink hover:text-primary-ink disabled:pointer-events-none disabled:opacity-50";

/**
 * A product in the cart: image, title and chosen variant, extras and note, how many (with − and +
 * when more than one may be bought), the line's price from the server's quote, and why it cannot be
 * ordered now when that is so.
 */
export function ProductCartLine({
  item,
  line,
  currency,
  problem,
  onRemove,
}: {
  item: ProductCartItem;
  /** The server's line; undefined while the quote loads (the stored prices are shown). */
  line: ProductQuoteLine | undefined;
  currency: string;
  problem: string | null;
  /** Asked to remove the line (the cart confirms first). */
  onRemove: (item: { id: string; title: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const { product } = item;
  const title = line?.title ?? item.title;
  const variant = line?.variantLabel ?? product.variantLabel;
  const unit = line?.unitPriceCents ?? item.salePriceCents ?? item.priceCents;
  const money = (cents: number) => formatMoney(cents, line ? currency : item.currency, i18n.language);
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card max-sm:flex-col">
      {item.image && (
        <img
          src={item.image}
          alt=""
          width={160}
          height={160}
          className="aspect-square w-full shrink-0 rounded-lg object-cover sm:w-28"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-base font-bold text-ink">
          <Link to={paths.product(item.slug)} className="rounded-sm hover:text-primary-ink hover:underline">
            {title}
          </Link>
        </h2>
        {variant && <p className="text-sm text-ink-muted">{variant}</p>}
        {line && line.extras.length > 0 && (
          <ul className="text-sm text-ink-muted">
            {line.extras.map((extra) => (
              <li key={extra.id}>
                {t("shop.cart.extra", { name: extra.name, price: money(extra.priceCents) })}
              </li>
            ))}
          </ul>
        )}
        {product.note && (
          <p className="text-sm text-ink-muted">{t("shop.cart.note", { note: product.note })}</p>
        )}
        <p className="text-sm text-ink-muted tabular-nums">{t("shop.cart.each", { price: money(unit) })}</p>
        <p className="text-xl font-bold tracking-tight text-ink tabular-nums">
          {money(line?.totalCents ?? unit * product.quantity)}
        </p>
        {problem && (
          <p className="text-sm font-semibold text-danger" data-testid="cart-item-problem">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3 sm:flex-col sm:items-end">
        {product.multiple ? (
          <fieldset className="flex items-center gap-1">
            <legend className="sr-only">{t("shop.cart.quantityOf", { title })}</legend>
            <button
              type="button"
              className={stepButton}
              disabled={product.quantity <= 1}
              onClick={() => setProductQuantity(item.id, product.quantity - 1)}
              aria-label={t("shop.cart.less", { title })}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <output className="min-w-10 text-center font-semibold text-ink tabular-nums" aria-live="polite">
              {product.quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              disabled={product.quantity >= 100}
              onClick={() => setProductQuantity(item.id, product.quantity + 1)}
              aria-label={t("shop.cart.more", { title })}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </fieldset>
        ) : (
          <p className="text-sm text-ink-muted">{t("shop.cart.quantity", { count: product.quantity })}</p>
        )}
        <Button
          variant="ghost"
          onClick={() => onRemove({ id: item.id, title })}
          aria-label={t("cart.removeItem", { title })}
        >
          <Trash2 aria-hidden="true" />
          {t("cart.remove")}
        </Button>
      </div>
    </li>
  );
}
