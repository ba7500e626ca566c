import { type SQL, sql } from "drizzle-orm";
import type { PaymentMethod } from "~shared/order-enums";
import {
  REPORT_DEFAULT_DAYS,
  REPORT_ITEMS_PAGE_SIZE,
  REPORT_PDF_TOP_ITEMS,
  type ReportGrouping,
  type ReportName,
} from "~shared/reports";
import { type Translatable, translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { categories, courses } from "../catalog/catalog.tables";
import { PAID_STATUSES } from "../dashboard/dashboard.service";
import { orderReturns, orders, refunds } from "../orders/orders.tables";
import { products } from "../products/products.tables";
import type { SettingsService } from "../settings/settings.service";
import type { AdminReportsQuery, Reports } from "./reports.schemas";
import { reportCustomerOrders, reportDays, reportOrderFacts, reportOrderHours } from "./reports.tables";
import { renderReportPdf } from "./reports-pdf";

const DAY_MS = 86_400_000;

/**
 * How a report's query is planned. `small`: as PostgreSQL likes. `large`: a grouping of up to ~100,000 rows
 * (the items of a year) in memory rather than sorted on disk, and in this backend alone (parallel workers made
 * it slower: 480 against 320 ms, EXPLAIN ANALYZE at load 9). `ordered`: `large`, and rows grouped as an index
 * hands them over rather than hashed (the items of a long period: the planner underestimates the hash of
 * ~356,000 rows, 330 ms, against 125 ms for the ordered read; decision 037, third addendum).
 */
type Planning = "small" | "large" | "ordered";

const PLANNING: Record<Planning, SQL> = {
  small: sql`select set_config('jit', 'off', true)`,
  large: sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
    set_config('max_parallel_workers_per_gather', '0', true)`,
  ordered: sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
    set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_hashagg', 'off', true),
    set_config('enable_sort', 'off', true), set_config('enable_seqscan', 'off', true),
    set_config('enable_bitmapscan', 'off', true)`,
};

/**
 * Rows of a raw query, on either engine (both drivers answer `{ rows }`). Without JIT compilation: the
 * reports' queries are large enough for PostgreSQL to compile them, which cost 150–350 ms a query at the
 * benchmark's million orders and never paid back (decision 037).
 */
async function rowsOf<T>(db: Db, query: SQL, planning: Planning = "small"): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(PLANNING[planning]);
    return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
  });
}

/** A period longer than this many days reads its items in index order (`ordered` above); shorter ones hash. */
const ORDERED_ITEMS_AFTER_DAYS = 62;

/** Sums come back as bigint (a string from node-postgres): exact up to 2^53 cents. */
const num = (value: unknown) => Number(value ?? 0);

/** Today as YYYY-MM-DD in `timeZone`. */
export function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the day, week (Monday) or month `date` lies in. */
function periodStart(date: string, unit: ReportGrouping): string {
  if (unit === "month") return `${date.slice(0, 7)}-01`;
  if (unit === "week") return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
  return date;
}

