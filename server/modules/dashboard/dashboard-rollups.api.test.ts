import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES, PAYMENT_METHODS } from "~shared/order-enums";
import { translate } from "~shared/translatable";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant-scope";
import { insertCompany, insertCourse, insertCustomer } from "../../seed/factories";
import { courses } from "../catalog/catalog.tables";
import { orderLines, orders } from "../orders/orders.tables";
import { PAID_STATUSES } from "./dashboard.service";

/**
 * The roll-ups against the truth: after inserts, status changes, amount changes, line edits and
 * deletes (as the owner and inside the tenant's scope), the dashboard read from the roll-ups equals
 * the exact aggregation over orders and order_lines (the queries the dashboard used before the
 * roll-ups), for zones with whole-, half- and quarter-hour offsets and two shop currencies; and the
 * trigger-kept rows equal a rebuild from scratch.
 */
let t: TestApp;
let db: Db;
let companyId: string;
let customer: { id: string; name: string; email: string };
const courseIds: string[] = [];
const HOUR = 3_600_000;
const NOW = new Date();
const ZONES = ["Asia/Tokyo", "Europe/Amsterdam", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns"];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const rand = random(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const CURRENCIES = [
  { code: "EUR", rate: 1 },
  { code: "USD", rate: 1.0843 },
  { code: "GBP", rate: 0.8571 },
];

function orderValues(createdAt: Date, number: number) {
  const currency = pick(CURRENCIES);
  const totalCents = pick([0, 999, 1500, 2499, 10_000, 33_333]);
  return {
    companyId,
    number,
    customerId: customer.id,
    customerName: customer.name,
    customerEmail: customer.email,
    status: pick(ORDER_STATUSES),
    paymentMethod: pick(PAYMENT_METHODS),
    channel: pick(["online", "pos"] as const),
    currency: currency.code,
    exchangeRate: String(currency.rate),
    baseTotalCents: Math.round(totalCents / currency.rate),
    subtotalCents: totalCents,
    vatRateBp: 0,
    vatCents: 0,
    totalCents,
    createdAt,
    updatedAt: createdAt,
  };
}

let orderNumber = 0;
/** Orders with one to three lines (some without a course), inserted in one statement each. */
async function insertOrders(runner: Db, times: Date[]) {
  if (times.length === 0) return [];
  const inserted = await runner
    .insert(orders)
    .values(times.map((at) => orderValues(at, ++orderNumber)))
    .returning({ id: orders.id, totalCents: orders.totalCents });
  const lines = inserted.flatMap((order) =>
    Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
      companyId,
      orderId: order.id,
      courseId: rand() < 0.1 ? null : pick(courseIds),
      title: { en: "Line" },
      unitPriceCents: order.totalCents,
      quantity: 1 + Math.floor(rand() * 3),
      totalCents: Math.floor(order.totalCents * rand()),
    })),
  );
  await runner.insert(orderLines).values(lines);
  return inserted.map((order) => order.id);
}

