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
import { orderLines, orders, payments, REFUND_KINDS, refunds } from "../orders/orders.tables";
import { PAID_STATUSES } from "./dashboard.service";

/**
 * The roll-ups against the truth: after inserts, status changes, amount changes, line edits,
 * payments received, refunds and deletes (as the owner and inside the tenant's scope), the dashboard
 * read from the roll-ups equals the exact aggregation over orders, order_lines, payments and refunds
 * (sales: money received minus refunded, per local day of the money's move), for zones with whole-,
 * half- and quarter-hour offsets and several shop currencies; and the trigger-kept rows equal a rebuild
 * from scratch.
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

/** Orders that have payments (they cannot be deleted), and every time the data uses. */
const paidOrderIds = new Set<string>();
const times: Date[] = [];

/**
 * One to three payments for each order given (some succeeded, some refunded, some failed or
 * pending), received at one of the test's times, and refunds of part of some of them.
 */
async function insertPayments(runner: Db, orderRows: { id: string; totalCents: number; currency: string }[]) {
  const paymentRows = orderRows.flatMap((order) =>
    Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const status = pick(["succeeded", "succeeded", "refunded", "failed", "pending"] as const);
      return {
        companyId,
        orderId: order.id,
        provider: "demo",
        providerReference: `rollup_${crypto.randomUUID()}`,
        status,
        amountCents: Math.floor(order.totalCents * rand()),
        currency: order.currency,
        receivedAt: status === "succeeded" || status === "refunded" ? pick(times) : null,
      };
    }),
  );
  if (paymentRows.length === 0) return;
  for (const order of orderRows) paidOrderIds.add(order.id);
  await runner.insert(payments).values(paymentRows);
  const refundRows = paymentRows
    .filter((payment) => payment.receivedAt && rand() < 0.4)
    .map((payment) => ({
      companyId,
      orderId: payment.orderId,
      kind: pick(REFUND_KINDS),
      amountCents: Math.floor(payment.amountCents * rand()),
      currency: payment.currency,
      createdAt: pick(times),
    }));
  if (refundRows.length > 0) await runner.insert(refunds).values(refundRows);
}

