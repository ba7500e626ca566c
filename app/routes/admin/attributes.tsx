import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { CatalogListPage, EditLink, PublishedFilter } from "~/features/admin-catalog/catalog-page-parts";
import { PublishedSwitch } from "~/features/admin-catalog/published-switch";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import type { AdminAttribute } from "~server/modules/catalog/catalog-admin.schemas";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/attributes";

export { action, loader } from "./attributes.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminCatalog.attributes.title") }] : [];
};

/** Course attributes: search, filter, publish inline, edit, delete. */
export default function Attributes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  const canWrite = useCan("catalog", "write");
  const language = i18n.language;
  const success = useCallback(
    (intent: string) => (intent === "delete" ? t("adminCatalog.attributes.deleted") : null),
    [t],
  );
  useActionToast(actionData as ActionResult | undefined, success);
  const label = useCallback(
    (value: Record<string, string | undefined>) => translate(value as { en: string }, language),
    [language],
  );

  const columns = useMemo<DataTableColumn<AdminAttribute>[]>(
    () => [
      {
        id: "title",
        header: t("adminCatalog.attribute.attributeTitle"),
        sortable: true,
        cell: (attribute) => (
          <Link
            to={adminPaths.attribute(attribute.id)}
            className="font-semibold text-primary-ink hover:underline"
          >
            {label(attribute.title)}
          </Link>
        ),
        csv: (attribute) => label(attribute.title),
      },
      {
        id: "displayName",
        header: t("adminCatalog.attribute.displayName"),
        cell: (attribute) => label(attribute.displayName),
        csv: (attribute) => label(attribute.displayName),
        className: "hidden md:table-cell",
      },
      {
        id: "optionType",
        header: t("adminCatalog.attribute.optionType"),
        cell: (attribute) => t(`adminCatalog.optionTypes.${attribute.optionType}`),
        csv: (attribute) => attribute.optionType,
      },
      {
        id: "values",
        header: t("adminCatalog.attribute.values"),
        cell: (attribute) => (
          <span className="line-clamp-2 min-w-40 text-ink-muted">
            {attribute.values.map((value) => label(value.label)).join(", ")}
          </span>
        ),
        csv: (attribute) => attribute.values.map((value) => label(value.label)).join(", "),
      },
      {
        id: "published",
        header: t("adminCatalog.published"),
        cell: (attribute) => (
          <PublishedSwitch
            id={attribute.id}
            published={attribute.published}
            disabled={!canWrite}
            label={t("adminCatalog.publishedOf", { name: label(attribute.title) })}
          />
        ),
        csv: (attribute) => attribute.published,
      },
    ],
    [t, label, canWrite],
  );

  return (
    <CatalogListPage
      title={t("adminCatalog.attributes.title")}
      description={t("adminCatalog.attributes.description")}
      addLabel={t("adminCatalog.attributes.add")}
      addTo={adminPaths.attribute("new")}
      canWrite={canWrite}
    >
      <DataTable
        label={t("adminCatalog.attributes.title")}
        columns={columns}
        rows={list.items}
        getRowId={(attribute) => attribute.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminCatalog.attributes.search")}
        filterParams={["published"]}
        filters={<PublishedFilter />}
        rowActions={(attribute) => (
          <EditLink
            to={adminPaths.attribute(attribute.id)}
            label={t("adminCatalog.editOf", { name: label(attribute.title) })}
          />
        )}
        {...(canWrite ? { bulkDelete: (ids: string[]) => ({ fields: { intent: "delete", ids } }) } : {})}
        exportCsv={{ filename: "attributes.csv" }}
        empty={{
          title: t("adminCatalog.attributes.emptyTitle"),
          hint: t("adminCatalog.attributes.emptyHint"),
        }}
      />
    </CatalogListPage>
  );
}