/** The dashboard's figures by exact aggregation over orders and order_lines (the pre-roll-up queries). */
async function exactFigures(timeZone: string, currency: string, now: Date) {
  const paid = and(eq(orders.companyId, companyId), inArray(orders.status, [...PAID_STATUSES]));
  const localDayStart = (offsetDays = 0): SQL =>
    sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) + make_interval(days => ${offsetDays}::int)) at time zone ${timeZone})`;
  const today = localDayStart();
  const yesterday = localDayStart(-1);
  const weekStart = localDayStart(-6);
  const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
  const sum = (condition?: SQL) =>
    (condition
      ? sql<number>`coalesce(sum(${orders.baseTotalCents}) filter (where ${condition}), 0)::bigint`
      : sql<number>`coalesce(sum(${orders.baseTotalCents}), 0)::bigint`
    ).mapWith(Number);
  const lineBaseCents = sql`case when ${orders.currency} = ${currency} then ${orderLines.totalCents}
    else coalesce(round(${orderLines.totalCents}::numeric * ${orders.baseTotalCents} / nullif(${orders.totalCents}, 0)), 0) end`;
  const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const localDate = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [[sales], [counts], weekly, best, methods] = await Promise.all([
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
      .orderBy(desc(sql`sum(${orderLines.quantity})`), desc(sql`sum(${lineBaseCents})`), orderLines.courseId)
      .limit(5),
    db
      .select({ method: orders.paymentMethod, orders: sql<number>`count(*)::int`, totalCents: sum() })
      .from(orders)
      .where(paid)
      .groupBy(orders.paymentMethod),
  ]);
  const byDay = new Map(weekly.map((row) => [row.date, row]));
  const { online, pos, ...orderCounts } = counts!;
  return {
    sales: sales!,
    orders: orderCounts,
    channels: { online, pos },
    weekly: [...byDay.entries()].sort(),
    bestSellers: best.map((row) => ({ ...row, title: translate(row.title, "en") })),
    paymentMethods: methods.sort(
      (a, b) => b.orders - a.orders || b.totalCents - a.totalCents || a.method.localeCompare(b.method),
    ),
  };
}

async function compare(timeZone: string, currency: string, now = NOW) {
  const global = await t.app.services.settings.read(companyId, "global");
  await t.app.services.settings.write(companyId, "global", { ...global, timeZone, currency });
  const figures = await t.app.services.dashboard.figures(companyId, "en", now);
  const exact = await exactFigures(timeZone, currency, now);
  const label = `${timeZone} ${currency} ${now.toISOString()}`;
  expect(figures.sales, label).toEqual(exact.sales);
  expect(figures.orders, label).toEqual(exact.orders);
  expect(figures.channels, label).toEqual(exact.channels);
  expect(figures.bestSellers, label).toEqual(exact.bestSellers);
  expect(figures.paymentMethods, label).toEqual(exact.paymentMethods);
  // The week lists every day; the exact query only the days with paid orders (and days after today).
  const week = new Set(figures.weeklySales.map((day) => day.date));
  expect(
    figures.weeklySales.filter((day) => day.orders > 0),
    label,
  ).toEqual(
    exact.weekly
      .filter(([date]) => week.has(date))
      .map(([date, row]) => ({ date, totalCents: row.totalCents, orders: row.orders })),
  );
}

/** The roll-up rows (summed over slots, zero rows left out). */
async function rollups() {
  const rows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    hours: await rows(sql`select hour, status, sum(orders)::int as n, sum(base_total_cents)::text as c
      from dashboard_order_hours where company_id = ${companyId} group by 1, 2
      having sum(orders) <> 0 or sum(base_total_cents) <> 0 order by 1, 2`),
    totals:
      await rows(sql`select status, channel, payment_method, sum(orders)::int as n, sum(base_total_cents)::text as c
      from dashboard_order_totals where company_id = ${companyId} group by 1, 2, 3
      having sum(orders) <> 0 or sum(base_total_cents) <> 0 order by 1, 2, 3`),
    sales: await rows(sql`select course_id, sold::text, lines from dashboard_course_sales
      where company_id = ${companyId} and (sold <> 0 or lines <> 0) order by 1`),
    revenue:
      await rows(sql`select course_id, currency, line_cents::text, base_cents::text from dashboard_course_revenue
      where company_id = ${companyId} and (line_cents <> 0 or base_cents <> 0) order by 1, 2`),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  companyId = (await insertCompany(db, { slug: `rollups-${Date.now()}`, name: "Roll-up School" })).id;
  for (let index = 0; index < 7; index++) {
    courseIds.push(
      await insertCourse(db, companyId, testCourse({ priceCents: 1000 + index }), { categoryId: null }),
    );
  }
  const email = "rollups@example.org";
  customer = { id: await insertCustomer(db, companyId, { name: "Roll Up", email }), name: "Roll Up", email };

  // Spread over 50 days (and a little into the future), denser in the last 8 days, and around the local
  // midnights of the half- and quarter-hour zones (where a day starts inside an hour).
  const times = [
    ...Array.from({ length: 120 }, () => new Date(NOW.getTime() - rand() * 50 * 24 * HOUR)),
    ...Array.from({ length: 120 }, () => new Date(NOW.getTime() - rand() * 8 * 24 * HOUR)),
    ...Array.from({ length: 4 }, () => new Date(NOW.getTime() + rand() * 3 * HOUR)),
  ];
  const midnights = (await db.execute(sql`
    select (date_trunc('day', ${NOW.toISOString()}::timestamptz at time zone z) + make_interval(days => d)) at time zone z as at
    from unnest(${sql.raw(`array['${ZONES.join("','")}']`)}) z, generate_series(-40, 1) d`)) as unknown as {
    rows: { at: Date | string }[];
  };
  for (const { at } of midnights.rows) {
    const midnight = new Date(at).getTime();
    times.push(new Date(midnight - 60_000 - rand() * 20 * 60_000), new Date(midnight + rand() * 20 * 60_000));
    if (rand() < 0.3) times.push(new Date(midnight));
  }
  // Some statements insert many orders at once (one trigger run for all of them).
  for (let index = 0; index < times.length; index += 25)
    await insertOrders(db, times.slice(index, index + 25));
});
afterAll(() => t.close());

describe("dashboard roll-ups", () => {
  it("equal the exact figures after inserts, in every kind of zone and shop currency", async () => {
    for (const zone of ZONES) await compare(zone, "EUR");
    await compare("Asia/Kolkata", "USD");
    // A month start that lies before the week (and one after it).
    await compare("Asia/Kolkata", "EUR", new Date(Date.UTC(2026, 10, 20, 12)));
    await compare("Asia/Kathmandu", "GBP", new Date(NOW.getTime() - 9 * 24 * HOUR));
  });

  it("follow status changes, amount and currency changes, line edits and deletes", async () => {
    const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, companyId))).map(
      (row) => row.id,
    );
    // One statement changes many statuses at once; single rows go back and forth.
    await db
      .update(orders)
      .set({ status: "delivered" })
      .where(and(inArray(orders.id, ids.slice(0, 60)), eq(orders.status, "pending")));
    await db
      .update(orders)
      .set({ status: "cancel" })
      .where(inArray(orders.id, ids.slice(40, 80)));
    for (const id of ids.slice(80, 100)) {
      await db
        .update(orders)
        .set({ status: pick(ORDER_STATUSES) })
        .where(eq(orders.id, id));
    }
    // Nothing the dashboard shows changes: no roll-up row is written.
    await db
      .update(orders)
      .set({ notes: "seen" })
      .where(inArray(orders.id, ids.slice(100, 140)));
    await db
      .update(orders)
      .set({ currency: "USD", baseTotalCents: sql`${orders.baseTotalCents} + 7`, channel: "pos" })
      .where(inArray(orders.id, ids.slice(140, 150)));
    await db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '30 minutes'`, paymentMethod: "paypal" })
      .where(inArray(orders.id, ids.slice(150, 170)));
    const lines = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids));
    await db
      .update(orderLines)
      .set({ quantity: sql`${orderLines.quantity} + 1`, totalCents: sql`${orderLines.totalCents} + 3` })
      .where(
        inArray(
          orderLines.id,
          lines.slice(0, 40).map((line) => line.id),
        ),
      );
    await db
      .update(orderLines)
      .set({ courseId: courseIds[0]! })
      .where(
        inArray(
          orderLines.id,
          lines.slice(40, 50).map((line) => line.id),
        ),
      );
    await db.delete(orderLines).where(
      inArray(
        orderLines.id,
        lines.slice(50, 60).map((line) => line.id),
      ),
    );
    // Orders deleted with their lines (ON DELETE CASCADE), in one statement and one by one.
    await db.delete(orders).where(inArray(orders.id, ids.slice(170, 190)));
    await db.delete(orders).where(eq(orders.id, ids[190]!));
    // A course deleted: its lines keep their amounts but lose the course.
    await db.delete(courses).where(eq(courses.id, courseIds.pop()!));

    for (const zone of ZONES) await compare(zone, "EUR");
    await compare("Europe/Amsterdam", "USD");
  });

  it("are kept by writes made inside the tenant's scope (row-level security)", async () => {
    expect(t.database.tenantWall).toBe(true);
    await withTenant(companyId, async () => {
      const [id] = await insertOrders(db, [
        new Date(NOW.getTime() - HOUR),
        new Date(NOW.getTime() - 2 * HOUR),
      ]);
      await db.update(orders).set({ status: "processing" }).where(eq(orders.id, id!));
      await db.update(orders).set({ status: "delivered" }).where(eq(orders.companyId, companyId));
    });
    await compare("Asia/Kolkata", "EUR");
    await compare("Asia/Tokyo", "GBP");
  });

  it("equal a rebuild from scratch", async () => {
    const kept = await rollups();
    expect(kept.hours.length).toBeGreaterThan(50);
    await db.execute(sql`select dashboard_rebuild_rollups(${companyId})`);
    expect(await rollups()).toEqual(kept);
  });
});
