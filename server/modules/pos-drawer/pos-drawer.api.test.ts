import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCourse, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { orders } from "../orders/orders.tables";
import { openSessionOf } from "./pos-drawer.service";

let t: TestApp;
let company: { id: string; slug: string };
let cashier: TestStaff;
let manager: TestStaff;
let driver: TestStaff;
let accountant: TestStaff;
let course: string;
let customer: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  company = await insertCompany(db, { slug: `drawer-${Date.now()}`, name: "Drawer School" });
  cashier = await createStaff(t, company.id, "Cashier");
  manager = await createStaff(t, company.id, "Manager");
  driver = await createStaff(t, company.id, "Driver");
  accountant = await createStaff(t, company.id, "Accountant");
  course = await insertCourse(db, company.id, testCourse({ priceCents: 4_000, totalSeats: null }), {
    categoryId: null,
  });
  customer = { id: "", name: "Desk Buyer", email: "desk.buyer@example.org" };
  customer.id = await insertCustomer(db, company.id, customer);
});
afterAll(() => t.close());

async function call(method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { company: company.slug, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

const posOrder = (
  posSessionId: string | undefined,
  paymentMethod: "cash" | "card" | "credit",
  priceCents: number,
  options: { status?: "delivered" | "pending"; channel?: "pos" | "online"; vatRateBp?: number } = {},
) =>
  insertHistoricOrder(t.database.db, company.id, {
    customer,
    lines: [{ courseId: course, title: { en: "Desk", nl: "Balie" }, unitPriceCents: priceCents }],
    status: options.status ?? "delivered",
    paymentMethod,
    channel: options.channel ?? "pos",
    ...(posSessionId ? { posSessionId } : {}),
    vatRateBp: options.vatRateBp ?? 2100,
    createdAt: new Date(),
  });

describe("cash drawer sessions", () => {
  it("opens one session per register, needs write on the POS area, and counts in and out", async () => {
    const register = `Front desk ${Date.now()}`;
    expect(
      (
        await call("POST", "/api/admin/pos/drawer-sessions", driver.token, {
          register,
          openingFloatCents: 100,
        })
      ).status,
    ).toBe(403);
    for (const bad of [
      { register: "", openingFloatCents: 100 },
      { register, openingFloatCents: -1 },
      { register, openingFloatCents: 1.5 },
      { register: "x".repeat(61), openingFloatCents: 0 },
      { register, openingFloatCents: 0, extra: 1 },
    ]) {
      expect((await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, bad)).status).toBe(400);
    }
    const opened = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register,
      openingFloatCents: 10_000,
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ status: "open", openingFloatCents: 10_000, expectedCents: 10_000 });
    const twice = await call("POST", "/api/admin/pos/drawer-sessions", manager.token, {
      register: register.toUpperCase(),
      openingFloatCents: 0,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("DRAWER_ALREADY_OPEN");
    expect(await openSessionOf(t.database.db, company.id, register)).toEqual({ id: opened.body.id });
    // The point of sale's area: a role without it does not even see the drawers.
    expect((await call("GET", "/api/admin/pos/drawer-sessions", driver.token)).status).toBe(403);
    const list = await call("GET", "/api/admin/pos/drawer-sessions", cashier.token);
    expect(list.status).toBe(200);
    expect(list.body.sessions.map((session: { id: string }) => session.id)).toContain(opened.body.id);

    const moves = `/api/admin/pos/drawer-sessions/${opened.body.id}/movements`;
    expect(
      (
        await call("POST", moves, cashier.token, {
          kind: "in",
          amountCents: 2_000,
          reason: "Change from the bank",
        })
      ).status,
    ).toBe(200);
    const out = await call("POST", moves, cashier.token, {
      kind: "out",
      amountCents: 500,
      reason: "Window cleaner",
    });
    expect(out.body.expectedCents).toBe(11_500);
    expect(out.body.movements).toHaveLength(2);
    const tooMuch = await call("POST", moves, cashier.token, {
      kind: "out",
      amountCents: 11_501,
      reason: "Bank",
    });
    expect(tooMuch.status).toBe(422);
    expect(
      (await call("POST", moves, cashier.token, { kind: "in", amountCents: 100, reason: "" })).status,
    ).toBe(400);
    expect(
      (await call("POST", moves, driver.token, { kind: "in", amountCents: 100, reason: "x" })).status,
    ).toBe(403);
  });

  it("lets an Accountant read the drawers, their cash movements and Z-reports, but not open, move or close (403)", async () => {
    const register = `Books ${Date.now()}`;
    const opened = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register,
      openingFloatCents: 2_500,
    });
    const id = opened.body.id as string;
    await call("POST", `/api/admin/pos/drawer-sessions/${id}/movements`, cashier.token, {
      kind: "in",
      amountCents: 500,
      reason: "Change",
    });

    const list = await call("GET", "/api/admin/pos/drawer-sessions", accountant.token);
    expect(list.status).toBe(200);
    expect(list.body.sessions.map((session: { id: string }) => session.id)).toContain(id);
    const detail = await call("GET", `/api/admin/pos/drawer-sessions/${id}`, accountant.token);
    expect(detail).toMatchObject({
      status: 200,
      body: { register, expectedCents: 3_000, movements: [{ kind: "in", amountCents: 500 }] },
    });
    expect(detail.body.zReport).toBeDefined();

    const refused = [
      await call("POST", "/api/admin/pos/drawer-sessions", accountant.token, {
        register: `${register} 2`,
        openingFloatCents: 0,
      }),
      await call("POST", `/api/admin/pos/drawer-sessions/${id}/movements`, accountant.token, {
        kind: "out",
        amountCents: 100,
        reason: "Coffee",
      }),
      await call("POST", `/api/admin/pos/drawer-sessions/${id}/close`, accountant.token, {
        countedCents: 3_000,
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403]);
    const after = await call("GET", `/api/admin/pos/drawer-sessions/${id}`, cashier.token);
    expect(after.body).toMatchObject({ status: "open", expectedCents: 3_000 });
    expect(after.body.movements).toHaveLength(1);
  });

  it("closes with the count: expected from float, cash sales, cash refunds, in and out; the Z-report equals the orders", async () => {
    const register = `Café ${Date.now()}`;
    const opened = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register,
      openingFloatCents: 5_000,
    });
    const sessionId = opened.body.id as string;
    const other = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register: `${register} 2`,
      openingFloatCents: 0,
    });
    const counted = [
      await posOrder(sessionId, "cash", 4_000),
      await posOrder(sessionId, "cash", 2_500, { vatRateBp: 900 }),
      await posOrder(sessionId, "card", 6_000),
    ];
    // Not in this session's report: unpaid, online, another register's.
    await posOrder(sessionId, "cash", 9_000, { status: "pending" });
    await posOrder(undefined, "cash", 9_000, { channel: "online" });
    await posOrder(other.body.id, "cash", 9_000);
    await t.database.db.update(orders).set({ discountCents: 300 }).where(eq(orders.id, counted[1]!));

    const refund = await call("POST", `/api/orders/${counted[0]}/refunds`, manager.token, {
      amountCents: 1_000,
      reason: "Damaged cover",
    });
    expect(refund.status).toBe(201);
    await call("POST", `/api/admin/pos/drawer-sessions/${sessionId}/movements`, cashier.token, {
      kind: "out",
      amountCents: 2_000,
      reason: "To the safe",
    });

    const rows = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, company.id), inArray(orders.id, counted)));
    const sumOf = (list: typeof rows, pick: (row: (typeof rows)[number]) => number) =>
      list.reduce((total, row) => total + pick(row), 0);
    const cashRows = rows.filter((row) => row.paymentMethod === "cash");
    const cashSales = sumOf(cashRows, (row) => row.totalCents);
    const cardSales = sumOf(
      rows.filter((row) => row.paymentMethod === "card"),
      (row) => row.totalCents,
    );

    const detail = await call("GET", `/api/admin/pos/drawer-sessions/${sessionId}`, manager.token);
    expect(detail.status).toBe(200);
    const report = detail.body.zReport;
    expect(report).toMatchObject({
      ordersCount: 3,
      salesByMethod: [
        { method: "cash", count: 2, amountCents: cashSales },
        { method: "card", count: 1, amountCents: cardSales },
      ],
      grossSalesCents: cashSales + cardSales,
      refundsByMethod: [{ method: "cash", amountCents: 1_000 }],
      refundsCents: 1_000,
      netSalesCents: cashSales + cardSales - 1_000,
      discountCents: 300,
      taxCents: sumOf(rows, (row) => row.vatCents),
      taxes: [
        {
          rateBp: 2100,
          taxCents: sumOf(
            rows.filter((row) => row.vatRateBp === 2100),
            (row) => row.vatCents,
          ),
        },
        {
          rateBp: 900,
          taxCents: sumOf(
            rows.filter((row) => row.vatRateBp === 900),
            (row) => row.vatCents,
          ),
        },
      ],
      cash: { floatCents: 5_000, salesCents: cashSales, refundsCents: 1_000, inCents: 0, outCents: 2_000 },
    });
    const expected = 5_000 + cashSales - 1_000 - 2_000;
    expect(report.cash.expectedCents).toBe(expected);
    expect(detail.body.expectedCents).toBe(expected);

    const close = `/api/admin/pos/drawer-sessions/${sessionId}/close`;
    expect((await call("POST", close, cashier.token, { countedCents: -1 })).status).toBe(400);
    expect((await call("POST", close, driver.token, { countedCents: expected })).status).toBe(403);
    const closed = await call("POST", close, cashier.token, {
      countedCents: expected - 300,
      note: "Short by 3",
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: "closed",
      expectedCents: expected,
      countedCents: expected - 300,
      differenceCents: -300,
      closedByEmail: cashier.email,
      closingNote: "Short by 3",
    });
    expect((await call("POST", close, cashier.token, { countedCents: 0 })).status).toBe(422);
    const late = await call("POST", `/api/admin/pos/drawer-sessions/${sessionId}/movements`, cashier.token, {
      kind: "in",
      amountCents: 100,
      reason: "Late",
    });
    expect(late.status).toBe(422);
    expect(await openSessionOf(t.database.db, company.id, register)).toBeNull();
    const reopened = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register,
      openingFloatCents: 5_000,
    });
    expect(reopened.status).toBe(201);
  });

  it("keeps sessions to their school", async () => {
    const elsewhere = await insertCompany(t.database.db, {
      slug: `drawer-other-${Date.now()}`,
      name: "Other",
    });
    const outsider = await createStaff(t, elsewhere.id, "Admin");
    const mine = await call("POST", "/api/admin/pos/drawer-sessions", cashier.token, {
      register: `Private ${Date.now()}`,
      openingFloatCents: 0,
    });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/pos/drawer-sessions/${mine.body.id}`,
      headers: { company: elsewhere.slug, authorization: `Bearer ${outsider.token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
