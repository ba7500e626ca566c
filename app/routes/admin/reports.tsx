import { Download, FileText } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { Await, Form, Link } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { type RecordColumn, RecordTable } from "~/components/admin/card-rows";
import { buttonClasses } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { formatMoney, minorUnitDigits } from "~/lib/format";
import {
  REPORT_GROUPINGS,
  REPORT_ITEM_SORTS,
  REPORT_PRESETS,
  type ReportItemSort,
  type ReportName,
} from "~shared/reports";
import type { Route } from "./+types/reports";

export { loader } from "./reports.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminReports.title") }] : [];
};

type Figures = Awaited<NonNullable<Route.ComponentProps["loaderData"]["reports"]>>;
type ItemsPage = Awaited<NonNullable<Route.ComponentProps["loaderData"]["items"]>>;

const DAY_MS = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const query = (values: Record<string, string>) => `?${new URLSearchParams(values).toString()}`;

const field =
  "min-h-11 rounded-lg border border-control bg-surface px-3 text-sm text-ink focus-visible:outline-3 focus-visible:outline-focus";

/** One report: its title, CSV and PDF downloads of exactly what it shows, and its table (or why it is empty). */
function ReportCard<T>({
  title,
  name,
  figures,
  rows,
  columns,
  getRowId,
  children,
  footer,
  exportQuery = {},
}: {
  title: string;
  name: ReportName;
  figures: Figures;
  /** More of the address for the downloads (the items' order). */
  exportQuery?: Record<string, string>;
  rows: T[];
  columns: RecordColumn<T>[];
  getRowId: (row: T) => string;
  children?: ReactNode;
  /** Under the table (the items' pages). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const range = query({
    report: name,
    from: figures.from,
    to: figures.to,
    groupBy: figures.groupBy,
    ...exportQuery,
  });
  return (
    <AdminCard title={title}>
      <div className="mb-3 flex flex-wrap gap-2">
        <a href={adminPaths.reportCsv(range)} download className={buttonClasses({ variant: "secondary" })}>
          <Download aria-hidden="true" />
          {t("adminReports.downloadCsv")}
          <span className="sr-only"> ({title})</span>
        </a>
        <a href={adminPaths.reportPdf(range)} download className={buttonClasses({ variant: "secondary" })}>
          <FileText aria-hidden="true" />
          {t("adminReports.downloadPdf")}
          <span className="sr-only"> ({title})</span>
        </a>
      </div>
      {children}
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminReports.empty")}</p>
      ) : (
        <RecordTable label={title} rows={rows} columns={columns} getRowId={getRowId} />
      )}
      {footer}
    </AdminCard>
  );
}

/** Staff reports (issue 21): a period, then sales over time and the breakdowns, each exportable as CSV. */
export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { today, frame, reports, items, error, input } = loaderData;
  const language = i18n.language;
  const count = (value: number) => new Intl.NumberFormat(language).format(value);

  return (
    <AdminPage
      title={t("adminReports.title")}
      description={
        frame
          ? t("adminReports.description", { currency: frame.currency, timeZone: frame.timeZone })
          : undefined
      }
    >
      <AdminCard title={t("adminReports.range.title")}>
        <nav aria-label={t("adminReports.range.presets")} className="mb-4 flex flex-wrap gap-2">
          {REPORT_PRESETS.map((days) => {
            const from = shift(today, -(days - 1));
            const current = frame?.from === from && frame.to === today;
            return (
              <Link
                key={days}
                to={adminPaths.reports(query({ from, to: today, groupBy: input.groupBy }))}
                aria-current={current ? "page" : undefined}
                className={buttonClasses({ variant: current ? "primary" : "secondary" })}
              >
                {t("adminReports.range.lastDays", { count: days })}
              </Link>
            );
          })}
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-xs font-semibold text-ink-muted">
            {t("adminReports.range.from")}
            <input type="date" name="from" required defaultValue={input.from} className={field} />
          </label>
          <label className="grid gap-1 text-xs font-semibold text-ink-muted">
            {t("adminReports.range.to")}
            <input type="date" name="to" required defaultValue={input.to} className={field} />
          </label>
          <label className="grid gap-1 text-xs font-semibold text-ink-muted">
            {t("adminReports.range.groupBy")}
            <select name="groupBy" defaultValue={input.groupBy} className={field}>
              {REPORT_GROUPINGS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`adminReports.grouping.${unit}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClasses({})}>
            {t("adminReports.range.show")}
          </button>
        </Form>
        {error && (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger">
            {error}
          </p>
        )}
      </AdminCard>
      {reports && items && (
        <Suspense
          fallback={
            <AdminCard title={t("adminReports.title")}>
              <p role="status" className="text-sm text-ink-muted">
                {t("adminReports.loading")}
              </p>
            </AdminCard>
          }
        >
          <Await
            resolve={reports}
            errorElement={
              <AdminCard title={t("adminReports.title")}>
                <p role="alert" className="text-sm font-semibold text-danger">
                  {t("adminReports.failed")}
                </p>
              </AdminCard>
            }
          >
            {(figures) => <ReportFigures figures={figures} items={items} count={count} language={language} />}
          </Await>
        </Suspense>
      )}
    </AdminPage>
  );
}

function ReportFigures({
  figures,
  items,
  count,
  language,
}: {
  figures: Figures;
  items: Promise<ItemsPage>;
  count: (value: number) => string;
  language: string;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, figures.currency, language);
  const periodLabel = (period: string) =>
    new Intl.DateTimeFormat(language, {
      timeZone: "UTC",
      ...(figures.groupBy === "month"
        ? { month: "short", year: "numeric" }
        : { day: "numeric", month: "short", year: "numeric" }),
    }).format(new Date(`${period}T00:00:00Z`));
  const scale = 10 ** minorUnitDigits(figures.currency);
  const chart = figures.sales.periods.map((row) => ({
    label: periodLabel(row.period),
    amount: row.totalCents / scale,
  }));
  const totals = figures.sales.totals;
  const moneyColumn = <T,>(id: string, header: string, value: (row: T) => number): RecordColumn<T> => ({
    id,
    header,
    cell: (row) => money(value(row)),
    align: "end",
    className: "tabular-nums",
  });
  const countColumn = <T,>(id: string, header: string, value: (row: T) => number): RecordColumn<T> => ({
    id,
    header,
    cell: (row) => count(value(row)),
    align: "end",
    className: "tabular-nums",
  });
  type Period = Figures["sales"]["periods"][number];

  return (
    <>
      <ReportCard<Period>
        title={t("adminReports.sales.title")}
        name="sales"
        figures={figures}
        rows={figures.sales.periods}
        getRowId={(row) => row.period}
        columns={[
          {
            id: "period",
            header: t(`adminReports.grouping.${figures.groupBy}`),
            cell: (row) => periodLabel(row.period),
          },
          countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
          moneyColumn("gross", t("adminReports.columns.gross"), (row) => row.grossCents),
          moneyColumn("discount", t("adminReports.columns.discounts"), (row) => row.discountCents),
          moneyColumn("tax", t("adminReports.columns.tax"), (row) => row.taxCents),
          moneyColumn("net", t("adminReports.columns.net"), (row) => row.netCents),
          moneyColumn("total", t("adminReports.columns.total"), (row) => row.totalCents),
        ]}
      >
        <p className="mb-3 text-sm text-ink-muted">
          {t("adminReports.sales.summary", {
            orders: count(totals.orders),
            total: money(totals.totalCents),
            net: money(totals.netCents),
            tax: money(totals.taxCents),
          })}
        </p>
        <div className="mb-4 h-64" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={chart}
              margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: "var(--color-ink-muted)", fontSize: 12 }} />
              <YAxis
                tick={{ fill: "var(--color-ink-muted)", fontSize: 12 }}
                tickFormatter={(value: number) => money(Math.round(value * scale))}
                width={80}
              />
              <Tooltip formatter={(value) => money(Math.round(Number(value) * scale))} />
              <Bar
                dataKey="amount"
                name={t("adminReports.columns.total")}
                fill="var(--color-primary)"
                radius={4}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </ReportCard>

      <Suspense
        fallback={
          <AdminCard title={t("adminReports.items.title")}>
            <p role="status" className="text-sm text-ink-muted">
              {t("adminReports.items.loading")}
            </p>
          </AdminCard>
        }
      >
        <Await
          resolve={items}
          errorElement={
            <AdminCard title={t("adminReports.items.title")}>
              <p role="alert" className="text-sm font-semibold text-danger">
                {t("adminReports.items.failed")}
              </p>
            </AdminCard>
          }
        >
          {(page) => (
            <ItemsReport
              figures={figures}
              page={page}
              count={count}
              money={money}
              countColumn={countColumn}
              moneyColumn={moneyColumn}
            />
          )}
        </Await>
      </Suspense>

      <ReportCard<Figures["categories"][number]>
        title={t("adminReports.categories.title")}
        name="categories"
        figures={figures}
        rows={figures.categories}
        getRowId={(row) => row.id ?? "none"}
        columns={[
          {
            id: "name",
            header: t("adminReports.columns.category"),
            cell: (row) => (row.id ? row.name : t("adminReports.categories.none")),
          },
          countColumn("quantity", t("adminReports.columns.quantity"), (row) => row.quantity),
          countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
          moneyColumn("gross", t("adminReports.columns.gross"), (row) => row.grossCents),
        ]}
      />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ReportCard<Figures["paymentMethods"][number]>
          title={t("adminReports.paymentMethods.title")}
          name="payment-methods"
          figures={figures}
          rows={figures.paymentMethods}
          getRowId={(row) => row.method}
          columns={[
            {
              id: "method",
              header: t("adminReports.columns.method"),
              cell: (row) => t(`adminOrders.method.${row.method}`),
            },
            countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
            moneyColumn("total", t("adminReports.columns.total"), (row) => row.totalCents),
          ]}
        />
        <ReportCard<Figures["channels"][number]>
          title={t("adminReports.channels.title")}
          name="channels"
          figures={figures}
          rows={figures.channels}
          getRowId={(row) => row.channel}
          columns={[
            {
              id: "channel",
              header: t("adminReports.columns.channel"),
              cell: (row) => t(`adminReports.channel.${row.channel}`),
            },
            countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
            moneyColumn("total", t("adminReports.columns.total"), (row) => row.totalCents),
          ]}
        />
      </div>

      <ReportCard<Figures["refunds"]["kinds"][number]>
        title={t("adminReports.refunds.title")}
        name="refunds"
        figures={figures}
        rows={figures.refunds.kinds}
        getRowId={(row) => row.kind}
        columns={[
          {
            id: "kind",
            header: t("adminReports.columns.reason"),
            cell: (row) => t(`adminReports.refundKind.${row.kind}`),
          },
          countColumn("refunds", t("adminReports.columns.refunds"), (row) => row.refunds),
          countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
          moneyColumn("amount", t("adminReports.columns.amount"), (row) => row.amountCents),
        ]}
      >
        <p className="mb-3 text-sm text-ink-muted">
          {t("adminReports.refunds.summary", {
            total: money(figures.refunds.totalCents),
            returns: count(figures.refunds.returns.returns),
            lines: count(figures.refunds.returns.lines),
            restocked: count(figures.refunds.returns.restocked),
          })}
        </p>
      </ReportCard>

      <ReportCard<Figures["taxes"][number]>
        title={t("adminReports.taxes.title")}
        name="taxes"
        figures={figures}
        rows={figures.taxes}
        getRowId={(row) => `${row.country}-${row.name}-${row.rateBp}`}
        columns={[
          {
            id: "country",
            header: t("adminReports.columns.country"),
            cell: (row) => row.country ?? t("adminReports.taxes.noCountry"),
          },
          { id: "name", header: t("adminReports.columns.taxName"), cell: (row) => row.name },
          {
            id: "rate",
            header: t("adminReports.columns.rate"),
            cell: (row) =>
              new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
                row.rateBp / 10_000,
              ),
            align: "end",
            className: "tabular-nums",
          },
          countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
          moneyColumn("base", t("adminReports.columns.taxBase"), (row) => row.baseCents),
          moneyColumn("tax", t("adminReports.columns.tax"), (row) => row.taxCents),
        ]}
      />

      <ReportCard<Figures["customers"][number]>
        title={t("adminReports.customers.title")}
        name="customers"
        figures={figures}
        rows={figures.customers}
        getRowId={(row) => row.type}
        columns={[
          {
            id: "type",
            header: t("adminReports.columns.customerType"),
            cell: (row) => t(`adminReports.customers.${row.type}`),
          },
          countColumn("customers", t("adminReports.columns.customers"), (row) => row.customers),
          countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
          moneyColumn("total", t("adminReports.columns.total"), (row) => row.totalCents),
        ]}
      />
    </>
  );
}

type ItemRow = ItemsPage["rows"][number];

/**
 * Sales by course and product: one page of them (most revenue or most sold first), the number of items
 * and the totals of the whole period above, pages below. Links keep the period and the order.
 */
function ItemsReport({
  figures,
  page: { rows, totals },
  count,
  money,
  countColumn,
  moneyColumn,
}: {
  figures: Figures;
  page: ItemsPage;
  count: (value: number) => string;
  money: (cents: number) => string;
  countColumn: (id: string, header: string, value: (row: ItemRow) => number) => RecordColumn<ItemRow>;
  moneyColumn: (id: string, header: string, value: (row: ItemRow) => number) => RecordColumn<ItemRow>;
}) {
  const { t } = useTranslation();
  const address = (values: { page?: number; sort?: ReportItemSort }) =>
    adminPaths.reports(
      query({
        from: figures.from,
        to: figures.to,
        groupBy: figures.groupBy,
        sort: values.sort ?? totals.sort,
        page: String(values.page ?? 1),
      }),
    );
  const pages = Math.max(1, Math.ceil(totals.items / totals.pageSize));
  const first = (totals.page - 1) * totals.pageSize + 1;
  return (
    <ReportCard<ItemRow>
      title={t("adminReports.items.title")}
      name="items"
      figures={figures}
      exportQuery={{ sort: totals.sort }}
      rows={rows}
      footer={
        <div className="mt-3">
          <Pagination
            page={totals.page}
            pages={pages}
            hrefFor={(page) => address({ page })}
            label={t("adminReports.items.pages")}
            previousLabel={t("adminReports.items.previous")}
            nextLabel={t("adminReports.items.next")}
            pageLabel={(page) => t("adminReports.items.page", { page })}
          />
        </div>
      }
      getRowId={(row) => `${row.kind}-${row.id ?? row.title}`}
      columns={[
        {
          id: "title",
          header: t("adminReports.columns.item"),
          cell: (row) => row.title || t("adminReports.removed"),
        },
        {
          id: "kind",
          header: t("adminReports.columns.kind"),
          cell: (row) => t(`adminReports.kind.${row.kind}`),
        },
        countColumn("quantity", t("adminReports.columns.quantity"), (row) => row.quantity),
        countColumn("orders", t("adminReports.columns.orders"), (row) => row.orders),
        moneyColumn("gross", t("adminReports.columns.gross"), (row) => row.grossCents),
        moneyColumn("tax", t("adminReports.columns.tax"), (row) => row.taxCents),
      ]}
    >
      {totals.items > 0 && (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            {t("adminReports.items.summary", {
              items: count(totals.items),
              quantity: count(totals.quantity),
              gross: money(totals.grossCents),
              tax: money(totals.taxCents),
            })}
          </p>
          <nav aria-label={t("adminReports.items.sort")} className="mb-3 flex flex-wrap gap-2">
            {REPORT_ITEM_SORTS.map((sort) => (
              <Link
                key={sort}
                to={address({ sort })}
                preventScrollReset
                aria-current={sort === totals.sort ? "page" : undefined}
                className={buttonClasses({ variant: sort === totals.sort ? "primary" : "secondary" })}
              >
                {t(`adminReports.items.sortBy.${sort}`)}
              </Link>
            ))}
          </nav>
          {rows.length > 0 && (
            <p className="mb-3 text-sm text-ink-muted">
              {t("adminReports.items.showing", {
                first: count(first),
                last: count(first + rows.length - 1),
                items: count(totals.items),
              })}
            </p>
          )}
        </>
      )}
    </ReportCard>
  );
}
