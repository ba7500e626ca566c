import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_METHODS } from "~shared/order-enums";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import type { Db } from "../../db/client";
import {
  type HistoricOrderInput,
  insertCompany,
  insertCourse,
  insertCustomer,
  insertHistoricOrders,
} from "../../seed/factories";
import { orderLines, orders } from "../orders/orders.tables";
import type { Reports } from "./reports.schemas";

/**
 * The reports' roll-up (report_order_hours, decision 037) against the straight query: after orders are
 * created, paid, delivered, refunded, returned, cancelled, moved and deleted (through the staff API where
 * it has the action, else by SQL in one statement for several orders), sales over time, payment methods
 * and channels read from the roll-up (a whole-hour zone) equal plain SQL over the orders, in two shop
 * currencies; a half-hour zone reads the orders; and the rows the trigger keeps equal a rebuild.
 */
let t: TestApp;
let db: Db;
let company: { id: string; slug: string };
let admin: TestStaff;
const DAY = 86_400_000;
const NOW = new Date();

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const rand = random(35);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

async function call(method: "PUT" | "POST", url: string, payload: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { company: company.slug, authorization: `Bearer ${admin.token}` },
    payload,
  });
  expect([200, 201], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
}

async function report(timeZone: string, currency: string, from: string, to: string, groupBy: string) {
  const global = await t.app.services.settings.read(company.id, "global");
  await t.app.services.settings.write(company.id, "global", { ...global, timeZone, currency });
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/reports?from=${from}&to=${to}&groupBy=${groupBy}`,
    headers: { company: company.slug, authorization: `Bearer ${admin.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const got: Reports = response.json();
  return { sales: got.sales, paymentMethods: got.paymentMethods, channels: got.channels };
}

/** Sales, payment methods and channels by plain SQL over the orders (the straight query). */
async function straight(timeZone: string, currency: string, from: string, to: string, groupBy: string) {
  const conv = (amount: string) => sql`case when currency = ${currency} then ${sql.raw(amount)}::numeric
    else coalesce(round(${sql.raw(amount)}::numeric * base_total_cents / nullif(total_cents, 0)), 0) end`;
  const paid = sql`select created_at, payment_method, channel, ${conv("subtotal_cents")} as gross,
      ${conv("discount_cents")} as discount, ${conv("vat_cents")} as tax, ${conv("total_cents")} as total
    from orders where company_id = ${company.id} and status in ('processing', 'delivered')
      and (created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date`;
  const [periods, methods, channels] = await Promise.all([
    rows<Record<string, string | number>>(
      sql`select to_char(date_trunc(${groupBy}, (created_at at time zone ${timeZone})::date::timestamp), 'YYYY-MM-DD') as period,
        count(*)::int as orders, sum(gross)::bigint as gross, sum(discount)::bigint as discount,
        sum(tax)::bigint as tax, sum(total)::bigint as total
      from (${paid}) p group by 1`,
    ),
    rows<{ method: string; orders: number; total: string }>(
      sql`select payment_method as method, count(*)::int as orders, sum(total)::bigint as total
      from (${paid}) p group by 1 order by 3 desc, 2 desc, 1`,
    ),
    rows<{ channel: string; orders: number; total: string }>(
      sql`select channel, count(*)::int as orders, sum(total)::bigint as total from (${paid}) p group by 1`,
    ),
  ]);
  const byPeriod = new Map(periods.map((row) => [row.period, row]));
  return {
    periods: byPeriod,
    paymentMethods: methods.map((row) => ({
      method: row.method,
      orders: row.orders,
      totalCents: Number(row.total),
    })),
    channels: (["online", "pos"] as const).map((channel) => {
      const row = channels.find((candidate) => candidate.channel === channel);
      return { channel, orders: row?.orders ?? 0, totalCents: Number(row?.total ?? 0) };
    }),
  };
}

/** The API's answer equals the straight query, for each grouping and a month and a 40-day period. */
async function expectStraight(timeZone: string, currency: string) {
  const today = localDay(NOW, timeZone);
  for (const [from, groupBy] of [
    [shift(today, -39), "day"],
    [shift(today, -39), "week"],
    [shift(today, -29), "month"],
  ] as const) {
    const label = `${timeZone} ${currency} ${from}..${today} by ${groupBy}`;
    const got = await report(timeZone, currency, from, today, groupBy);
    const want = await straight(timeZone, currency, from, today, groupBy);
    for (const period of got.sales.periods) {
      const row = want.periods.get(period.period);
      expect(
        [period.orders, period.grossCents, period.discountCents, period.taxCents, period.totalCents],
        `${label} ${period.period}`,
      ).toEqual([
        Number(row?.orders ?? 0),
        Number(row?.gross ?? 0),
        Number(row?.discount ?? 0),
        Number(row?.tax ?? 0),
        Number(row?.total ?? 0),
      ]);
    }
    expect(
      got.sales.periods.reduce((sum, period) => sum + period.orders, 0),
      label,
    ).toBe([...want.periods.values()].reduce((sum, row) => sum + Number(row.orders), 0));
    expect(got.paymentMethods, label).toEqual(want.paymentMethods);
    expect(got.channels, label).toEqual(want.channels);
  }
}

/** The roll-up rows the trigger keeps (without the ones that netted to nothing) equal a rebuild. */
async function expectRebuildEqual() {
  const kept = () =>
    rows(
      sql`select hour, currency, channel, payment_method, orders, subtotal_cents::text, discount_cents::text,
        vat_cents::text, total_cents::text, base_subtotal_cents::text, base_discount_cents::text,
        base_vat_cents::text, base_total_cents::text
      from report_order_hours where company_id = ${company.id}
        and (orders <> 0 or subtotal_cents <> 0 or discount_cents <> 0 or vat_cents <> 0 or total_cents <> 0
          or base_total_cents <> 0)
      order by hour, currency, channel, payment_method`,
    );
  const before = await kept();
  expect(before.length).toBeGreaterThan(0);
  await db.execute(sql`select report_rebuild_rollups(${company.id}::uuid)`);
  expect(await kept()).toEqual(before);
}

let course: string;
let customer: { id: string; name: string; email: string };
const input = (at: Date, status: HistoricOrderInput["status"]): HistoricOrderInput => ({
  customer,
  lines: Array.from({ length: 1 + Math.floor(rand() * 2) }, () => ({
    courseId: course,
    title: { en: "Oak", nl: "Eik" },
    unitPriceCents: pick([999, 2_500, 8_000]),
  })),
  status,
  paymentMethod: pick(PAYMENT_METHODS),
  channel: pick(["online", "online", "pos"] as const),
  createdAt: at,
  ...(rand() < 0.4 ? { currency: { code: "USD", rate: "1.0843" } } : {}),
});

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  company = await insertCompany(db, { slug: `report-rollups-${Date.now()}`, name: "Roll-up School" });
  admin = await createStaff(t, company.id, "Admin");
  course = await insertCourse(db, company.id, testCourse({ priceCents: 8_000, totalSeats: 500 }), {
    categoryId: null,
  });
  customer = { id: "", name: "Rolf Up", email: `rolf.${Date.now()}@example.org` };
  customer.id = await insertCustomer(db, company.id, customer);
});
afterAll(() => t?.close());

