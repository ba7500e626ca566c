import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { CustomerFormDialog } from "~/features/customers-admin/customer-form-dialog";
import { ImportCustomersDialog } from "~/features/customers-admin/import-dialog";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import type { CustomerListItem } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customers";
import type { CustomerDeleteResult } from "./customers-actions.server";

export { action, loader } from "./customers.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminCustomers.title") }] : [];
};

/** The school's customers: search, sort, export, import, add, edit, delete. */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, timeZone } = loaderData;
  const canWrite = useCan("customers", "write");
  const [deleting, setDeleting] = useState<CustomerListItem | null>(null);
  const [editing, setEditing] = useState<CustomerListItem | "new" | null>(null);
  const format = useDates({ timeZone }).date;

  const columns = useMemo<DataTableColumn<CustomerListItem>[]>(
    () => [
      {
        id: "createdAt",
        header: t("adminCustomers.columns.joined"),
        sortable: true,
        cell: (row) => <time dateTime={row.createdAt}>{format.format(new Date(row.createdAt))}</time>,
        className: "whitespace-nowrap",
      },
      {
        id: "name",
        header: t("adminCustomers.columns.name"),
        sortable: true,
        cell: (row) => (
          <Link
            to={adminPaths.customerOrders(row.id)}
            className="font-semibold text-primary-ink underline-offset-4 hover:underline"
          >
            {row.name}
          </Link>
        ),
      },
      { id: "email", header: t("adminCustomers.columns.email"), sortable: true, cell: (row) => row.email },
      {
        id: "phone",
        header: t("adminCustomers.columns.phone"),
        sortable: true,
        cell: (row) => row.phone ?? <span className="text-ink-muted">—</span>,
        className: "hidden md:table-cell",
      },
      {
        id: "orderCount",
        header: t("adminCustomers.columns.orders"),
        sortable: true,
        align: "end",
        cell: (row) => row.orderCount,
      },
    ],
    [t, format],
  );

  return (
    <AdminPage
      title={t("adminCustomers.title")}
      description={t("adminCustomers.description")}
      actions={
        canWrite ? (
          <>
            <ImportCustomersDialog />
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" />
              {t("adminCustomers.add")}
            </Button>
          </>
        ) : null
      }
    >
      <DataTable
        label={t("adminCustomers.title")}
        columns={columns}
        rows={list.customers}
        getRowId={(row) => row.id}
        total={list.totalDoc}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminCustomers.search")}
        exportCsv={{ filename: "customers.csv", url: adminPaths.customersExport() }}
        rowActions={(row) => (
          <>
            <Link
              to={adminPaths.customerOrders(row.id)}
              aria-label={t("adminCustomers.viewOrders", { name: row.name })}
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-sunken hover:text-primary-ink"
            >
              <Eye aria-hidden="true" className="size-5" />
            </Link>
            {canWrite && (
              <>
                <Button
                  variant="ghost"
                  className="size-11 px-0 text-ink-muted hover:text-primary-ink"
                  aria-label={t("adminCustomers.edit", { name: row.name })}
                  onClick={() => setEditing(row)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  className="size-11 px-0 text-ink-muted hover:text-danger"
                  aria-label={t("adminCustomers.delete", { name: row.name })}
                  onClick={() => setDeleting(row)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </>
            )}
          </>
        )}
        empty={{ title: t("adminCustomers.emptyTitle"), hint: t("adminCustomers.emptyHint") }}
      />
      {deleting && (
        <ConfirmDeleteDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          name={deleting.name}
          submission={{ fields: { intent: "delete", id: deleting.id } }}
          onDone={(result) => {
            const answer = result as CustomerDeleteResult | undefined;
            if (answer?.ok) notify.success(t("adminCustomers.deleted", { name: deleting.name }));
            else notify.error(t(`adminCustomers.errors.${answer?.ok === false ? answer.error : "generic"}`));
          }}
        />
      )}
      {editing && (
        <CustomerFormDialog
          customer={editing === "new" ? null : editing}
          isOpen
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
    </AdminPage>
  );
}
