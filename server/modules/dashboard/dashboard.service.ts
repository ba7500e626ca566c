import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { translate } from "../../lib/translatable";
import { courses } from "../catalog/catalog.tables";
import { orderLines, orders } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import type { DashboardFigures } from "./dashboard.schemas";

/** Orders that count as sales: accepted or handed over (cancelled and pending ones do not). */
export const PAID_STATUSES = ["processing", "delivered"] as const;
const WEEK_DAYS = 7;

/** The start of the local day `offset` days from now's, as a timestamptz expression. */
const localDayStart = (now: Date, timeZone: string, offsetDays = 0): SQL =>
  sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) + make_interval(days => ${offsetDays}::int)) at time zone ${timeZone})`;

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

/**
 * The figures of the back office's dashboard, each aggregated by one SQL query over the order
 * indexes (company + created_at, company + status + created_at, company + payment method,
 * order lines by company + course). Days and months are the company's (settings time zone).
 */
export function createDashboardService(db: Db, deps: { settings: SettingsService; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());

  return {
    async figures(companyId: string, language: string, now: Date = clock()): Promise<DashboardFigures> {
      const store = await deps.settings.storeInfo(companyId);
      const { timeZone, currency } = store;
      // Orders in every currency count, by their total in the shop currency (kept on the order).
      const paid = and(eq(orders.companyId, companyId), inArray(orders.status, [...PAID_STATUSES]));
      const today = localDayStart(now, timeZone);
      const yesterday = localDayStart(now, timeZone, -1);
      const weekStart = localDayStart(now, timeZone, -(WEEK_DAYS - 1));
      const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
      // Sums as bigint: a year of sales in cents passes the 32-bit integer range.
      const sum = (condition?: SQL) =>
        (condition
          ? sql<number>`coalesce(sum(${orders.baseTotalCents}) filter (where ${condition}), 0)::bigint`
          : sql<number>`coalesce(sum(${orders.baseTotalCents}), 0)::bigint`
        ).mapWith(Number);
      // A line of an order in another currency, in the shop currency: its share at the order's own
      // conversion (base total / total), so the rate used at the time is kept.
      const lineBaseCents = sql`case when ${orders.currency} = ${currency} then ${orderLines.totalCents}
        else coalesce(round(${orderLines.totalCents}::numeric * ${orders.baseTotalCents} / nullif(${orders.totalCents}, 0)), 0) end`;
      const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
      const localDate = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;

      const [[sales], [counts], weekly, best, methods, recent] = await Promise.all([
        db
          .select({
            todayCents: sum(sql`${orders.createdAt} >= ${today}`),
            yesterdayCents: sum(sql`${orders.createdAt} >= ${yesterday} and ${orders.createdAt} < ${today}`),
            thisMonthCents: sum(sql`${orders.createdAt} >= ${monthStart}`),
            allTimeCents: sum(),
          })
          .from(orders)
          .where(paid),
        db
          .select({
            total: sql<number>`count(*)::int`,
            pending: countWhere(sql`${orders.status} = 'pending'`),
            processing: countWhere(sql`${orders.status} = 'processing'`),
            delivered: countWhere(sql`${orders.status} = 'delivered'`),
            cancel: countWhere(sql`${orders.status} = 'cancel'`),
            online: countWhere(sql`${orders.channel} = 'online'`),
            pos: countWhere(sql`${orders.channel} = 'pos'`),
          })
          .from(orders)
          .where(eq(orders.companyId, companyId)),
        db
          .select({ date: localDate, totalCents: sum(), orders: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(paid, sql`${orders.createdAt} >= ${weekStart}`))
          .groupBy(sql`1`),
        db
          .select({
            courseId: orderLines.courseId,
            title: courses.title,
            sold: sql<number>`sum(${orderLines.quantity})::int`,
            revenueCents: sql<number>`sum(${lineBaseCents})::bigint`.mapWith(Number),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .innerJoin(courses, eq(courses.id, orderLines.courseId))
          .where(and(eq(orderLines.companyId, companyId), inArray(orders.status, [...PAID_STATUSES])))
          .groupBy(orderLines.courseId, courses.title)
          .orderBy(desc(sql`sum(${orderLines.quantity})`), desc(sql`sum(${lineBaseCents})`))
          .limit(5),
        db
          .select({ method: orders.paymentMethod, orders: sql<number>`count(*)::int`, totalCents: sum() })
          .from(orders)
          .where(paid)
          .groupBy(orders.paymentMethod)
          .orderBy(desc(sql`count(*)`)),
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

      const byDay = new Map(weekly.map((row) => [row.date, row]));
      return {
        currency,
        timeZone,
        sales: sales ?? { todayCents: 0, yesterdayCents: 0, thisMonthCents: 0, allTimeCents: 0 },
        orders: {
          total: counts?.total ?? 0,
          pending: counts?.pending ?? 0,
          processing: counts?.processing ?? 0,
          delivered: counts?.delivered ?? 0,
          cancel: counts?.cancel ?? 0,
        },
        channels: { online: counts?.online ?? 0, pos: counts?.pos ?? 0 },
        weeklySales: lastDays(now, timeZone).map((date) => ({
          date,
          totalCents: byDay.get(date)?.totalCents ?? 0,
          orders: byDay.get(date)?.orders ?? 0,
        })),
        bestSellers: best.map((row) => ({
          courseId: row.courseId!,
          title: translate(row.title, language),
          sold: row.sold,
          revenueCents: row.revenueCents,
        })),
        paymentMethods: methods,
        recentOrders: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
