import { useMemo } from "react";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { RecordTable } from "~/components/admin/card-rows";
import { OrderStatusBadge } from "~/features/orders/order-status-badge";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney, minorUnitDigits } from "~/lib/format";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { allows } from "~shared/permissions";
import { type Translatable, translate } from "~shared/translatable";
import type { Route } from "./+types/dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, "dashboard", "read");
  const companyId = context.company.id;
  const { dashboard, products, productSettings } = context.services;
  // Products at or below the low-stock value, fewest first: for staff who may see the catalogue.
  const seesCatalog = allows(principal.permissions, "catalog", "read");
  const [figures, lowStock, setup] = await Promise.all([
    dashboard.figures(companyId, context.language),
    seesCatalog
      ? products.list(companyId, { lowStock: "true", sort: "quantity", order: "asc", page: 1, limit: 8 })
      : null,
    productSettings.read(companyId),
  ]);
  return { figures, lowStock, lowStockThreshold: setup.lowStockThreshold };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminDashboard.title") }] : [];
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-card">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-ink tabular-nums">{value}</dd>
    </div>
  );
}

type RecentOrder = Route.ComponentProps["loaderData"]["figures"]["recentOrders"][number];

/** The back office's overview: sales, order counts, charts, payment split and recent orders. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { figures, lowStock, lowStockThreshold } = loaderData;
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, figures.currency, language);
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const dayLabel = useMemo(
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", timeZone: "UTC" }),
    [language],
  );
  const dateTime = useDates({ timeZone: figures.timeZone }).dateTime;
  const weekly = figures.weeklySales.map((day) => ({
    ...day,
    label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
    amount: day.totalCents / 10 ** minorUnitDigits(figures.currency),
  }));
  const weekTotal = figures.weeklySales.reduce((sum, day) => sum + day.totalCents, 0);
  const bestDay = weekly.reduce((best, day) => (day.totalCents > best.totalCents ? day : best), weekly[0]!);
  const paidOrders = figures.paymentMethods.reduce((sum, row) => sum + row.orders, 0);
  const channelsTotal = figures.channels.online + figures.channels.pos;

  return (
    <AdminPage
      title={t("adminDashboard.title")}
      description={t("adminDashboard.description", { currency: figures.currency })}
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label={t("adminDashboard.sales.today")} value={money(figures.sales.todayCents)} />
        <Stat label={t("adminDashboard.sales.yesterday")} value={money(figures.sales.yesterdayCents)} />
        <Stat label={t("adminDashboard.sales.thisMonth")} value={money(figures.sales.thisMonthCents)} />
        <Stat label={t("adminDashboard.sales.allTime")} value={money(figures.sales.allTimeCents)} />
      </dl>
      <p className="text-sm text-ink-muted">
        {t("adminDashboard.refunds.summary", {
          today: money(figures.refunds.todayCents),
          month: money(figures.refunds.thisMonthCents),
          allTime: money(figures.refunds.allTimeCents),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <Stat label={t("adminDashboard.orders.total")} value={count(figures.orders.total)} />
        <Stat label={t("adminDashboard.orders.pending")} value={count(figures.orders.pending)} />
        <Stat label={t("adminDashboard.orders.processing")} value={count(figures.orders.processing)} />
        <Stat label={t("adminDashboard.orders.delivered")} value={count(figures.orders.delivered)} />
      </dl>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <AdminCard title={t("adminDashboard.weekly.title")}>
          <p className="mb-3 text-sm text-ink-muted">
            {t("adminDashboard.weekly.summary", { total: money(weekTotal), best: bestDay.label })}
          </p>
          <div className="h-64" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                accessibilityLayer={false}
                data={weekly}
                margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
                <XAxis dataKey="label" tick={{ fill: "var(--color-ink-muted)", fontSize: 12 }} />
                <YAxis
                  tick={{ fill: "var(--color-ink-muted)", fontSize: 12 }}
                  tickFormatter={(value: number) => money(value * 100)}
                  width={72}
                />
                <Tooltip formatter={(value) => money(Number(value) * 100)} />
                <Bar
                  dataKey="amount"
                  name={t("adminDashboard.weekly.amount")}
                  fill="var(--color-primary)"
                  radius={4}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <details className="mt-3 text-sm">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold text-primary-ink">
              {t("adminDashboard.showTable")}
            </summary>
            <table className="w-full">
              <caption className="sr-only">{t("adminDashboard.weekly.title")}</caption>
              <thead>
                <tr className="text-left text-ink-muted">
                  <th className="py-1">{t("adminDashboard.weekly.day")}</th>
                  <th className="py-1 text-right">{t("adminDashboard.weekly.orders")}</th>
                  <th className="py-1 text-right">{t("adminDashboard.weekly.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {weekly.map((day) => (
                  <tr key={day.date}>
                    <td className="py-1">{day.label}</td>
                    <td className="py-1 text-right tabular-nums">{count(day.orders)}</td>
                    <td className="py-1 text-right tabular-nums">{money(day.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </AdminCard>

        <AdminCard title={t("adminDashboard.best.title")}>
          {figures.bestSellers.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("adminDashboard.best.empty")}</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-ink-muted">
                {t("adminDashboard.best.summary", { count: figures.bestSellers.length })}
              </p>
              <div className="h-64" aria-hidden="true">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart
                    accessibilityLayer={false}
                    data={figures.bestSellers}
                    layout="vertical"
                    margin={{ left: 8, right: 16 }}
                  >
                    <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" horizontal={false} />
                    <XAxis
                      type="number"
                      allowDecimals={false}
                      tick={{ fill: "var(--color-ink-muted)", fontSize: 12 }}
                    />
                    <YAxis
                      type="category"
                      dataKey="title"
                      width={130}
                      tick={{ fill: "var(--color-ink-muted)", fontSize: 11 }}
                    />
                    <Tooltip />
                    <Bar
                      dataKey="sold"
                      name={t("adminDashboard.best.sold")}
                      fill="var(--color-accent)"
                      radius={4}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">{t("adminDashboard.best.title")}</caption>
                <thead>
                  <tr className="text-left text-ink-muted">
                    <th className="py-1">{t("adminDashboard.best.course")}</th>
                    <th className="py-1 text-right">{t("adminDashboard.best.sold")}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.bestSellers.map((row) => (
                    <tr key={row.courseId}>
                      <td className="py-1">{row.title}</td>
                      <td className="py-1 text-right tabular-nums">{count(row.sold)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </AdminCard>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <AdminCard title={t("adminDashboard.methods.title")}>
          {figures.paymentMethods.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("adminDashboard.methods.empty")}</p>
          ) : (
            <ul className="grid gap-3">
              {figures.paymentMethods.map((row) => {
                const share = paidOrders ? Math.round((row.orders / paidOrders) * 100) : 0;
                return (
                  <li key={row.method} className="grid gap-1 text-sm">
                    <div className="flex justify-between gap-2">
                      <span className="font-semibold">{t(`adminOrders.method.${row.method}`)}</span>
                      <span className="tabular-nums">
                        {money(row.totalCents)} ·{" "}
                        {t("adminDashboard.methods.share", { orders: count(row.orders) })} · {share}%
                      </span>
                    </div>
                    <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-sunken">
                      <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </AdminCard>
        <AdminCard title={t("adminDashboard.channels.title")}>
          <dl className="grid grid-cols-2 gap-4">
            {(["online", "pos"] as const).map((channel) => (
              <div key={channel} className="rounded-lg bg-sunken p-4">
                <dt className="text-sm text-ink-muted">{t(`adminDashboard.channels.${channel}`)}</dt>
                <dd className="text-2xl font-bold tabular-nums">
                  {count(figures.channels[channel])}
                  <span className="ml-2 text-sm font-normal text-ink-muted">
                    {channelsTotal ? Math.round((figures.channels[channel] / channelsTotal) * 100) : 0}%
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </AdminCard>
      </div>

      {lowStock && (
        <AdminCard title={t("adminDashboard.lowStock.title")}>
          <p className="mb-3 text-sm text-ink-muted">
            {t("adminDashboard.lowStock.summary", { threshold: lowStockThreshold })}
          </p>
          {lowStock.items.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("adminDashboard.lowStock.empty")}</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">{t("adminDashboard.lowStock.title")}</caption>
              <thead>
                <tr className="border-b border-line text-left text-ink-muted">
                  <th className="py-2 pr-3">{t("adminDashboard.lowStock.product")}</th>
                  <th className="py-2 text-right">{t("adminDashboard.lowStock.inStock")}</th>
                </tr>
              </thead>
              <tbody>
                {lowStock.items.map((product) => (
                  <tr key={product.id} className="border-b border-line last:border-0">
                    <td className="py-2 pr-3">
                      <Link
                        to={adminPaths.product(product.id)}
                        className="font-semibold text-primary-ink underline-offset-4 hover:underline"
                      >
                        {translate(product.title as Translatable, language)}
                      </Link>
                      {product.variantCount > 0 && (
                        <span className="block text-xs text-ink-muted">
                          {t("adminDashboard.lowStock.variants", { count: product.variantCount })}
                        </span>
                      )}
                    </td>
                    <td className="py-2 text-right font-semibold text-danger tabular-nums">
                      {count(product.quantity ?? 0)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {lowStock.total > lowStock.items.length && (
            <Link
              to={`${adminPaths.products()}?lowStock=true`}
              className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
            >
              {t("adminDashboard.lowStock.viewAll", { count: lowStock.total })}
            </Link>
          )}
        </AdminCard>
      )}

      <AdminCard title={t("adminDashboard.recent.title")}>
        {figures.recentOrders.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("adminDashboard.recent.empty")}</p>
        ) : (
          <RecordTable<RecentOrder>
            label={t("adminDashboard.recent.title")}
            rows={figures.recentOrders}
            getRowId={(order) => order.id}
            columns={[
              {
                id: "number",
                header: t("adminOrders.columns.number"),
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
                id: "time",
                header: t("adminOrders.columns.time"),
                cell: (order) => dateTime.format(new Date(order.createdAt)),
                className: "whitespace-nowrap",
              },
              {
                id: "customer",
                header: t("adminOrders.columns.customer"),
                cell: (order) => order.customerName,
              },
              {
                id: "method",
                header: t("adminOrders.columns.method"),
                cell: (order) => t(`adminOrders.method.${order.paymentMethod}`),
                className: "hidden md:table-cell",
              },
              {
                id: "amount",
                header: t("adminOrders.columns.amount"),
                cell: (order) => formatMoney(order.totalCents, order.currency, language),
                align: "end",
                className: "tabular-nums",
              },
              {
                id: "status",
                header: t("adminOrders.columns.status"),
                cell: (order) => <OrderStatusBadge status={order.status} />,
              },
            ]}
          />
        )}
        <Link
          to={adminPaths.orders()}
          className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {t("adminDashboard.recent.viewAll")}
        </Link>
      </AdminCard>
    </AdminPage>
  );
}
