import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { ButtonLink } from "~/components/ui/button";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { CatalogListPage, PublishedFilter } from "~/features/admin-catalog/catalog-page-parts";
import { PublishedSwitch } from "~/features/admin-catalog/published-switch";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { AdminProductRow } from "~server/modules/products/products.schemas";
import { PRODUCT_TYPES } from "~shared/product.constants";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/products";

export { action, loader } from "./products.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminProducts.list.title") }] : [];
};

/** Every product of the school: search, filter by type, state and low stock, publish inline, delete. */
export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, lowStockThreshold, currency } = loaderData;
  const canWrite = useCan("catalog", "write");
  const language = i18n.language;
  const dates = useDates().date;
  const success = useCallback(
    (intent: string) => (intent === "publish" ? null : t("adminProducts.list.deleted")),
    [t],
  );
  useActionToast(actionData as ActionResult | undefined, success);
  const money = useCallback((cents: number) => formatMoney(cents, currency, language), [currency, language]);

  const columns = useMemo<DataTableColumn<AdminProductRow>[]>(
    () => [
      {
        id: "image",
        header: t("adminProducts.list.image"),
        cell: (product) =>
          product.image ? (
            <img src={product.image} alt="" className="size-12 rounded object-cover" loading="lazy" />
          ) : (
            <span className="block size-12 rounded bg-sunken" />
          ),
        className: "w-16",
      },
      {
        id: "title",
        header: t("adminProducts.list.productTitle"),
        sortable: true,
        cell: (product) => (
          <div>
            <Link
              to={adminPaths.product(product.id)}
              className="font-semibold text-primary-ink hover:underline"
            >
              {translate(product.title as { en: string }, language)}
            </Link>
            {product.sku && <p className="text-xs text-ink-muted">{product.sku}</p>}
          </div>
        ),
        csv: (product) => translate(product.title as { en: string }, language),
      },
      {
        id: "type",
        header: t("adminProducts.list.type"),
        cell: (product) => t(`shop.types.${product.type}`),
        csv: (product) => product.type,
        className: "hidden md:table-cell",
      },
      {
        id: "price",
        header: t("adminProducts.list.price"),
        sortable: true,
        align: "end",
        cell: (product) =>
          product.salePriceCents !== null ? (
            <span className="whitespace-nowrap">
              <span className="font-semibold">{money(product.salePriceCents)}</span>{" "}
              <s className="text-ink-muted">{money(product.priceCents)}</s>
            </span>
          ) : (
            money(product.priceCents)
          ),
        csv: (product) => ((product.salePriceCents ?? product.priceCents) / 100).toFixed(2),
      },
      {
        id: "quantity",
        header: t("adminProducts.list.stock"),
        sortable: true,
        align: "end",
        cell: (product) => (
          <span className="whitespace-nowrap">
            {product.quantity === null ? (
              <span className="text-ink-muted">{t("adminProducts.list.notCounted")}</span>
            ) : (
              <span className={product.lowStock ? "font-semibold text-danger" : undefined}>
                {product.quantity}
              </span>
            )}
            {product.variantCount > 0 && (
              <span className="block text-xs text-ink-muted">
                {t("adminProducts.list.variants", { count: product.variantCount })}
              </span>
            )}
            {product.lowStock && (
              <span className="block text-xs text-danger">{t("adminProducts.list.lowStock")}</span>
            )}
            {product.stockStatus === "sold_out" && (
              <span className="block text-xs text-danger">{t("shop.soldOut")}</span>
            )}
          </span>
        ),
        csv: (product) => product.quantity ?? "",
      },
      {
        id: "published",
        header: t("adminCatalog.published"),
        cell: (product) => (
          <PublishedSwitch
            id={product.id}
            published={product.published}
            disabled={!canWrite}
            label={t("adminCatalog.publishedOf", {
              name: translate(product.title as { en: string }, language),
            })}
          />
        ),
        csv: (product) => product.published,
      },
      {
        id: "updatedAt",
        header: t("adminCatalog.updated"),
        sortable: true,
        cell: (product) => (
          <time dateTime={product.updatedAt}>{dates.format(new Date(product.updatedAt))}</time>
        ),
        csv: (product) => product.updatedAt,
        className: "hidden xl:table-cell whitespace-nowrap",
      },
    ],
    [t, language, dates, canWrite, money],
  );

  return (
    <CatalogListPage
      title={t("adminProducts.list.title")}
      description={t("adminProducts.list.description", { threshold: lowStockThreshold })}
      addLabel={t("adminProducts.list.add")}
      addTo={adminPaths.product("new")}
      canWrite={canWrite}
    >
      <DataTable
        label={t("adminProducts.list.title")}
        columns={columns}
        rows={list.items}
        getRowId={(product) => product.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminProducts.list.search")}
        filterParams={["type", "published", "lowStock"]}
        filters={
          <>
            <DataTableFilter
              param="type"
              label={t("adminProducts.list.type")}
              allLabel={t("shop.allTypes")}
              options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`shop.types.${type}`) }))}
            />
            <PublishedFilter />
            <DataTableFilter
              param="lowStock"
              label={t("adminProducts.list.stock")}
              allLabel={t("adminProducts.list.anyStock")}
              options={[{ value: "true", label: t("adminProducts.list.lowStockOnly") }]}
            />
          </>
        }
        {...(canWrite ? { bulkDelete: (ids: string[]) => ({ fields: { intent: "bulk", ids } }) } : {})}
        exportCsv={{ filename: "products.csv" }}
        empty={{
          title: t("adminProducts.list.emptyTitle"),
          hint: t("adminProducts.list.emptyHint"),
          ...(canWrite
            ? {
                action: <ButtonLink to={adminPaths.product("new")}>{t("adminProducts.list.add")}</ButtonLink>,
              }
            : {}),
        }}
      />
    </CatalogListPage>
  );
}
