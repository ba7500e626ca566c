import { ShoppingBag, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Price } from "~/components/price";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { checkoutErrorMessage } from "~/features/cart/error-message";
import { OrderSummary } from "~/features/cart/order-summary";
import { useQuote } from "~/features/cart/use-quote";
import { checkoutItem, courseItemsOf, productItemsOf } from "~/features/shop/product-cart";
import { ProductCartLine } from "~/features/shop/product-cart-line";
import { useTranslation } from "~/i18n/use-translation";
import {
  cartSeats,
  MAX_CART_SEATS,
  removeFromCart,
  setCartSeats,
  useCart,
  useCartReady,
} from "~/lib/cart-store";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches[0]?.data, "cart.metaTitle");

export default function Cart() {
  const { t, i18n } = useTranslation();
  const all = useCart();
  /** The line whose removal waits for "Are you sure you want to delete this Item?". */
  const [removing, setRemoving] = useState<{ id: string; title: string } | null>(null);
  const ready = useCartReady();
  const items = courseItemsOf(all);
  const productItems = productItemsOf(all);
  const quoteState = useQuote(
    items.map((item) => item.id),
    undefined,
    productItems.map((item) => checkoutItem(item.product)),
    cartSeats(items),
  );
  const quote = quoteState.quote;
  const lineFor = (id: string) => quote?.lines.find((line) => line.courseId === id);
  const blocked = (id: string) => {
    const line = lineFor(id);
    if (quote?.unavailable.includes(id)) return t("cart.unavailable");
    if (line?.owned) return t("cart.owned");
    if (line?.soldOut) return t("cart.soldOut");
    if (line && line.seatsLeft !== null && line.quantity > line.seatsLeft) {
      return t("cart.seatsLeft", { count: line.seatsLeft });
    }
    return null;
  };
  const productLineFor = (item: (typeof productItems)[number]) =>
    quote?.productLines.find(
      (line) => line.productId === item.product.productId && line.variantId === item.product.variantId,
    );
  const productBlocked = (item: (typeof productItems)[number]) => {
    if (quote?.unavailable.includes(item.product.productId)) return t("shop.cart.unavailable");
    if (productLineFor(item)?.soldOut) return t("shop.cart.soldOut");
    return null;
  };
  const buyable =
    items.filter((item) => quote && !blocked(item.id)).length +
    productItems.filter((item) => quote && !productBlocked(item)).length;
  const anyBlocked =
    items.some((item) => blocked(item.id)) || productItems.some((item) => productBlocked(item));

  if (ready && all.length === 0) {
    return (
      <Container className="py-16 sm:py-24">
        <div className="mx-auto flex max-w-md flex-col items-center text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
            <ShoppingBag aria-hidden="true" className="size-8" />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink">{t("cart.emptyTitle")}</h1>
          <p className="mt-3 text-base text-ink-muted">{t("cart.emptyText")}</p>
          <ButtonLink to={paths.home()} variant="primary" size="lg" className="mt-8">
            {t("cart.browse")}
          </ButtonLink>
        </div>
      </Container>
    );
  }

  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("cart.title")}</h1>
      {ready && (
        <p className="mt-1 text-sm text-ink-muted">
          {productItems.length > 0
            ? t("shop.cart.itemCount", { count: all.length })
            : t("cart.itemCount", { count: items.length })}
        </p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <ul className="grid content-start gap-4" aria-label={t("cart.title")}>
          {items.map((item) => {
            const problem = blocked(item.id);
            const line = lineFor(item.id);
            return (
              <li
                key={item.id}
                className="flex gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card max-sm:flex-col"
              >
                {item.image && (
                  <img
                    src={item.image}
                    alt=""
                    width={160}
                    height={90}
                    className="aspect-video w-full shrink-0 rounded-lg object-cover sm:w-40"
                  />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <h2 className="text-base font-bold text-ink">
                    <Link
                      to={paths.course(item.slug)}
                      className="rounded-sm hover:text-primary-ink hover:underline"
                    >
                      {line?.title ?? item.title}
                    </Link>
                  </h2>
                  <Price
                    priceCents={line?.priceCents ?? item.priceCents}
                    salePriceCents={line ? line.salePriceCents : item.salePriceCents}
                    currency={line && quote ? quote.currency : item.currency}
                  />
                  <label className="flex items-center gap-2 text-sm text-ink">
                    <span>{t("cart.seats")}</span>
                    <input
                      type="number"
                      min={1}
                      max={MAX_CART_SEATS}
                      inputMode="numeric"
                      value={item.seats ?? 1}
                      onChange={(event) => setCartSeats(item.id, Number(event.target.value))}
                      aria-label={t("cart.seatsOf", { title: line?.title ?? item.title })}
                      className="min-h-11 w-20 rounded-lg border border-line bg-surface px-3 text-ink"
                    />
                  </label>
                  {(item.seats ?? 1) > 1 && <p className="text-sm text-ink-muted">{t("cart.seatsHint")}</p>}
                  {problem && (
                    <p className="text-sm font-semibold text-danger" data-testid="cart-item-problem">
                      {problem}
                    </p>
                  )}
                </div>
                <div className="flex items-start sm:justify-end">
                  <Button
                    variant="ghost"
                    onClick={() => setRemoving({ id: item.id, title: line?.title ?? item.title })}
                    aria-label={t("cart.removeItem", { title: item.title })}
                  >
                    <Trash2 aria-hidden="true" />
                    {t("cart.remove")}
                  </Button>
                </div>
              </li>
            );
          })}
          {productItems.map((item) => (
            <ProductCartLine
              key={item.id}
              item={item}
              line={productLineFor(item)}
              currency={quote?.currency ?? item.currency}
              problem={productBlocked(item)}
              onRemove={setRemoving}
            />
          ))}
        </ul>

        <div className="grid content-start gap-4 lg:sticky lg:top-below-header lg:self-start">
          {quote ? (
            <OrderSummary totals={quote} />
          ) : (
            <p
              className="rounded-2xl border border-line bg-surface p-6 text-sm text-ink-muted"
              aria-live="polite"
            >
              {quoteState.status === "error"
                ? checkoutErrorMessage(quoteState.error, t, i18n.language)
                : t("cart.loading")}
            </p>
          )}
          {quoteState.status === "error" && (
            <Button variant="secondary" onClick={quoteState.retry}>
              {t("common.tryAgain")}
            </Button>
          )}
          {anyBlocked && <p className="text-sm text-ink-muted">{t("cart.removeToContinue")}</p>}
          {buyable > 0 ? (
            <ButtonLink to={paths.checkout()} variant="accent" size="lg" className="w-full">
              {t("cart.checkout")}
            </ButtonLink>
          ) : (
            <Button variant="accent" size="lg" className="w-full" disabled>
              {t("cart.checkout")}
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        isOpen={removing !== null}
        title={t("cart.removeQuestion")}
        icon={<Trash2 aria-hidden="true" className="size-6" />}
        confirmLabel={t("cart.removeConfirm")}
        cancelLabel={t("cart.removeKeep")}
        danger
        onConfirm={() => {
          if (removing) removeFromCart(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing && <p className="mt-2 text-sm text-ink-muted">{removing.title}</p>}
      </ConfirmDialog>
    </Container>
  );
}
