import { Search, SearchX } from "lucide-react";
import type { FormEvent } from "react";
import { Link, type MetaDescriptor, useNavigate, useNavigation } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Button, buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { NativeSelect } from "~/components/ui/native-select";
import { Pagination } from "~/components/ui/pagination";
import {
  CATALOG_SORTS,
  type CatalogQuery,
  catalogHref,
  parseCatalogQuery,
} from "~/features/catalog/catalog-query";
import { CourseCard } from "~/features/catalog/course-card";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/catalog";

export { loader } from "./catalog.server";

/** Cards likely to be in the first screen: their images load eagerly. */
const EAGER_CARDS = 4;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.data;
  if (!root || !data) return [];
  const t = translator(root);
  const { query, list, categoryName } = data;
  const shopName = root.store.shopName;
  let title = query.searchText
    ? t("catalogPage.meta.searchTitle", { searchText: query.searchText })
    : categoryName
      ? t("catalogPage.meta.categoryTitle", { category: categoryName })
      : t("catalogPage.meta.title");
  if (query.page > 1) title = t("catalogPage.meta.paged", { title, page: query.page });
  const tags: MetaDescriptor[] = seoMeta({
    title: t("catalogPage.meta.full", { title, shopName }),
    description: t("catalogPage.meta.description", { shopName }),
    // Search and sort do not make another page worth indexing; the category and page do.
    url: absoluteUrl(root.origin, catalogHref({ category: query.category, page: query.page })),
    siteName: shopName,
    language: root.language,
    site: root.seo,
  });
  if (query.searchText || (list.courses.length === 0 && list.totalDoc > 0)) {
    tags.push({ name: "robots", content: "noindex, follow" });
  }
  if (query.page > 1 && query.page <= list.pages) {
    tags.push({
      tagName: "link",
      rel: "prev",
      href: absoluteUrl(root.origin, catalogHref({ ...query, page: query.page - 1 })),
    });
  }
  if (query.page < list.pages) {
    tags.push({
      tagName: "link",
      rel: "next",
      href: absoluteUrl(root.origin, catalogHref({ ...query, page: query.page + 1 })),
    });
  }
  return tags;
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { query, list, categories, attributes } = loaderData;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === paths.catalog();
  const language = i18n.language;
  const filtered = Boolean(query.searchText || query.category || query.values.length > 0);
  const beyondLastPage = list.courses.length === 0 && list.totalDoc > 0;

  /** Filters from the form, always starting again at page 1. */
  const queryFrom = (form: HTMLFormElement): CatalogQuery => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    return parseCatalogQuery(params);
  };

  // With JavaScript, the form navigates in the app (clean URL, no full reload); without, it is a GET form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(catalogHref(queryFrom(event.currentTarget)));
  };
  const onSelect = (form: HTMLFormElement | null) => {
    if (form) navigate(catalogHref(queryFrom(form)), { preventScrollReset: true });
  };

  const from = (list.page - 1) * list.limit + 1;
  const to = from + list.courses.length - 1;

  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("catalogPage.breadcrumb")}
        items={[{ label: t("catalogPage.home"), to: paths.home() }, { label: t("catalogPage.title") }]}
      />

      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
          {t("catalogPage.title")}
        </h1>
        <p className="mt-3 text-base text-pretty text-ink-muted">{t("catalogPage.intro")}</p>
      </header>

      <search aria-label={t("catalogPage.filters")}>
        <form
          method="get"
          action={paths.catalog()}
          onSubmit={onSubmit}
          className="mt-8 grid gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5 lg:grid-cols-[minmax(0,1fr)_16rem_14rem] lg:items-end"
        >
          <div>
            <label htmlFor="catalog-search" className="text-sm font-semibold text-ink">
              {t("catalogPage.searchLabel")}
            </label>
            <div className="mt-1.5 flex gap-2">
              <div className="relative min-w-0 flex-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
                />
                <input
                  key={query.searchText}
                  id="catalog-search"
                  type="search"
                  name="searchText"
                  defaultValue={query.searchText}
                  maxLength={100}
                  placeholder={t("catalogPage.searchPlaceholder")}
                  className="min-h-11 w-full rounded-lg border border-control bg-surface py-2 pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-ink-muted hover:border-primary-ink"
                />
              </div>
              <Button type="submit">{t("catalogPage.searchButton")}</Button>
            </div>
          </div>

          <div>
            <label htmlFor="catalog-category" className="text-sm font-semibold text-ink">
              {t("catalogPage.categoryLabel")}
            </label>
            {categories.length > 0 ? (
              <NativeSelect
                key={query.category}
                id="catalog-category"
                name="category"
                defaultValue={query.category}
                onChange={(event) => onSelect(event.currentTarget.form)}
                className="mt-1.5"
              >
                <option value="">{t("catalogPage.allCategories")}</option>
                {categories.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {`${"\u00a0\u00a0\u00a0".repeat(category.depth)}${category.name} (${formatNumber(category.courseCount, language)})`}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <p id="catalog-category" className="mt-1.5 flex min-h-11 items-center text-sm text-ink-muted">
                {t("catalogPage.noCategories")}
              </p>
            )}
          </div>

          <div>
            <label htmlFor="catalog-sort" className="text-sm font-semibold text-ink">
              {t("catalogPage.sortLabel")}
            </label>
            <NativeSelect
              key={query.sort}
              id="catalog-sort"
              name="sort"
              defaultValue={query.sort}
              onChange={(event) => onSelect(event.currentTarget.form)}
              className="mt-1.5"
            >
              {CATALOG_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalogPage.sort.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </div>

          {attributes.length > 0 && (
            <div className="grid gap-4 sm:grid-cols-2 lg:col-span-3 lg:grid-cols-3">
              {attributes.map((attribute) => {
                const chosen = attribute.values.find((value) => query.values.includes(value.id));
                return (
                  <div key={attribute.id}>
                    <label
                      htmlFor={`catalog-attr-${attribute.id}`}
                      className="text-sm font-semibold text-ink"
                    >
                      {attribute.name}
                    </label>
                    <NativeSelect
                      key={chosen?.id ?? ""}
                      id={`catalog-attr-${attribute.id}`}
                      name="attr"
                      defaultValue={chosen?.id ?? ""}
                      onChange={(event) => onSelect(event.currentTarget.form)}
                      className="mt-1.5"
                    >
                      <option value="">{t("catalogPage.anyValue")}</option>
                      {attribute.values.map((value) => (
                        <option key={value.id} value={value.id}>
                          {value.label}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                );
              })}
            </div>
          )}
        </form>
      </search>

      <p role="status" className="mt-6 text-sm text-ink-muted">
        {loading
          ? t("catalogPage.loading")
          : list.courses.length > 0
            ? t("catalogPage.resultsRange", {
                from: formatNumber(from, language),
                to: formatNumber(to, language),
                count: list.totalDoc,
                total: formatNumber(list.totalDoc, language),
              })
            : t("catalogPage.results", { count: 0 })}
      </p>

      <div
        aria-busy={loading}
        className={cn("mt-4 transition-opacity duration-200", loading && "opacity-60")}
      >
        {list.courses.length > 0 ? (
          <ul className="course-grid">
            {list.courses.map((course, index) => (
              <li key={course.id} className="@container flex">
                <CourseCard course={course} eager={index < EAGER_CARDS} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <SearchX aria-hidden="true" className="size-10 text-ink-muted" strokeWidth={1.5} />
            <p className="mt-4 text-xl font-semibold text-ink">{t("catalogPage.empty")}</p>
            {beyondLastPage ? (
              <Link
                to={catalogHref({ ...query, page: 1 })}
                className={buttonClasses({ variant: "secondary", className: "mt-6" })}
              >
                {t("catalogPage.backToFirst")}
              </Link>
            ) : (
              filtered && (
                <>
                  <p className="mt-2 max-w-md text-sm text-ink-muted">{t("catalogPage.emptyHint")}</p>
                  <Link
                    to={catalogHref({ sort: query.sort })}
                    className={buttonClasses({ variant: "secondary", className: "mt-6" })}
                  >
                    {t("catalogPage.clearFilters")}
                  </Link>
                </>
              )
            )}
          </div>
        )}
      </div>

      {list.courses.length > 0 && (
        <div className="mt-10">
          <Pagination
            page={list.page}
            pages={list.pages}
            hrefFor={(page) => catalogHref({ ...query, page })}
            label={t("catalogPage.pagination")}
            previousLabel={t("catalogPage.previous")}
            nextLabel={t("catalogPage.next")}
            pageLabel={(page) => t("catalogPage.page", { page })}
          />
        </div>
      )}
    </Container>
  );
}
