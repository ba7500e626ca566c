import { Boxes, Download } from "lucide-react";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Container } from "~/components/ui/container";
import { ProductCard } from "~/features/shop/product-card";
import { ProductGallery } from "~/features/shop/product-gallery";
import { productJsonLd } from "~/features/shop/product-json-ld";
import { ProductPurchase } from "~/features/shop/product-purchase";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney, formatNumber } from "~/lib/format";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/product";

export { loader } from "./product.server";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data;
  const product = loaderData?.product;
  // Unknown product: the root error boundary renders, with the root's error title.
  if (!root || !product) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  const url = absoluteUrl(root.origin, paths.product(product.slug));
  const images = product.images.map((image) => absoluteUrl(root.origin, image));
  const description = product.description.split(/\n\s*\n/)[0]?.slice(0, 300) || product.title;
  return [
    ...seoMeta({
      title: t("catalogPage.meta.full", { title: product.title, shopName }),
      description,
      url,
      image: images[0],
      type: "product",
      siteName: shopName,
      language: root.language,
      site: root.seo,
    }),
    { "script:ld+json": productJsonLd({ product, url, images }) },
  ];
};

const MEASURES = ["length", "width", "height", "weight", "volume"] as const;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, product.currency, language);
  const measurements = product.measurements;
  const unitOf = (measure: (typeof MEASURES)[number]) =>
    measure === "weight"
      ? product.units.weight
      : measure === "volume"
        ? product.units.volume
        : product.units.length;
  const shownMeasures = MEASURES.filter((measure) => measurements && measurements[measure] !== null);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];

  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("catalogPage.breadcrumb")}
        items={[
          { label: t("catalogPage.home"), to: paths.home() },
          { label: t("shop.title"), to: paths.shop() },
          { label: product.title },
        ]}
      />

      <div className="mt-6 grid gap-x-12 gap-y-8 lg:grid-cols-2">
        <ProductGallery images={images} title={product.title} />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
            {t(`shop.types.${product.type}`)}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
            {product.title}
          </h1>
          {product.sku && product.variants.length === 0 && (
            <p className="mt-2 text-sm text-ink-muted">{t("shop.sku", { sku: product.sku })}</p>
          )}
          <div className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
            <ProductPurchase product={product} />
          </div>
        </div>
      </div>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="product-about">
          <h2 id="product-about" className="text-xl font-bold tracking-tight text-ink">
            {t("shop.about")}
          </h2>
          <div className="mt-4 grid max-w-[68ch] gap-4 text-base text-ink-muted">
            {product.description
              .split(/\n\s*\n/)
              .map((part) => part.trim())
              .filter(Boolean)
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </div>
        </section>

        <div className="grid content-start gap-6">
          {product.bundle && (
            <section
              aria-labelledby="product-bundle"
              className="rounded-2xl border border-line bg-surface p-5 shadow-card"
            >
              <h2 id="product-bundle" className="flex items-center gap-2 text-lg font-bold text-ink">
                <Boxes aria-hidden="true" className="size-5 text-primary-ink" />
                {t("shop.bundleTitle")}
              </h2>
              <ul className="mt-3 grid gap-2 text-sm">
                {product.bundle.items.map((item) => (
                  <li key={item.productId}>
                    <Link
                      to={paths.product(item.slug)}
                      className="font-semibold text-primary-ink hover:underline"
                    >
                      {item.quantity > 1 ? `${item.quantity} × ${item.title}` : item.title}
                    </Link>
                  </li>
                ))}
              </ul>
              {product.bundle.savingCents > 0 && (
                <p className="mt-3 text-sm text-ink" data-testid="bundle-saving">
                  {t("shop.bundleSaving", {
                    separate: money(product.bundle.separateCents),
                    saving: money(product.bundle.savingCents),
                  })}
                </p>
              )}
            </section>
          )}
          {product.download && (
            <section
              aria-labelledby="product-download"
              className="rounded-2xl border border-line bg-surface p-5 shadow-card"
            >
              <h2 id="product-download" className="flex items-center gap-2 text-lg font-bold text-ink">
                <Download aria-hidden="true" className="size-5 text-primary-ink" />
                {t("shop.downloadTitle")}
              </h2>
              <p className="mt-2 text-sm text-ink-muted">
                {product.download.limit === null
                  ? t("shop.downloadUnlimited")
                  : t("shop.downloadLimit", { count: product.download.limit })}
              </p>
            </section>
          )}
          {shownMeasures.length > 0 && measurements && (
            <section
              aria-labelledby="product-measures"
              className="rounded-2xl border border-line bg-surface p-5 shadow-card"
            >
              <h2 id="product-measures" className="text-lg font-bold text-ink">
                {t("shop.measurements")}
              </h2>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {shownMeasures.map((measure) => (
                  <div key={measure} className="contents">
                    <dt className="text-ink-muted">{t(`shop.measures.${measure}`)}</dt>
                    <dd className="text-ink tabular-nums">
                      {formatNumber(measurements[measure] ?? 0, language)}{" "}
                      {t(`shop.units.${unitOf(measure)}`)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>

      {product.related.length > 0 && (
        <section aria-labelledby="product-related" className="mt-14">
          <h2 id="product-related" className="text-2xl font-bold tracking-tight text-ink">
            {t("shop.related")}
          </h2>
          <ul className="mt-6 grid grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] gap-6">
            {product.related.map((related) => (
              <li key={related.id} className="flex">
                <ProductCard product={related} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </Container>
  );
}
