import { Check, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Price } from "~/components/price";
import { Button, buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { addProductToCart, MAX_CART_PRODUCTS, productLineId } from "./product-cart";
import { StockBadge } from "./stock-badge";
import type { ProductDetail } from "./types";
import { type Choice, initialChoice, usedValues, valueAvailable, variantFor } from "./variant-choice";

const field =
  "mt-1.5 block min-h-11 rounded-lg border border-control bg-surface px-3 text-base text-ink " +
  "focus-visible:border-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

/**
 * The buying panel of a product page: the options that make a variant (each value a radio button,
 * values without stock marked), the chosen variant's price with and without tax and its stock,
 * paid extras, how many, a note when the product takes one, and Add to cart.
 */
export function ProductPurchase({ product }: { product: ProductDetail }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product));
  const [extras, setExtras] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState("");
  const [added, setAdded] = useState<"added" | "full" | null>(null);
  const money = (cents: number) => formatMoney(cents, product.currency, i18n.language);

  const hasVariants = product.variants.length > 0;
  const variant = hasVariants ? variantFor(product, choice) : undefined;
  const priceCents = variant ? variant.priceCents : product.priceCents;
  const salePriceCents = variant ? variant.salePriceCents : product.salePriceCents;
  const exclTax = variant ? variant.priceExclTaxCents : product.priceExclTaxCents;
  const inStock = hasVariants ? Boolean(variant?.inStock) : product.inStock;
  const stock = hasVariants ? (variant?.quantity ?? null) : product.quantity;
  const counted = product.quantity !== null;
  const maxQuantity = product.sellIndividualUnits
    ? Math.min(100, counted && stock && stock > 0 ? stock : 100)
    : 1;
  const unitCents =
    (salePriceCents ?? priceCents) +
    product.extras
      .filter((extra) => extras.includes(extra.id))
      .reduce((sum, extra) => sum + extra.priceCents, 0);
  const canAdd = inStock && (!hasVariants || variant !== undefined);

  function add() {
    if (!canAdd) return;
    const ok = addProductToCart({
      id: productLineId(product.id, variant?.id ?? null),
      slug: product.slug,
      title: product.title,
      image: product.images[0] ?? product.image,
      priceCents,
      salePriceCents,
      currency: product.currency,
      product: {
        productId: product.id,
        variantId: variant?.id ?? null,
        variantLabel: variant?.label ?? null,
        quantity: Math.min(quantity, maxQuantity),
        multiple: product.sellIndividualUnits,
        extraIds: extras,
        ...(product.allowNotes && note.trim() ? { note: note.trim().slice(0, 500) } : {}),
      },
    });
    setAdded(ok ? "added" : "full");
  }

  return (
    <div className="grid gap-5">
      <div>
        {product.hasVariants && !variant && <p className="text-xs text-ink-muted">{t("shop.from")}</p>}
        <Price
          size="lg"
          priceCents={priceCents}
          salePriceCents={salePriceCents}
          currency={product.currency}
        />
        <p className="mt-1 text-sm text-ink-muted" data-testid="price-excl-tax">
          {t("shop.exclTax", { price: money(exclTax) })}
        </p>
      </div>
      <StockBadge inStock={inStock} quantity={counted ? stock : null} />
      {variant?.sku && <p className="text-sm text-ink-muted">{t("shop.sku", { sku: variant.sku })}</p>}

      {product.options.map((option) => (
        <fieldset key={option.attributeId}>
          <legend className="text-sm font-semibold text-ink">{option.name}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {usedValues(product, option.attributeId).map((value) => {
              const available = valueAvailable(product, choice, option.attributeId, value.id);
              return (
                <label
                  key={value.id}
                  className={cn(
                    "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-sm text-ink",
                    "has-checked:border-primary-ink has-checked:bg-primary-soft has-checked:text-on-primary-soft",
                    "has-focus-visible:outline-2 has-focus-visible:outline-focus",
                    !available && "text-ink-muted",
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`${ids}-${option.attributeId}`}
                    value={value.id}
                    checked={choice[option.attributeId] === value.id}
                    onChange={() => {
                      setChoice((current) => ({ ...current, [option.attributeId]: value.id }));
                      setAdded(null);
                    }}
                  />
                  {value.label}
                  {!available && <span className="text-xs">({t("shop.soldOut")})</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}

      {product.extras.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t("shop.extras")}</legend>
          <div className="mt-2 grid gap-1">
            {product.extras.map((extra) => (
              <label
                key={extra.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink"
              >
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={extras.includes(extra.id)}
                  onChange={(event) =>
                    setExtras((current) =>
                      event.target.checked ? [...current, extra.id] : current.filter((id) => id !== extra.id),
                    )
                  }
                />
                {t("shop.extraPrice", { name: extra.name, price: money(extra.priceCents) })}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {product.sellIndividualUnits && (
        <div>
          <label htmlFor={`${ids}-quantity`} className="text-sm font-semibold text-ink">
            {t("shop.quantity")}
          </label>
          <input
            id={`${ids}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            value={quantity}
            onChange={(event) => {
              const next = Math.round(Number(event.target.value));
              setQuantity(Number.isFinite(next) ? Math.max(1, Math.min(maxQuantity, next)) : 1);
            }}
            className={cn(field, "w-28 tabular-nums")}
          />
        </div>
      )}

      {product.allowNotes && (
        <div>
          <label htmlFor={`${ids}-note`} className="text-sm font-semibold text-ink">
            {t("shop.note")}
          </label>
          <textarea
            id={`${ids}-note`}
            maxLength={500}
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={cn(field, "w-full py-2")}
          />
        </div>
      )}

      {(quantity > 1 || extras.length > 0) && canAdd && (
        <p className="text-sm font-semibold text-ink tabular-nums">
          {t("shop.lineTotal", { price: money(unitCents * Math.min(quantity, maxQuantity)) })}
        </p>
      )}

      {canAdd ? (
        // Pressed before the page has hydrated, it is pressed again once it has (app/lib/early-input.ts).
        <Button variant="accent" size="lg" className="w-full" data-early-click="" onClick={add}>
          <ShoppingBag aria-hidden="true" />
          {t("cart.addNow")}
        </Button>
      ) : (
        <Button variant="secondary" size="lg" className="w-full" disabled>
          {hasVariants && !variant ? t("shop.chooseVariant") : t("shop.soldOut")}
        </Button>
      )}
      <div role="status" className="empty:hidden">
        {added === "added" && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-primary-soft p-3 text-sm text-on-primary-soft">
            <span className="inline-flex items-center gap-2 font-semibold">
              <Check aria-hidden="true" className="size-4" />
              {t("shop.added")}
            </span>
            <Link to={paths.cart()} className={buttonClasses({ variant: "secondary" })}>
              {t("cart.goToCart")}
            </Link>
          </div>
        )}
        {added === "full" && (
          <p className="text-sm text-danger">{t("shop.cartFull", { count: MAX_CART_PRODUCTS })}</p>
        )}
      </div>
    </div>
  );
}