function nextPeriod(date: string, unit: ReportGrouping): string {
  if (unit === "day") return addDays(date, 1);
  if (unit === "week") return addDays(date, 7);
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Every period from the one `from` lies in to the one `to` lies in, oldest first. */
export function reportPeriods(from: string, to: string, unit: ReportGrouping): string[] {
  const periods: string[] = [];
  for (let period = periodStart(from, unit); period <= to; period = nextPeriod(period, unit))
    periods.push(period);
  return periods;
}

/** The period a report covers: the query's, else the last 30 days up to today (the school's days). */
export function reportRange(query: AdminReportsQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  return { from: addDays(today, -(REPORT_DEFAULT_DAYS - 1)), to: today };
}

/**
 * The back office's reports (issue 21), read straight from orders, order lines, refunds and returns.
 * Sales are paid orders (processing or delivered) by the local day they were placed; refunds count on
 * the day they were made. Every amount is in the shop currency: an order in another currency is
 * converted at the order's own rate (as the dashboard does, decision 017).
 */
export function createReportsService(db: Db, deps: { settings: SettingsService; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());

  const service = {
    /** One report for the period as a PDF in `language` (the CSV's figures, as the screen shows them). */
    async pdf(
      companyId: string,
      language: string,
      query: AdminReportsQuery,
      name: ReportName,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const [figures, store] = await Promise.all([
        service.reports(companyId, language, query, name, {
          items: { page: 1, size: REPORT_PDF_TOP_ITEMS },
        }),
        deps.settings.storeInfo(companyId),
      ]);
      const pdf = await renderReportPdf(figures, name, language, {
        shopName: store.shopName,
        dateFormat: store.dateFormat,
      });
      return { pdf, filename: `${name}-${figures.from}-${figures.to}.pdf` };
    },

    /**
     * The reports for the period; with `only`, just that report's figures are read (the others are
     * empty): a CSV or PDF export needs one; with `skip`, all but that one (the screen reads the items
     * apart, so that they do not hold up the rest). The items report is one page of the query's (`page`,
     * `sort`), unless `items` asks for every item or another page size.
     */
    async reports(
      companyId: string,
      language: string,
      query: AdminReportsQuery,
      only?: ReportName,
      options: { items?: "all" | { page: number; size: number }; skip?: ReportName } = {},
    ): Promise<Reports> {
      const wanted = (name: ReportName) => (!only || only === name) && options.skip !== name;
      const want = <T>(name: ReportName, read: () => Promise<T[]>): Promise<T[]> =>
        wanted(name) ? read() : Promise.resolve([]);
      const { timeZone, currency } = await deps.settings.storeInfo(companyId);
      const { from, to } = reportRange(query, localToday(clock(), timeZone));
      const periodDays = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      const groupBy = query.groupBy;
      const start = sql`((${from}::date)::timestamp at time zone ${timeZone})`;
      const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
      const paidStatuses = sql.join(
        PAID_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      // An amount of order `o` in the shop currency, at the order's own rate. A bigint (the rounding in numeric):
      // summing numerics per customer took twice the time and memory of bigints for the customers of a year.
      const base = (amount: SQL) =>
        sql`(case when o.currency = ${currency} then (${amount})::bigint
          else coalesce(round((${amount})::numeric * o.base_total_cents / nullif(o.total_cents, 0)), 0)::bigint end)`;
      const paid = sql`select * from ${orders} where company_id = ${companyId} and status in (${paidStatuses})
        and created_at >= ${start} and created_at < ${end}`;
      // The paid orders of the period as (at, payment_method, channel, orders, gross, discount, tax, total) in
      // the shop currency, for sales, payment methods and channels: the roll-up's hours (report_order_hours,
      // decision 037) when every local midnight of the period is a whole UTC hour, so that each hour lies in
      // one local day (every zone with whole-hour offsets); else the orders one by one. PostgreSQL checks the
      // midnights once per query (a one-time filter): only one branch runs.
      const wholeHours = sql`(select bool_and(extract(epoch from (d at time zone ${timeZone}))::bigint % 3600 = 0)
        from generate_series(${from}::date::timestamp, (${to}::date + 1)::timestamp, interval '1 day') d)`;
      const pick = (charged: SQL, converted: SQL, of: "r" | "c" = "r") =>
        sql`case when ${sql.raw(of)}.currency = ${currency} then ${charged} else ${converted} end`;
      const soldOrders = sql`select r.hour as at, r.payment_method, r.channel, r.orders,
          ${pick(sql`r.subtotal_cents`, sql`r.base_subtotal_cents`)} as gross,
          ${pick(sql`r.discount_cents`, sql`r.base_discount_cents`)} as discount,
          ${pick(sql`r.vat_cents`, sql`r.base_vat_cents`)} as tax,
          ${pick(sql`r.total_cents`, sql`r.base_total_cents`)} as total
        from ${reportOrderHours} r
        where ${wholeHours} and r.company_id = ${companyId} and r.hour >= ${start} and r.hour < ${end}
        union all
        select o.created_at, o.payment_method, o.channel, 1, ${base(sql`o.subtotal_cents`)}, ${base(sql`o.discount_cents`)},
          ${base(sql`o.vat_cents`)}, ${base(sql`o.total_cents`)}
        from (${paid}) o where not ${wholeHours}`;
      // The item, category and tax reports: the whole UTC days of the period from report_days, the edges (less
      // than a day at each end when the school's midnight is not UTC's) from report_order_facts (decision 037).
      const firstDay = sql`((${start} at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date`;
      const endDay = sql`(${end} at time zone 'UTC')::date`;
      const firstDayAt = sql`(${firstDay}::timestamp at time zone 'UTC')`;
      const endDayAt = sql`(${endDay}::timestamp at time zone 'UTC')`;
      const amounts = sql`r.key1, r.key2, r.key3, r.rate, r.title, r.quantity, r.orders,
        ${pick(sql`r.amount_cents`, sql`r.base_amount_cents`)} as amount, ${pick(sql`r.tax_cents`, sql`r.base_tax_cents`)} as tax`;
      const rolled = (report: "item" | "category" | "tax") =>
        sql`select ${amounts} from ${reportDays} r
          where r.company_id = ${companyId} and r.report = ${report} and r.day >= ${firstDay} and r.day < ${endDay}
          union all
          select ${amounts} from ${reportOrderFacts} r
          where r.company_id = ${companyId} and r.report = ${report}
            and r.at >= ${start} and r.at < least(${firstDayAt}, ${end})
          union all
          select ${amounts} from ${reportOrderFacts} r
          where r.company_id = ${companyId} and r.report = ${report}
            and r.at >= greatest(${endDayAt}, ${firstDayAt}, ${start}) and r.at < ${end}`;
      // The items report: one page (or every item, for the CSV; the top ones, for the PDF), in the query's order.
      const items = options.items ?? { page: query.page, size: REPORT_ITEMS_PAGE_SIZE };
      const itemOrder = (of: "x" | "p") => {
        const [first, second] = query.sort === "quantity" ? ["quantity", "gross"] : ["gross", "quantity"];
        return sql.raw(`${of}.${first} desc, ${of}.${second} desc, ${of}.kind, ${of}.id, ${of}.key3`);
      };
      const itemLimit = items === "all" ? sql`all` : sql`${items.size}`;
      const itemOffset = items === "all" ? 0 : (items.page - 1) * items.size;
      type ItemRow = {
        kind: "course" | "product" | null;
        id: string | null;
        title: Translatable;
        quantity: string;
        orders: number;
        gross: string;
        tax: string;
        items: number;
        all_quantity: string;
        all_gross: string;
        all_tax: string;
      };
      type MoneyRow = { orders: number; gross: string; discount: string; tax: string; total: string };

      // Sales over time, payment methods and channels read the period's paid orders once, grouped three ways.
      type SoldRow = MoneyRow &
        (
          | { set: "period"; period: string; key: null }
          | { set: "method"; period: null; key: PaymentMethod }
          | { set: "channel"; period: null; key: "online" | "pos" }
        );
      // Only the groupings asked for: a payment methods export does not pay for the periods.
      const soldSets = (
        [
          ["sales", "period", sql`s.period`],
          ["payment-methods", "method", sql`s.payment_method`],
          ["channels", "channel", sql`s.channel`],
        ] as const
      ).filter(([name]) => wanted(name));
      const periodOf = wanted("sales")
        ? sql`to_char(date_trunc(${groupBy}, s.at at time zone ${timeZone}), 'YYYY-MM-DD')`
        : sql`null::text`;
      const sold: Promise<SoldRow[]> =
        soldSets.length > 0
          ? rowsOf<SoldRow>(
              db,
              sql`select case ${sql.join(
                soldSets.map(([, set, column]) => sql`when grouping(${column}) = 0 then ${set}::text`),
                sql` `,
              )} end as set, ${wanted("sales") ? sql`s.period` : sql`null::text`} as period,
                coalesce(${sql.join(
                  [...soldSets.filter(([name]) => name !== "sales").map(([, , column]) => column), sql`null`],
                  sql`, `,
                )}) as key,
                sum(s.orders)::int as orders, coalesce(sum(s.gross), 0)::bigint as gross,
                coalesce(sum(s.discount), 0)::bigint as discount, coalesce(sum(s.tax), 0)::bigint as tax,
                coalesce(sum(s.total), 0)::bigint as total
              from (select ${periodOf} as period, s.* from (${soldOrders}) s) s
              group by grouping sets (${sql.join(
                soldSets.map(([, , column]) => sql`(${column})`),
                sql`, `,
              )})`,
            )
          : Promise.resolve([]);
      const [periods, itemRows, cats, methods, channels, refundKinds, returns, taxes, customers] =
        await Promise.all([
          wanted("sales")
            ? sold.then((rows) => rows.flatMap((row) => (row.set === "period" ? [row] : [])))
            : [],
          want("items", () =>
            rowsOf<ItemRow>(
              db,
              sql`with d as (
                -- The whole UTC days, grouped per item in the order of report_days_items_idx; k is one key per
                -- item (its id, or a key from its kind and title when the lines had neither).
                select coalesce(r.item_id, md5(r.key1 || ':' || coalesce(r.key3, ''))::uuid) as k, r.item_id as id,
                  r.key1 as kind, r.key3, sum(r.quantity) as quantity, sum(r.orders) as orders,
                  sum(${pick(sql`r.amount_cents`, sql`r.base_amount_cents`)}) as gross,
                  sum(${pick(sql`r.tax_cents`, sql`r.base_tax_cents`)}) as tax
                from ${reportDays} r
                where r.company_id = ${companyId} and r.report = 'item' and r.day >= ${firstDay} and r.day < ${endDay}
                group by r.item_id, r.key1, r.key3
              ), e as (
                -- The edges: less than a day at each end, when the school's midnight is not UTC's.
                select coalesce(r.id, md5(r.kind || ':' || coalesce(r.key3, ''))::uuid) as k, r.id, r.kind, r.key3,
                  sum(r.quantity) as quantity, sum(r.orders) as orders, sum(r.amount) as gross, sum(r.tax) as tax
                from (
                  select r.key2::uuid as id, r.key1 as kind, r.key3, r.quantity, r.orders,
                    ${pick(sql`r.amount_cents`, sql`r.base_amount_cents`)} as amount,
                    ${pick(sql`r.tax_cents`, sql`r.base_tax_cents`)} as tax
                  from ${reportOrderFacts} r
                  where r.company_id = ${companyId} and r.report = 'item'
                    and r.at >= ${start} and r.at < least(${firstDayAt}, ${end})
                  union all
                  select r.key2::uuid, r.key1, r.key3, r.quantity, r.orders,
                    ${pick(sql`r.amount_cents`, sql`r.base_amount_cents`)},
                    ${pick(sql`r.tax_cents`, sql`r.base_tax_cents`)}
                  from ${reportOrderFacts} r
                  where r.company_id = ${companyId} and r.report = 'item'
                    and r.at >= greatest(${endDayAt}, ${firstDayAt}, ${start}) and r.at < ${end}
                ) r group by r.id, r.kind, r.key3
              ), x as materialized (
                select coalesce(d.kind, e.kind) as kind, coalesce(d.id, e.id) as id, coalesce(d.key3, e.key3) as key3,
                  (coalesce(d.quantity, 0) + coalesce(e.quantity, 0))::bigint as quantity,
                  (coalesce(d.orders, 0) + coalesce(e.orders, 0))::int as orders,
                  (coalesce(d.gross, 0) + coalesce(e.gross, 0))::bigint as gross,
                  (coalesce(d.tax, 0) + coalesce(e.tax, 0))::bigint as tax
                from d full join e on e.k = d.k
                where coalesce(d.orders, 0) + coalesce(e.orders, 0) > 0
              ), t as (
                select count(*)::int as items, coalesce(sum(quantity), 0)::bigint as all_quantity,
                  coalesce(sum(gross), 0)::bigint as all_gross, coalesce(sum(tax), 0)::bigint as all_tax from x
              ), p as (
                select x.*, coalesce(c.title, pr.title) as known from (
                  select * from x order by ${itemOrder("x")} limit ${itemLimit} offset ${itemOffset}
                ) x
                left join ${courses} c on x.kind = 'course' and c.id = x.id
                left join ${products} pr on x.kind = 'product' and pr.id = x.id
              ), lost as (
                -- The lines' own title, for the rows answered whose course or product no longer exists (or
                -- never had one): read only when there are such rows.
                select r.key1, r.key2, r.key3, min(r.title::text)::jsonb as title from (${rolled("item")}) r
                where exists (select from p where p.known is null)
                  and (r.key1, coalesce(r.key2, ''), coalesce(r.key3, '')) in (
                    select p.kind, coalesce(p.id::text, ''), coalesce(p.key3, '') from p where p.known is null)
                group by r.key1, r.key2, r.key3
              )
              select p.kind, p.id, coalesce(p.known, l.title) as title, p.quantity, p.orders, p.gross, p.tax,
                t.items, t.all_quantity, t.all_gross, t.all_tax
              from t left join p on true
              left join lost l on l.key1 = p.kind and l.key2 is not distinct from p.id::text
                and l.key3 is not distinct from p.key3
              order by ${itemOrder("p")}`,
              periodDays > ORDERED_ITEMS_AFTER_DAYS ? "ordered" : "large",
            ),
          ),
          want("categories", () =>
            rowsOf<{
              id: string | null;
              name: Translatable | null;
              quantity: string;
              orders: number;
              gross: string;
            }>(
              db,
              sql`select cat.id::text as id, cat.name as name, sum(x.quantity)::bigint as quantity,
              sum(x.orders)::int as orders, sum(x.gross)::bigint as gross
            from (
              select r.key2 as category_id, sum(r.quantity) as quantity, sum(r.orders) as orders, sum(r.amount) as gross
              from (${rolled("category")}) r group by r.key2 having sum(r.orders) > 0
            ) x
            left join ${categories} cat on cat.id = x.category_id::uuid
            group by cat.id, cat.name
            order by gross desc, cat.id nulls last`,
            ),
          ),
          wanted("payment-methods")
            ? sold.then((rows) =>
                rows
                  .flatMap((row) => (row.set === "method" && row.orders > 0 ? [row] : []))
                  .sort(
                    (x, y) =>
                      num(y.total) - num(x.total) || y.orders - x.orders || x.key.localeCompare(y.key),
                  ),
              )
            : [],
          wanted("channels")
            ? sold.then((rows) =>
                rows.flatMap((row) => (row.set === "channel" && row.orders > 0 ? [row] : [])),
              )
            : [],
          want("refunds", () =>
            rowsOf<{
              kind: Reports["refunds"]["kinds"][number]["kind"];
              refunds: number;
              orders: number;
              amount: string;
            }>(
              db,
              sql`select r.kind, count(*)::int as refunds, count(distinct r.order_id)::int as orders,
              sum(${base(sql`r.amount_cents`)})::bigint as amount
            from ${refunds} r join ${orders} o on o.id = r.order_id
            where r.company_id = ${companyId} and r.created_at >= ${start} and r.created_at < ${end}
            group by r.kind order by amount desc, r.kind`,
            ),
          ),
          want("refunds", () =>
            rowsOf<{ returns: number; lines: number; restocked: number; amount: string }>(
              db,
              sql`select count(*)::int as returns, coalesce(sum(jsonb_array_length(x.line_ids)), 0)::int as lines,
              (count(*) filter (where x.restocked))::int as restocked,
              coalesce(sum(${base(sql`x.refund_cents`)}), 0)::bigint as amount
            from ${orderReturns} x join ${orders} o on o.id = x.order_id
            where x.company_id = ${companyId} and x.created_at >= ${start} and x.created_at < ${end}`,
            ),
          ),
          // The rates of each order as its invoice shows them (storedTaxLines): its lines' own taxes when
          // every line has one, else its one rate over the whole total (report_order_facts_source).
          want("taxes", () =>
            rowsOf<{
              country: string | null;
              name: string;
              rateBp: number;
              orders: number;
              base: string;
              tax: string;
            }>(
              db,
              sql`select r.key1 as country, r.key2 as name, r.rate as "rateBp", sum(r.orders)::int as orders,
              sum(r.amount)::bigint as base, sum(r.tax)::bigint as tax
            from (${rolled("tax")}) r group by r.key1, r.key2, r.rate having sum(r.orders) > 0
            order by country nulls last, "rateBp" desc, name`,
            ),
          ),
          // A period's customers are its customers' first orders in it: the orders whose customer's previous paid
          // order lies before the period (or who has none); the new ones, those whose first paid order lies in it
          // (report_customer_orders: one index-only pass, no grouping per customer).
          want("customers", () =>
            rowsOf<{
              customers: number;
              new_customers: number;
              orders: number;
              new_orders: number;
              total: string | null;
              new_total: string | null;
            }>(
              db,
              sql`select count(*) filter (where c.prev_at is null or c.prev_at < ${start})::int as customers,
                count(*) filter (where c.prev_at is null)::int as new_customers,
                count(*)::int as orders, count(*) filter (where c.first_at >= ${start})::int as new_orders,
                sum(${pick(sql`c.total_cents`, sql`c.base_total_cents`, "c")})::bigint as total,
                sum(${pick(sql`c.total_cents`, sql`c.base_total_cents`, "c")}) filter (where c.first_at >= ${start})::bigint
                  as new_total
              from ${reportCustomerOrders} c
              where c.company_id = ${companyId} and c.at >= ${start} and c.at < ${end}`,
              "large",
            ),
          ),
        ]);

      const money = (row: MoneyRow | undefined) => {
        const tax = num(row?.tax);
        const total = num(row?.total);
        return {
          orders: row?.orders ?? 0,
          grossCents: num(row?.gross),
          discountCents: num(row?.discount),
          taxCents: tax,
          netCents: total - tax,
          totalCents: total,
        };
      };
      const byPeriod = new Map(periods.map((row) => [row.period, row]));
      const salesPeriods = reportPeriods(from, to, groupBy).map((period) => ({
        period,
        ...money(byPeriod.get(period)),
      }));
      const totals = salesPeriods.reduce(
        (sum, row) => ({
          orders: sum.orders + row.orders,
          grossCents: sum.grossCents + row.grossCents,
          discountCents: sum.discountCents + row.discountCents,
          taxCents: sum.taxCents + row.taxCents,
          netCents: sum.netCents + row.netCents,
          totalCents: sum.totalCents + row.totalCents,
        }),
        money(undefined),
      );
      const channelRows = new Map(channels.map((row) => [row.key, row]));
      const [people] = customers;
      const [returned] = returns;

      return {
        from,
        to,
        groupBy,
        timeZone,
        currency,
        sales: { periods: salesPeriods, totals },
        items: itemRows.flatMap((row) =>
          row.kind
            ? [
                {
                  kind: row.kind,
                  id: row.id,
                  title: translate(row.title, language),
                  quantity: num(row.quantity),
                  orders: row.orders,
                  grossCents: num(row.gross),
                  taxCents: num(row.tax),
                },
              ]
            : [],
        ),
        itemTotals: {
          page: items === "all" ? 1 : items.page,
          pageSize: items === "all" ? (itemRows[0]?.items ?? 0) : items.size,
          sort: query.sort,
          items: itemRows[0]?.items ?? 0,
          quantity: num(itemRows[0]?.all_quantity),
          grossCents: num(itemRows[0]?.all_gross),
          taxCents: num(itemRows[0]?.all_tax),
        },
        categories: cats.map((row) => ({
          id: row.id,
          name: row.name ? translate(row.name, language) : "",
          quantity: num(row.quantity),
          orders: row.orders,
          grossCents: num(row.gross),
        })),
        paymentMethods: methods.map((row) => ({
          method: row.key,
          orders: row.orders,
          totalCents: num(row.total),
        })),
        channels: (["online", "pos"] as const).map((channel) => ({
          channel,
          orders: channelRows.get(channel)?.orders ?? 0,
          totalCents: num(channelRows.get(channel)?.total),
        })),
        refunds: {
          kinds: refundKinds.map((row) => ({
            kind: row.kind,
            refunds: row.refunds,
            orders: row.orders,
            amountCents: num(row.amount),
          })),
          totalCents: refundKinds.reduce((sum, row) => sum + num(row.amount), 0),
          returns: {
            returns: returned?.returns ?? 0,
            lines: returned?.lines ?? 0,
            restocked: returned?.restocked ?? 0,
            refundCents: num(returned?.amount),
          },
        },
        taxes: taxes.map((row) => ({
          country: row.country,
          name: row.name,
          rateBp: row.rateBp,
          orders: row.orders,
          baseCents: num(row.base),
          taxCents: num(row.tax),
        })),
        customers: [
          {
            type: "new" as const,
            customers: people?.new_customers ?? 0,
            orders: people?.new_orders ?? 0,
            totalCents: num(people?.new_total),
          },
          {
            type: "returning" as const,
            customers: (people?.customers ?? 0) - (people?.new_customers ?? 0),
            orders: (people?.orders ?? 0) - (people?.new_orders ?? 0),
            totalCents: num(people?.total) - num(people?.new_total),
          },
        ],
      };
    },
  };
  return service;
}

export type ReportsService = ReturnType<typeof createReportsService>;
