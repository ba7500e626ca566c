import { SearchX } from "lucide-react";
import type { FormEvent } from "react";
import { Link, type MetaDescriptor, useNavigate, useNavigation } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Button, buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { NativeSelect } from "~/components/ui/native-select";
import { Pagination } from "~/components/ui/pagination";
import { ProductCard } from "~/features/shop/product-card";
import { parseShopQuery, SHOP_SORTS, type ShopQuery, shopHref } from "~/features/shop/shop-query";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { PRODUCT_TYPES } from "~shared/product.constants";
import type { Route } from "./+types/shop";

export { loader } from "./shop.server";

/** Cards likely to be in the first screen: their images load eagerly. */
const EAGER_CARDS = 4;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.data;
  if (!root || !data) return [];
  const t = translator(root);
  const { query, list, categoryName } = data;
  const shopName = root.store.shopName;
  let title = query.searchText
    ? t("shop.meta.searchTitle", { searchText: query.searchText })
    : categoryName
      ? t("shop.meta.categoryTitle", { category: categoryName })
      : t("shop.meta.title");
  if (query.page > 1) title = t("catalogPage.meta.paged", { title, page: query.page });
  const tags: MetaDescriptor[] = seoMeta({
    title: t("catalogPage.meta.full", { title, shopName }),
    description: t("shop.meta.description", { shopName }),
    url: absoluteUrl(root.origin, shopHref({ category: query.category, type: query.type, page: query.page })),
    siteName: shopName,
    language: root.language,
    site: root.seo,
  });
  if (query.searchText || query.inStock || (list.items.length === 0 && list.total > 0)) {
    tags.push({ name: "robots", content: "noindex, follow" });
  }
  return tags;
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query, list, categories } = loaderData;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === paths.shop();
  const language = i18n.language;
  const filtered = Boolean(query.searchText || query.category || query.type || query.inStock);
  const beyondLastPage = list.items.length === 0 && list.total > 0;

  /** Filters from the form, always starting again at page 1. */
  const queryFrom = (form: HTMLFormElement): ShopQuery => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.set(name, value);
    return parseShopQuery(params);
  };
  // With JavaScript, the form navigates in the app; without, it is a plain GET form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(shopHref(queryFrom(event.currentTarget)));
  };
  const onSelect = (form: HTMLFormElement | null) => {
    if (form) navigate(shopHref(queryFrom(form)), { preventScrollReset: true });
  };

  const from = (list.page - 1) * list.limit + 1;
  const to = from + list.items.length - 1;
  const label = "text-sm font-semibold text-ink";

  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("catalogPage.breadcrumb")}
        items={[{ label: t("catalogPage.home"), to: paths.home() }, { label: t("shop.title") }]}
      />

      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
          {t("shop.title")}
        </h1>
        <p className="mt-3 text-base text-pretty text-ink-muted">{t("shop.intro")}</p>
      </header>

      <search aria-label={t("shop.filters")}>
        <form
          method="get"
          action={paths.shop()}
          onSubmit={onSubmit}
          className="mt-8 grid gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-5 xl:grid-cols-[minmax(0,1fr)_13rem_11rem_12rem] xl:items-end"
        >
          <div className="sm:col-span-2 xl:col-span-1">
            <label htmlFor="shop-search" className={label}>
              {t("shop.searchLabel")}
            </label>
            <div className="mt-1.5 flex gap-2">
              <input
                key={query.searchText}
                id="shop-search"
                type="search"
                name="searchText"
                defaultValue={query.searchText}
                maxLength={100}
                placeholder={t("shop.searchPlaceholder")}
                className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm placeholder:text-ink-muted hover:border-primary-ink"
              />
              <Button type="submit">{t("catalogPage.searchButton")}</Button>
            </div>
          </div>
          <div>
            <label htmlFor="shop-category" className={label}>
              {t("catalogPage.categoryLabel")}
            </label>
            <NativeSelect
              key={query.category}
              id="shop-category"
              name="category"
              defaultValue={query.category}
              onChange={(event) => onSelect(event.currentTarget.form)}
              className="mt-1.5"
            >
              <option value="">{t("catalogPage.allCategories")}</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {`${"\u00a0\u00a0\u00a0".repeat(category.depth)}${category.name}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <label htmlFor="shop-type" className={label}>
              {t("shop.typeLabel")}
            </label>
            <NativeSelect
              key={query.type}
              id="shop-type"
              name="type"
              defaultValue={query.type}
              onChange={(event) => onSelect(event.currentTarget.form)}
              className="mt-1.5"
            >
              <option value="">{t("shop.allTypes")}</option>
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`shop.types.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <label htmlFor="shop-sort" className={label}>
              {t("catalogPage.sortLabel")}
            </label>
            <NativeSelect
              key={query.sort}
              id="shop-sort"
              name="sort"
              defaultValue={query.sort}
              onChange={(event) => onSelect(event.currentTarget.form)}
              className="mt-1.5"
            >
              {SHOP_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalogPage.sort.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink sm:col-span-2 xl:col-span-4">
            <input
              key={String(query.inStock)}
              type="checkbox"
              name="inStock"
              value="true"
              defaultChecked={query.inStock}
              onChange={(event) => onSelect(event.currentTarget.form)}
              className="size-5 accent-primary"
            />
            {t("shop.inStockOnly")}
          </label>
        </form>
      </search>

      <p role="status" className="mt-6 text-sm text-ink-muted">
        {loading
          ? t("shop.loading")
          : list.items.length > 0
            ? t("shop.resultsRange", {
                from: formatNumber(from, language),
                to: formatNumber(to, language),
                count: list.total,
                total: formatNumber(list.total, language),
              })
            : t("shop.results", { count: 0 })}
      </p>

      <div
        aria-busy={loading}
        className={cn("mt-4 transition-opacity duration-200", loading && "opacity-60")}
      >
        {list.items.length > 0 ? (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] gap-6">
            {list.items.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <SearchX aria-hidden="true" className="size-10 text-ink-muted" strokeWidth={1.5} />
            <p className="mt-4 text-xl font-semibold text-ink">
              {filtered || beyondLastPage ? t("shop.emptyFiltered") : t("shop.empty")}
            </p>
            {beyondLastPage ? (
              <Link
                to={shopHref({ ...query, page: 1 })}
                className={buttonClasses({ variant: "secondary", className: "mt-6" })}
              >
                {t("catalogPage.backToFirst")}
              </Link>
            ) : filtered ? (
              <Link
                to={shopHref({ sort: query.sort })}
                className={buttonClasses({ variant: "secondary", className: "mt-6" })}
              >
                {t("shop.clearFilters")}
              </Link>
            ) : (
              <Link
                to={paths.catalog()}
                className={buttonClasses({ variant: "secondary", className: "mt-6" })}
              >
                {t("cart.browse")}
              </Link>
            )}
          </div>
        )}
      </div>

      {list.items.length > 0 && (
        <div className="mt-10">
          <Pagination
            page={list.page}
            pages={list.pages}
            hrefFor={(page) => shopHref({ ...query, page })}
            label={t("shop.pagination")}
            previousLabel={t("catalogPage.previous")}
            nextLabel={t("catalogPage.next")}
            pageLabel={(page) => t("catalogPage.page", { page })}
          />
        </div>
      )}
    </Container>
  );
}