describe("reports from the roll-up", () => {
  it("equal the straight query after orders are created, paid, refunded, returned, cancelled, moved and deleted", async () => {
    // Created: 60 orders in one statement over 40 days (some right after a local midnight), every status.
    const times = Array.from({ length: 60 }, (_, i) =>
      i % 10 === 0
        ? new Date(Date.parse(`${shift(localDay(NOW, "Europe/Amsterdam"), -(i / 2))}T23:00:30Z`))
        : new Date(NOW.getTime() - rand() * 40 * DAY),
    );
    const ids = await insertHistoricOrders(
      db,
      company.id,
      times.map((at) =>
        input(at, pick(["pending", "pending", "processing", "delivered", "cancel"] as const)),
      ),
    );
    await expectStraight("Europe/Amsterdam", "EUR");
    const statusOf = async (status: (typeof orders.$inferSelect)["status"]) =>
      (
        await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.companyId, company.id), eq(orders.status, status)))
      ).map((row) => row.id);

    // Paid (marked paid by staff: the order becomes processing, its method the one given).
    const pending = await statusOf("pending");
    for (const id of pending.slice(0, 6))
      await call("POST", `/api/orders/${id}/payments`, { method: "cash", reference: "desk" });
    // Delivered.
    for (const id of (await statusOf("processing")).slice(0, 3))
      await call("PUT", `/api/orders/${id}`, { status: "delivered" });
    // Refunded in part, and lines returned (with their refund).
    const paid = [...(await statusOf("processing")), ...(await statusOf("delivered"))];
    for (const id of paid.slice(0, 3))
      await call("POST", `/api/orders/${id}/refunds`, { amountCents: 100, reason: "Goodwill" });
    for (const id of paid.slice(3, 6)) {
      const [line] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(eq(orderLines.orderId, id));
      await call("POST", `/api/orders/${id}/returns`, { lineIds: [line!.id], restock: true });
    }
    // Cancelled: a paid order and a pending one.
    await call("PUT", `/api/orders/${(await statusOf("processing"))[0]}`, { status: "cancel" });
    await call("PUT", `/api/orders/${pending[6]}`, { status: "cancel" });
    await expectStraight("Europe/Amsterdam", "EUR");
    await expectRebuildEqual();

    // Several orders in one statement: paid, moved to another day, method and channel changed.
    await db
      .update(orders)
      .set({ status: "processing" })
      .where(inArray(orders.id, await statusOf("pending")));
    await db.execute(
      sql`update orders set created_at = created_at - interval '3 days 5 hours',
        payment_method = case when channel = 'pos' then 'card' else payment_method end,
        channel = case when payment_method = 'cod' then 'pos' else channel end
      where id in (${sql.join(
        ids.slice(0, 20).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    // Deleted: paid orders without payments, invoices or enrolments (written straight into the table).
    const extra = await db
      .insert(orders)
      .values(
        [0, 1, 2].map((i) => ({
          companyId: company.id,
          number: 90_000 + i,
          customerId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          status: "delivered" as const,
          paymentMethod: "card" as const,
          channel: "online" as const,
          currency: "USD",
          exchangeRate: "1.0843",
          baseTotalCents: 4_611,
          subtotalCents: 4_132,
          discountCents: 0,
          vatRateBp: 2_100,
          vatCents: 868,
          totalCents: 5_000,
          createdAt: new Date(NOW.getTime() - i * DAY),
          updatedAt: NOW,
        })),
      )
      .returning({ id: orders.id });
    await expectStraight("America/New_York", "USD");
    await db.delete(orders).where(
      inArray(
        orders.id,
        extra.slice(0, 2).map((row) => row.id),
      ),
    );

    for (const [timeZone, currency] of [
      ["Europe/Amsterdam", "EUR"],
      ["America/New_York", "USD"],
      ["Asia/Kolkata", "EUR"],
    ] as const)
      await expectStraight(timeZone, currency);
    await expectRebuildEqual();
  });

  it("reads the roll-up in a whole-hour zone and the orders in a half-hour one", async () => {
    const today = localDay(NOW, "Asia/Kolkata");
    const from = shift(today, -39);
    const ordersOf = async (timeZone: string) =>
      (await report(timeZone, "EUR", from, today, "month")).sales.periods.reduce(
        (sum, period) => sum + period.orders,
        0,
      );
    const amsterdam = await ordersOf("Europe/Amsterdam");
    const kolkata = await ordersOf("Asia/Kolkata");
    expect(amsterdam).toBeGreaterThan(0);
    // A roll-up row that lies (as the owner, outside any request) shows where each zone reads.
    await db.execute(
      sql`update report_order_hours set orders = orders + 1000
        where company_id = ${company.id} and hour = (select max(hour) from report_order_hours
          where company_id = ${company.id} and orders > 0 and hour < now() - interval '1 day')`,
    );
    try {
      expect(await ordersOf("Europe/Amsterdam")).toBe(amsterdam + 1000);
      expect(await ordersOf("Asia/Kolkata")).toBe(kolkata);
    } finally {
      await db.execute(sql`select report_rebuild_rollups(${company.id}::uuid)`);
    }
    expect(await ordersOf("Europe/Amsterdam")).toBe(amsterdam);
  });
});