let orderNumber = 0;
/** Orders with one to three lines (some without a course), inserted in one statement each. */
async function insertOrders(runner: Db, times: Date[]) {
  if (times.length === 0) return [];
  const inserted = await runner
    .insert(orders)
    .values(times.map((at) => orderValues(at, ++orderNumber)))
    .returning({ id: orders.id, totalCents: orders.totalCents, currency: orders.currency });
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
  await insertPayments(
    runner,
    inserted.filter(() => rand() < 0.6),
  );
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
  const lineBaseCents = sql`case when ${orders.currency} = ${currency} then ${orderLines.totalCents}
    else coalesce(round(${orderLines.totalCents}::numeric * ${orders.baseTotalCents} / nullif(${orders.totalCents}, 0)), 0) end`;
  const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const localDate = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  // Money that moved: payments received (+) and refunds (−), in the shop currency at the order's rate.
  const moved = sql`(
    select p.received_at as at, o.payment_method as method,
      coalesce(round(p.amount_cents::numeric * o.base_total_cents / nullif(o.total_cents, 0)), 0) as received, 0 as refunded
    from ${payments} p join ${orders} o on o.id = p.order_id
    where p.company_id = ${companyId} and p.status in ('succeeded', 'refunded')
    union all
    select r.created_at, o.payment_method, 0,
      coalesce(round(r.amount_cents::numeric * o.base_total_cents / nullif(o.total_cents, 0)), 0)
    from ${refunds} r join ${orders} o on o.id = r.order_id
    where r.company_id = ${companyId}
  ) m`;
  const moneyRows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const net = (condition: SQL) =>
    sql`coalesce(sum(received - refunded) filter (where ${condition}), 0)::bigint`;
  const back = (condition: SQL) => sql`coalesce(sum(refunded) filter (where ${condition}), 0)::bigint`;
  const periods = {
    todayCents: sql`at >= ${today}`,
    yesterdayCents: sql`at >= ${yesterday} and at < ${today}`,
    thisMonthCents: sql`at >= ${monthStart}`,
    allTimeCents: sql`true`,
  };
  const [[money], moneyByDay, moneyByMethod] = await Promise.all([
    moneyRows<Record<string, string>>(
      sql`select ${sql.join(
        Object.entries(periods).flatMap(([name, condition]) => [
          sql`${net(condition)} as ${sql.identifier(`net_${name}`)}`,
          sql`${back(condition)} as ${sql.identifier(`back_${name}`)}`,
        ]),
        sql`, `,
      )} from ${moved}`,
    ),
    moneyRows<{ date: string; cents: string }>(
      sql`select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as date, sum(received - refunded)::bigint as cents
        from ${moved} where at >= ${weekStart} group by 1`,
    ),
    moneyRows<{ method: string; cents: string }>(
      sql`select method, sum(received - refunded)::bigint as cents from ${moved} group by 1`,
    ),
  ]);
  const periodFigures = (prefix: string) =>
    Object.fromEntries(Object.keys(periods).map((name) => [name, Number(money![`${prefix}_${name}`])]));
  const [[counts], weekly, best, methods] = await Promise.all([
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
      .select({ date: localDate, orders: sql<number>`count(*)::int` })
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
      .select({ method: orders.paymentMethod, orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(paid)
      .groupBy(orders.paymentMethod),
  ]);
  const { online, pos, ...orderCounts } = counts!;
  const methodCents = new Map(moneyByMethod.map((row) => [row.method, Number(row.cents)]));
  const methodOrders = new Map(methods.map((row) => [row.method as string, row.orders]));
  return {
    sales: periodFigures("net"),
    refunds: periodFigures("back"),
    orders: orderCounts,
    channels: { online, pos },
    ordersByDay: new Map(weekly.map((row) => [row.date, row.orders])),
    moneyByDay: new Map(moneyByDay.map((row) => [row.date, Number(row.cents)])),
    bestSellers: best.map((row) => ({ ...row, title: translate(row.title, "en") })),
    paymentMethods: [...new Set([...methodCents.keys(), ...methodOrders.keys()])]
      .map((method) => ({
        method,
        orders: methodOrders.get(method) ?? 0,
        totalCents: methodCents.get(method) ?? 0,
      }))
      .filter((row) => row.orders > 0 || row.totalCents !== 0)
      .sort((a, b) => b.orders - a.orders || b.totalCents - a.totalCents || a.method.localeCompare(b.method)),
  };
}

async function compare(timeZone: string, currency: string, now = NOW) {
  const global = await t.app.services.settings.read(companyId, "global");
  await t.app.services.settings.write(companyId, "global", { ...global, timeZone, currency });
  const figures = await t.app.services.dashboard.figures(companyId, "en", now);
  const exact = await exactFigures(timeZone, currency, now);
  const label = `${timeZone} ${currency} ${now.toISOString()}`;
  expect(figures.sales, label).toEqual(exact.sales);
  expect(figures.refunds, label).toEqual(exact.refunds);
  expect(exact.sales.allTimeCents, label).toBeGreaterThan(0);
  expect(exact.refunds.allTimeCents, label).toBeGreaterThan(0);
  expect(figures.orders, label).toEqual(exact.orders);
  expect(figures.channels, label).toEqual(exact.channels);
  expect(figures.bestSellers, label).toEqual(exact.bestSellers);
  expect(figures.paymentMethods, label).toEqual(exact.paymentMethods);
  expect(figures.weeklySales, label).toEqual(
    figures.weeklySales.map(({ date }) => ({
      date,
      totalCents: exact.moneyByDay.get(date) ?? 0,
      orders: exact.ordersByDay.get(date) ?? 0,
    })),
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
    moneyHours:
      await rows(sql`select hour, sum(received_cents)::text as received, sum(refunded_cents)::text as refunded
      from dashboard_money_hours where company_id = ${companyId} group by 1
      having sum(received_cents) <> 0 or sum(refunded_cents) <> 0 order by 1`),
    moneyTotals:
      await rows(sql`select payment_method, sum(received_cents)::text as received, sum(refunded_cents)::text as refunded
      from dashboard_money_totals where company_id = ${companyId} group by 1
      having sum(received_cents) <> 0 or sum(refunded_cents) <> 0 order by 1`),
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
  times.push(
    ...Array.from({ length: 120 }, () => new Date(NOW.getTime() - rand() * 50 * 24 * HOUR)),
    ...Array.from({ length: 120 }, () => new Date(NOW.getTime() - rand() * 8 * 24 * HOUR)),
    ...Array.from({ length: 4 }, () => new Date(NOW.getTime() + rand() * 3 * HOUR)),
  );
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
    // Orders deleted with their lines (ON DELETE CASCADE), in one statement and one by one (orders
    // with payments cannot be deleted).
    const unpaid = ids.filter((id) => !paidOrderIds.has(id));
    await db.delete(orders).where(inArray(orders.id, unpaid.slice(0, 20)));
    await db.delete(orders).where(eq(orders.id, unpaid[20]!));
    // A course deleted: its lines keep their amounts but lose the course.
    await db.delete(courses).where(eq(courses.id, courseIds.pop()!));

    for (const zone of ZONES) await compare(zone, "EUR");
    await compare("Europe/Amsterdam", "USD");
  });

  it("follow money received, refunded, moved in time, corrected and taken back", async () => {
    const all = await db.select().from(payments).where(eq(payments.companyId, companyId));
    const pending = all.filter((payment) => payment.status === "pending").map((payment) => payment.id);
    const received = all.filter((payment) => payment.receivedAt !== null).map((payment) => payment.id);
    // Pending payments succeed (received now, by the database's clock, or at a given time).
    await db
      .update(payments)
      .set({ status: "succeeded" })
      .where(inArray(payments.id, pending.slice(0, 10)));
    await db
      .update(payments)
      .set({ status: "succeeded", receivedAt: pick(times) })
      .where(inArray(payments.id, pending.slice(10, 15)));
    // Refunded in full (still received), a failure reported late on a received one (no longer received),
    // amounts corrected, received at another time, one deleted.
    await db
      .update(payments)
      .set({ status: "refunded" })
      .where(inArray(payments.id, received.slice(0, 20)));
    await db
      .update(payments)
      .set({ status: "failed" })
      .where(inArray(payments.id, received.slice(20, 25)));
    await db
      .update(payments)
      .set({ amountCents: sql`${payments.amountCents} + 11` })
      .where(inArray(payments.id, received.slice(25, 35)));
    await db
      .update(payments)
      .set({ receivedAt: sql`${payments.receivedAt} - interval '45 minutes'` })
      .where(inArray(payments.id, received.slice(35, 45)));
    await db.delete(payments).where(eq(payments.id, received[45]!));
    // Refunds added now, moved, corrected and deleted.
    const [order] = all.filter((payment) => payment.receivedAt !== null);
    await db.insert(refunds).values([
      { companyId, orderId: order!.orderId, kind: "partial", amountCents: 5, currency: order!.currency },
      {
        companyId,
        orderId: order!.orderId,
        kind: "partial",
        amountCents: 7,
        currency: order!.currency,
        createdAt: pick(times),
      },
    ]);
    const refundIds = (
      await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.companyId, companyId))
    ).map((row) => row.id);
    await db
      .update(refunds)
      .set({
        amountCents: sql`${refunds.amountCents} + 3`,
        createdAt: sql`${refunds.createdAt} - interval '2 hours'`,
      })
      .where(inArray(refunds.id, refundIds.slice(0, 10)));
    await db.delete(refunds).where(inArray(refunds.id, refundIds.slice(10, 14)));
    // An order's payment method and amounts corrected: its money moves with it.
    await db
      .update(orders)
      .set({ paymentMethod: "cash", baseTotalCents: sql`${orders.baseTotalCents} + 100` })
      .where(inArray(orders.id, [...paidOrderIds].slice(0, 15)));

    for (const zone of ZONES) await compare(zone, "EUR");
    await compare("Asia/Kolkata", "GBP");
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
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.companyId, companyId), sql`${payments.receivedAt} is not null`))
        .limit(1);
      await db.insert(refunds).values({
        companyId,
        orderId: payment!.orderId,
        kind: "partial",
        amountCents: 1,
        currency: payment!.currency,
      });
      await db.update(payments).set({ status: "refunded" }).where(eq(payments.id, payment!.id));
    });
    await compare("Asia/Kolkata", "EUR");
    await compare("Asia/Tokyo", "GBP");
  });

  it("equal a rebuild from scratch", async () => {
    const kept = await rollups();
    expect(kept.hours.length).toBeGreaterThan(50);
    expect(kept.moneyHours.length).toBeGreaterThan(50);
    await db.execute(sql`select dashboard_rebuild_rollups(${companyId})`);
    expect(await rollups()).toEqual(kept);
  });
});
