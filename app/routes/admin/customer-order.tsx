import { useMemo } from "react";
import { Link } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { CreditCard } from "~/features/credit/credit-card";
import { EnrolmentsCard } from "~/features/orders/enrolments-card";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { useListParams } from "~/lib/list-params";
import type { CustomerOrderList } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customer-order";

export { action, loader } from "./customer-order.server";

type CustomerOrder = CustomerOrderList["orders"][number];

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root && page
    ? [{ title: translator(root)("adminCustomers.orders.title", { name: page.customer.name }) }]
    : [];
};

/** A date filter bound to one URL param. */
function DateFilter({ param, label }: { param: string; label: string }) {
  const { get, set } = useListParams();
  return (
    <label className="grid gap-1 text-xs font-semibold text-ink-muted">
      {label}
      <input
        type="date"
        value={get(param) ?? ""}
        onChange={(event) => set({ [param]: event.target.value || null })}
        className="min-h-11 rounded-lg border border-control bg-surface px-3 text-sm text-ink"
      />
    </label>
  );
}

/** One customer's details and orders, filtered by status and date range. */
export default function CustomerOrders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { customer, orders, statuses, timeZone, enrolments, courses, currency, credit } = loaderData;
  const canEnrol = useCan("customers", "write");
  const canRecordPayment = useCan("orders", "write");
  const dates = useDates({ timeZone }).dateTime;
  const columns = useMemo<DataTableColumn<CustomerOrder>[]>(
    () => [
      {
        id: "number",
        header: t("adminCustomers.orders.number"),
        cell: (order) => (
          <Link
            to={adminPaths.order(order.id)}
            className="font-semibold text-primary-ink underline-offset-4 hover:underline"
          >
            #{order.number}
          </Link>
        ),
      },
      {
        id: "createdAt",
        header: t("adminCustomers.orders.date"),
        cell: (order) => <time dateTime={order.createdAt}>{dates.format(new Date(order.createdAt))}</time>,
        className: "whitespace-nowrap",
      },
      {
        id: "paymentMethod",
        header: t("adminCustomers.orders.method"),
        cell: (order) =>
          t(`adminCustomers.orders.methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod }),
      },
      {
        id: "status",
        header: t("adminCustomers.orders.status"),
        cell: (order) => (
          <span className="rounded-full bg-sunken px-2.5 py-0.5 text-xs font-semibold text-ink">
            {t(`adminCustomers.orders.statuses.${order.status}`)}
          </span>
        ),
      },
      {
        id: "total",
        header: t("adminCustomers.orders.total"),
        align: "end",
        cell: (order) => formatMoney(order.totalCents, order.currency, i18n.language),
      },
    ],
    [t, dates, i18n.language],
  );

  const details: [string, string | null][] = [
    [t("adminCustomers.fields.email"), customer.email],
    [t("adminCustomers.fields.phone"), customer.phone],
    [t("adminCustomers.fields.address"), customer.address],
    [t("adminCustomers.columns.joined"), dates.format(new Date(customer.createdAt))],
  ];

  return (
    <AdminPage
      title={customer.name}
      description={t("adminCustomers.orders.description")}
      back={{ to: adminPaths.customers(), label: t("adminCustomers.back") }}
    >
      <AdminCard title={t("adminCustomers.orders.details")}>
        <dl className="grid gap-4 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
              <dd className="mt-1 text-sm break-words text-ink">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </AdminCard>
      <CreditCard customerName={customer.name} account={credit} canChange={canEnrol} dates={dates} />
      <EnrolmentsCard
        customerName={customer.name}
        enrolments={enrolments}
        courses={courses}
        currency={currency}
        canEnrol={canEnrol}
        canRecordPayment={canRecordPayment}
        dateFormat={dates}
      />
      <section aria-labelledby="customer-orders" className="grid gap-3">
        <h2 id="customer-orders" className="text-xl font-semibold text-ink">
          {t("adminCustomers.orders.heading")}
        </h2>
        <DataTable
          label={t("adminCustomers.orders.heading")}
          columns={columns}
          rows={orders.orders}
          getRowId={(order) => order.id}
          total={orders.totalDoc}
          page={orders.page}
          limit={orders.limit}
          search={false}
          filterParams={["status", "startDate", "endDate"]}
          filters={
            <>
              <DataTableFilter
                param="status"
                label={t("adminCustomers.orders.status")}
                allLabel={t("adminCustomers.orders.allStatuses")}
                options={statuses.map((status) => ({
                  value: status,
                  label: t(`adminCustomers.orders.statuses.${status}`),
                }))}
              />
              <DateFilter param="startDate" label={t("adminCustomers.orders.from")} />
              <DateFilter param="endDate" label={t("adminCustomers.orders.to")} />
            </>
          }
          empty={{ title: t("adminCustomers.orders.none") }}
        />
      </section>
    </AdminPage>
  );
}
