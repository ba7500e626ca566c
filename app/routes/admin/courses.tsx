import { useCallback, useMemo } from "react";
import { Link, useFetcher } from "react-router";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Button, ButtonLink } from "~/components/ui/button";
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
import type { AdminCourseRow } from "~server/modules/catalog/catalog-admin.schemas";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/courses";

export { action, loader } from "./courses.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminCatalog.courses.title") }] : [];
};

function BulkPublish({ ids, done }: { ids: string[]; done: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const submit = (action: "publish" | "unpublish") => {
    const form = new FormData();
    form.set("intent", "bulk");
    form.set("action", action);
    for (const id of ids) form.append("ids", id);
    fetcher.submit(form, { method: "post" });
    done();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => submit("publish")}>
        {t("adminCatalog.courses.publishSelected")}
      </Button>
      <Button variant="secondary" onClick={() => submit("unpublish")}>
        {t("adminCatalog.courses.unpublishSelected")}
      </Button>
    </>
  );
}

/** Every course of the school: search, filter, sort, publish inline, bulk actions, export. */
export default function Courses({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, categories } = loaderData;
  const canWrite = useCan("catalog", "write");
  const language = i18n.language;
  const dates = useDates().date;
  const success = useCallback(
    (intent: string) => (intent === "publish" ? null : t("adminCatalog.courses.saved")),
    [t],
  );
  useActionToast(actionData as ActionResult | undefined, success);

  const columns = useMemo<DataTableColumn<AdminCourseRow>[]>(
    () => [
      {
        id: "image",
        header: t("adminCatalog.courses.image"),
        cell: (course) =>
          course.image ? (
            <img src={course.image} alt="" className="h-10 w-16 rounded object-cover" loading="lazy" />
          ) : (
            <span className="block h-10 w-16 rounded bg-sunken" />
          ),
        className: "w-20",
      },
      {
        id: "title",
        header: t("adminCatalog.courses.courseTitle"),
        sortable: true,
        cell: (course) => (
          <Link to={adminPaths.course(course.id)} className="font-semibold text-primary-ink hover:underline">
            {translate(course.title as { en: string }, language)}
          </Link>
        ),
        csv: (course) => translate(course.title as { en: string }, language),
      },
      {
        id: "category",
        header: t("adminCatalog.courses.category"),
        cell: (course) =>
          course.category ? translate(course.category.name as { en: string }, language) : "—",
        csv: (course) => (course.category ? translate(course.category.name as { en: string }, language) : ""),
        className: "hidden md:table-cell",
      },
      {
        id: "price",
        header: t("adminCatalog.courses.price"),
        sortable: true,
        align: "end",
        cell: (course) =>
          course.salePriceCents !== null ? (
            <span className="whitespace-nowrap">
              <span className="font-semibold">
                {formatMoney(course.salePriceCents, course.currency, language)}
              </span>{" "}
              <s className="text-ink-muted">{formatMoney(course.priceCents, course.currency, language)}</s>
            </span>
          ) : (
            formatMoney(course.priceCents, course.currency, language)
          ),
        csv: (course) => ((course.salePriceCents ?? course.priceCents) / 100).toFixed(2),
      },
      {
        id: "seats",
        header: t("adminCatalog.courses.seats"),
        align: "end",
        cell: (course) =>
          course.totalSeats === null
            ? t("adminCatalog.courses.seatsUnlimited", { sold: course.seatsSold })
            : `${course.seatsSold} / ${course.totalSeats}`,
        csv: (course) => `${course.seatsSold}/${course.totalSeats ?? ""}`,
        className: "hidden lg:table-cell",
      },
      {
        id: "published",
        header: t("adminCatalog.published"),
        cell: (course) => (
          <PublishedSwitch
            id={course.id}
            published={course.published}
            disabled={!canWrite}
            label={t("adminCatalog.publishedOf", {
              name: translate(course.title as { en: string }, language),
            })}
          />
        ),
        csv: (course) => course.published,
      },
      {
        id: "updatedAt",
        header: t("adminCatalog.updated"),
        sortable: true,
        cell: (course) => <time dateTime={course.updatedAt}>{dates.format(new Date(course.updatedAt))}</time>,
        csv: (course) => course.updatedAt,
        className: "hidden xl:table-cell whitespace-nowrap",
      },
    ],
    [t, language, dates, canWrite],
  );

  return (
    <CatalogListPage
      title={t("adminCatalog.courses.title")}
      description={t("adminCatalog.courses.description")}
      addLabel={t("adminCatalog.courses.add")}
      addTo={adminPaths.course("new")}
      canWrite={canWrite}
    >
      <DataTable
        label={t("adminCatalog.courses.title")}
        columns={columns}
        rows={list.items}
        getRowId={(course) => course.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminCatalog.courses.search")}
        filterParams={["category", "published"]}
        filters={
          <>
            <DataTableFilter
              param="category"
              label={t("adminCatalog.courses.category")}
              allLabel={t("adminCatalog.courses.allCategories")}
              options={categories.map((category) => ({
                value: category.id,
                label: `${"— ".repeat(category.depth)}${translate(category.name as { en: string }, language)}`,
              }))}
            />
            <PublishedFilter />
          </>
        }
        {...(canWrite
          ? {
              bulkActions: (selected: AdminCourseRow[], clear: () => void) => (
                <BulkPublish ids={selected.map((course) => course.id)} done={clear} />
              ),
              bulkDelete: (ids: string[]) => ({ fields: { intent: "bulk", action: "delete", ids } }),
            }
          : {})}
        exportCsv={{ filename: "courses.csv" }}
        empty={{
          title: t("adminCatalog.courses.emptyTitle"),
          hint: t("adminCatalog.courses.emptyHint"),
          ...(canWrite
            ? {
                action: (
                  <ButtonLink to={adminPaths.course("new")}>{t("adminCatalog.courses.add")}</ButtonLink>
                ),
              }
            : {}),
        }}
      />
    </CatalogListPage>
  );
}
