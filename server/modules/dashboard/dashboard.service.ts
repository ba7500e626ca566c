import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { PaymentMethod } from "~shared/order-enums";
import { type Translatable, translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { courses } from "../catalog/catalog.tables";
import { orders, payments, refunds } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import type { DashboardFigures } from "./dashboard.schemas";
import {
  dashboardCourseRevenue,
  dashboardCourseSales,
  dashboardMoneyHours,
  dashboardMoneyTotals,
  dashboardOrderHours,
  dashboardOrderTotals,
} from "./dashboard.tables";

/** Orders that count as sales: accepted or handed over (cancelled and pending ones do not). */
export const PAID_STATUSES = ["processing", "delivered"] as const;
const WEEK_DAYS = 7;
const HOUR = 3_600_000;

/** YYYY-MM-DD of the local days of the last week, oldest first. */
function lastDays(now: Date, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const today = format.format(now);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: WEEK_DAYS }, (_, index) =>
    new Date(base - (WEEK_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Rows of a raw query, on either engine (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Sums come back as bigint (a string from node-postgres): exact up to 2^53 cents. */
const cents = (value: unknown) => Number(value ?? 0);

/** An amount of an order in the shop currency, at the order's own rate (as the roll-up triggers convert). */
const baseOf = (amount: SQL) =>
  sql`coalesce(round(${amount}::numeric * o.base_total_cents / nullif(o.total_cents, 0)), 0)`;

/**
 * The figures of the back office's dashboard, read from the roll-up tables that triggers keep exact
 * (migrations 0007 and 0015, docs/decisions/010-dashboard-rollups.md and 017-money.md); only the recent
 * orders come from `orders`. Sales are money: payments received minus refunds, on the day the money
 * moved (an instalment when it is collected), in the shop currency at each order's own rate.
 * Days and months are the company's (settings time zone): the roll-ups count per UTC hour, and the hours
 * are added up into local days here. Where a local day or the month starts inside an hour (zones such as
 * Asia/Kolkata or Asia/Kathmandu), that hour's orders are read one by one, so the figures stay exact for
 * every zone.
 */
export function createDashboardService(db: Db, deps: { settings: SettingsService; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());

  return {
    async figures(companyId: string, language: string, now: Date = clock()): Promise<DashboardFigures> {
      const store = await deps.settings.storeInfo(companyId);
      const { timeZone, currency } = store;
      const paid = sql.join(
        PAID_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      const nowAt = sql`${now.toISOString()}::timestamptz`;
      const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

      // First the bounds, as values: the local midnights from the week's first day to tomorrow's and the
      // month's start (PostgreSQL's time zone rules, as before), and the fifth best seller's seats. The
      // queries below then get literal bounds the planner can estimate: behind a subquery it would guess a
      // third of the table and take a hash join, or a JIT compilation, costing far more than this round trip.
      const [bounds] = await rowsOf<{ midnights: string; monthStart: number; fifthSold: string | null }>(
        db,
        sql`select
            (select string_agg((extract(epoch from (date_trunc('day', ${nowAt} at time zone ${timeZone})
              + make_interval(days => d)) at time zone ${timeZone}) * 1000)::bigint::text, ',' order by d)
              from generate_series(${-(WEEK_DAYS - 1)}::int, 1) d) as midnights,
            (extract(epoch from date_trunc('month', ${nowAt} at time zone ${timeZone}) at time zone ${timeZone}) * 1000)::float8
              as "monthStart",
            (select s.sold from ${dashboardCourseSales} s where s.company_id = ${companyId} and s.lines > 0
              order by s.sold desc offset 4 limit 1) as "fifthSold"`,
      );
      const boundaries = [...bounds!.midnights.split(",").map(Number), Number(bounds!.monthStart)];
      const since = Math.floor(Math.min(...boundaries) / HOUR) * HOUR;
      // Hours with a boundary inside (zones with half- or quarter-hour offsets): read from orders.
      const edges = [
        ...new Set(boundaries.filter((ms) => ms % HOUR !== 0).map((ms) => Math.floor(ms / HOUR) * HOUR)),
      ];
      const fifthSold = Number(bounds!.fifthSold ?? 0);

      const inEdges = (column: SQL) =>
        sql.join(
          edges.map((edge) => sql`(${column} >= ${at(edge)} and ${column} < ${at(edge + HOUR)})`),
          sql` or `,
        );
      const [days, money, totals, moneyTotals, best, recent] = await Promise.all([
        // Paid orders per local day (by the day they were placed), from the first day the figures need
        // (this month's or the week's) on.
        rowsOf<{ date: string; orders: number }>(
          db,
          sql`select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as date, sum(orders)::int as orders
            from (
              select h.hour as at, sum(h.orders) as orders
              from ${dashboardOrderHours} h
              where h.company_id = ${companyId} and h.status in (${paid}) and h.hour >= ${at(since)}
                ${edges.length ? sql`and h.hour not in (${sql.join(edges.map(at), sql`, `)})` : sql``}
              group by h.hour
              ${
                edges.length
                  ? sql`union all
                    select o.created_at, 1
                    from ${orders} o
                    where o.company_id = ${companyId} and o.status in (${paid}) and (${inEdges(sql`o.created_at`)})`
                  : sql``
              }
            ) placed
            group by 1`,
        ),
        // Money received and refunded per local day, by the time it moved; the hours with a local
        // midnight inside are read from payments and refunds themselves.
        rowsOf<{ date: string; received: string | number; refunded: string | number }>(
          db,
          sql`select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
              sum(received)::bigint as received, sum(refunded)::bigint as refunded
            from (
              select h.hour as at, sum(h.received_cents) as received, sum(h.refunded_cents) as refunded
              from ${dashboardMoneyHours} h
              where h.company_id = ${companyId} and h.hour >= ${at(since)}
                ${edges.length ? sql`and h.hour not in (${sql.join(edges.map(at), sql`, `)})` : sql``}
              group by h.hour
              ${
                edges.length
                  ? sql`union all
                    select p.received_at, ${baseOf(sql`p.amount_cents`)}, 0
                    from ${payments} p join ${orders} o on o.id = p.order_id
                    where p.company_id = ${companyId} and (${inEdges(sql`p.received_at`)})
                    union all
                    select r.created_at, 0, ${baseOf(sql`r.amount_cents`)}
                    from ${refunds} r join ${orders} o on o.id = r.order_id
                    where r.company_id = ${companyId} and (${inEdges(sql`r.created_at`)})`
                  : sql``
              }
            ) moved
            group by 1`,
        ),
        db
          .select({
            status: dashboardOrderTotals.status,
            channel: dashboardOrderTotals.channel,
            method: dashboardOrderTotals.paymentMethod,
            orders: sql<number>`sum(${dashboardOrderTotals.orders})::int`,
            totalCents: sql<number>`sum(${dashboardOrderTotals.baseTotalCents})::bigint`.mapWith(Number),
          })
          .from(dashboardOrderTotals)
          .where(eq(dashboardOrderTotals.companyId, companyId))
          .groupBy(
            dashboardOrderTotals.status,
            dashboardOrderTotals.channel,
            dashboardOrderTotals.paymentMethod,
          ),
        db
          .select({
            method: dashboardMoneyTotals.paymentMethod,
            receivedCents: sql<number>`sum(${dashboardMoneyTotals.receivedCents})::bigint`.mapWith(Number),
            refundedCents: sql<number>`sum(${dashboardMoneyTotals.refundedCents})::bigint`.mapWith(Number),
          })
          .from(dashboardMoneyTotals)
          .where(eq(dashboardMoneyTotals.companyId, companyId))
          .groupBy(dashboardMoneyTotals.paymentMethod),
        // Top sellers: every course that sold at least as many seats as the fifth (ties on seats are then
        // ordered by revenue in the shop currency, which depends on today's shop currency setting). The few
        // candidates are looked up one by one (scalar subqueries): the planner cannot know how few they are.
        rowsOf<{ courseId: string; title: Translatable; sold: number; revenueCents: string | number }>(
          db,
          sql`with candidates as materialized (
              select s.course_id, s.sold from ${dashboardCourseSales} s
              where s.company_id = ${companyId} and s.lines > 0 and s.sold >= ${fifthSold}
            ),
            ranked as (
              select s.course_id, s.sold,
                (select c.title from ${courses} c where c.id = s.course_id) as title,
                (select coalesce(sum(case when r.currency = ${currency} then r.line_cents else r.base_cents end), 0)
                  from ${dashboardCourseRevenue} r
                  where r.company_id = ${companyId} and r.course_id = s.course_id) as revenue
              from candidates s
            )
            select course_id as "courseId", title, sold::int as sold, revenue::bigint as "revenueCents"
            from ranked where title is not null
            order by sold desc, revenue desc, course_id
            limit 5`,
        ),
        db
          .select({
            id: orders.id,
            number: orders.number,
            createdAt: orders.createdAt,
            customerName: orders.customerName,
            paymentMethod: orders.paymentMethod,
            channel: orders.channel,
            status: orders.status,
            totalCents: orders.totalCents,
            currency: orders.currency,
          })
          .from(orders)
          .where(eq(orders.companyId, companyId))
          .orderBy(desc(orders.createdAt), desc(orders.number))
          .limit(8),
      ]);

      const week = lastDays(now, timeZone);
      const today = week.at(-1)!;
      const yesterday = week.at(-2)!;
      const monthFirst = `${today.slice(0, 7)}-01`;
      const moneySum = (keep: (date: string) => boolean, of: "received" | "refunded") =>
        money.filter((row) => keep(row.date)).reduce((sum, row) => sum + cents(row[of]), 0);
      const period = (keep: (date: string) => boolean) => ({
        received: moneySum(keep, "received"),
        refunded: moneySum(keep, "refunded"),
      });
      const ordersByDay = new Map(days.map((row) => [row.date, row.orders]));
      const moneyByDay = new Map(money.map((row) => [row.date, cents(row.received) - cents(row.refunded)]));

      const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);
      const counts = { total: 0, pending: 0, processing: 0, delivered: 0, cancel: 0 };
      const channels = { online: 0, pos: 0 };
      const methods = new Map<PaymentMethod, { method: PaymentMethod; orders: number; totalCents: number }>();
      const methodEntry = (method: PaymentMethod) => {
        const entry = methods.get(method) ?? { method, orders: 0, totalCents: 0 };
        methods.set(method, entry);
        return entry;
      };
      for (const row of totals) {
        counts.total += row.orders;
        if (row.status in counts) counts[row.status as keyof typeof counts] += row.orders;
        if (row.channel in channels) channels[row.channel as keyof typeof channels] += row.orders;
        if (isPaid(row.status)) methodEntry(row.method as PaymentMethod).orders += row.orders;
      }
      const allTime = { received: 0, refunded: 0 };
      for (const row of moneyTotals) {
        allTime.received += row.receivedCents;
        allTime.refunded += row.refundedCents;
        methodEntry(row.method as PaymentMethod).totalCents += row.receivedCents - row.refundedCents;
      }
      const todayMoney = period((date) => date >= today);
      const yesterdayMoney = period((date) => date === yesterday);
      const monthMoney = period((date) => date >= monthFirst);

      return {
        currency,
        timeZone,
        sales: {
          todayCents: todayMoney.received - todayMoney.refunded,
          yesterdayCents: yesterdayMoney.received - yesterdayMoney.refunded,
          thisMonthCents: monthMoney.received - monthMoney.refunded,
          allTimeCents: allTime.received - allTime.refunded,
        },
        refunds: {
          todayCents: todayMoney.refunded,
          yesterdayCents: yesterdayMoney.refunded,
          thisMonthCents: monthMoney.refunded,
          allTimeCents: allTime.refunded,
        },
        orders: counts,
        channels,
        weeklySales: week.map((date) => ({
          date,
          totalCents: moneyByDay.get(date) ?? 0,
          orders: ordersByDay.get(date) ?? 0,
        })),
        bestSellers: best.map((row) => ({
          courseId: row.courseId,
          title: translate(row.title, language),
          sold: row.sold,
          revenueCents: cents(row.revenueCents),
        })),
        paymentMethods: [...methods.values()]
          .filter((entry) => entry.orders > 0 || entry.totalCents !== 0)
          .sort(
            (a, b) => b.orders - a.orders || b.totalCents - a.totalCents || a.method.localeCompare(b.method),
          ),
        recentOrders: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
