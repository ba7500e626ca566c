import { FolderTree } from "lucide-react";
import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { CatalogListPage, EditLink, PublishedFilter } from "~/features/admin-catalog/catalog-page-parts";
import { DeleteButton } from "~/features/admin-catalog/delete-button";
import { PublishedSwitch } from "~/features/admin-catalog/published-switch";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { cn } from "~/lib/cn";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/categories";

export { action, loader } from "./categories.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminCatalog.categories.title") }] : [];
};

/** The category tree: parents with their sub-categories indented, publish inline, edit, delete. */
export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { items, filtered } = loaderData;
  const canWrite = useCan("catalog", "write");
  const [params] = useSearchParams();
  const success = useCallback(
    (intent: string) => (intent === "delete" ? t("adminCatalog.categories.deleted") : null),
    [t],
  );
  useActionToast(actionData as ActionResult | undefined, success);

  return (
    <CatalogListPage
      title={t("adminCatalog.categories.title")}
      description={t("adminCatalog.categories.description")}
      addLabel={t("adminCatalog.categories.add")}
      addTo={adminPaths.category("new")}
      canWrite={canWrite}
    >
      <form
        method="get"
        className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 shadow-card sm:flex-row sm:items-center"
      >
        <label htmlFor="category-search" className="sr-only">
          {t("adminCatalog.categories.search")}
        </label>
        <input
          id="category-search"
          type="search"
          name="searchText"
          defaultValue={params.get("searchText") ?? ""}
          placeholder={t("adminCatalog.categories.search")}
          className="block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink sm:max-w-sm"
        />
        {params.get("published") && <input type="hidden" name="published" value={params.get("published")!} />}
        <PublishedFilter />
      </form>
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-card">
        {items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <FolderTree aria-hidden="true" className="size-10 text-ink-muted" />
            <p className="mt-4 text-base font-semibold text-ink">
              {filtered ? t("admin.table.noMatches") : t("adminCatalog.categories.empty")}
            </p>
          </div>
        ) : (
          <ul aria-label={t("adminCatalog.categories.title")} className="divide-y divide-line">
            {items.map((category) => {
              const name = translate(category.name as { en: string }, i18n.language);
              return (
                <li
                  key={category.id}
                  className="flex flex-wrap items-center gap-3 px-4 py-3"
                  style={{ paddingInlineStart: `${1 + category.depth * 1.75}rem` }}
                >
                  {category.icon?.startsWith("/") ? (
                    <img src={category.icon} alt="" className="size-8 rounded object-contain" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-8 items-center justify-center rounded bg-sunken text-ink-muted"
                    >
                      <FolderTree className="size-4" />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <Link
                      to={adminPaths.category(category.id)}
                      className={cn(
                        "font-semibold text-primary-ink hover:underline",
                        category.depth > 0 && "font-medium",
                      )}
                    >
                      {category.depth > 0 && <span aria-hidden="true">↳ </span>}
                      {name}
                    </Link>
                    <p className="text-xs text-ink-muted">
                      /{category.slug} ·{" "}
                      {t("adminCatalog.categories.courseCount", { count: category.courseCount })} ·{" "}
                      {t("adminCatalog.categories.childCount", { count: category.childCount })}
                    </p>
                  </div>
                  <PublishedSwitch
                    id={category.id}
                    published={category.published}
                    disabled={!canWrite}
                    label={t("adminCatalog.publishedOf", { name })}
                  />
                  {canWrite && (
                    <>
                      <EditLink
                        to={adminPaths.category(category.id)}
                        label={t("adminCatalog.editOf", { name })}
                      />
                      <DeleteButton
                        name={name}
                        label={t("adminCatalog.deleteOf", { name })}
                        fields={{ intent: "delete", id: category.id }}
                      />
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </CatalogListPage>
  );
}
