import { useMemo } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { AuditChanges, changeLines } from "~/features/admin/audit-changes";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { useDates } from "~/lib/dates";
import type { AuditEntry } from "~server/modules/audit/audit.schemas";
import { AUDIT_ACTIONS } from "~shared/audit-actions";
import type { Route } from "./+types/audit-log";

export { loader } from "./audit-log.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("admin.audit.title") }] : [];
};

const actionTone: Record<AuditEntry["action"], string> = {
  create: "bg-primary-soft text-on-primary-soft",
  update: "bg-accent-soft text-on-accent-soft",
  delete: "bg-danger-soft text-danger",
};

/** Who changed what in the back office, and when. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, timeZone } = loaderData;
  const format = useDates({ timeZone }).dateTime;
  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        id: "createdAt",
        header: t("admin.audit.when"),
        sortable: true,
        cell: (entry) => <time dateTime={entry.createdAt}>{format.format(new Date(entry.createdAt))}</time>,
        csv: (entry) => entry.createdAt,
        className: "whitespace-nowrap",
      },
      {
        id: "staffEmail",
        header: t("admin.audit.who"),
        sortable: true,
        cell: (entry) =>
          entry.staff?.email ?? <span className="text-ink-muted">{t("admin.audit.system")}</span>,
        csv: (entry) => entry.staff?.email ?? "",
      },
      {
        id: "action",
        header: t("admin.audit.action"),
        sortable: true,
        cell: (entry) => (
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", actionTone[entry.action])}>
            {t(`admin.audit.actions.${entry.action}`)}
          </span>
        ),
        csv: (entry) => entry.action,
      },
      {
        id: "entity",
        header: t("admin.audit.entity"),
        sortable: true,
        cell: (entry) => t(`admin.audit.entities.${entry.entity}`, { defaultValue: entry.entity }),
        csv: (entry) => entry.entity,
      },
      {
        id: "summary",
        header: t("admin.audit.summary"),
        cell: (entry) => (
          <div className="min-w-48">
            <span className="line-clamp-2">{entry.summary}</span>
            <AuditChanges changes={entry.changes} dates={format} />
          </div>
        ),
        csv: (entry) =>
          [
            entry.summary,
            ...changeLines(entry.changes, t, i18n.language, format).map((line) =>
              line.from === null ? `${line.label}: ${line.to}` : `${line.label}: ${line.from} → ${line.to}`,
            ),
          ].join("; "),
      },
      {
        id: "entityId",
        header: t("admin.audit.record"),
        cell: (entry) => <span className="font-mono text-xs text-ink-muted">{entry.entityId}</span>,
        csv: (entry) => entry.entityId,
        className: "hidden xl:table-cell",
      },
    ],
    [t, format, i18n.language],
  );

  return (
    <AdminPage title={t("admin.audit.title")} description={t("admin.audit.description")}>
      <DataTable
        label={t("admin.audit.title")}
        columns={columns}
        rows={list.items}
        getRowId={(entry) => entry.id}
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("admin.audit.search")}
        filterParams={["entity", "action"]}
        filters={
          <>
            <DataTableFilter
              param="entity"
              label={t("admin.audit.entity")}
              allLabel={t("admin.audit.allEntities")}
              options={list.entities.map((entity) => ({
                value: entity,
                label: t(`admin.audit.entities.${entity}`, { defaultValue: entity }),
              }))}
            />
            <DataTableFilter
              param="action"
              label={t("admin.audit.action")}
              allLabel={t("admin.audit.allActions")}
              options={AUDIT_ACTIONS.map((action) => ({
                value: action,
                label: t(`admin.audit.actions.${action}`),
              }))}
            />
          </>
        }
        exportCsv={{ filename: "audit-log.csv" }}
        empty={{ title: t("admin.audit.emptyTitle"), hint: t("admin.audit.emptyHint") }}
      />
    </AdminPage>
  );
}
