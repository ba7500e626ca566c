import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import {
  type HistoricOrderInput,
  insertCompany,
  insertCourse,
  insertCustomer,
  insertHistoricOrder,
} from "../../seed/factories";
import type { DashboardFigures } from "./dashboard.schemas";

/** A zone without daylight saving, so "24 hours ago" is always yesterday there. */
const TIME_ZONE = "Asia/Tokyo";
const HOUR = 3_600_000;

let t: TestApp;
let company: { id: string; slug: string };
let admin: TestStaff;
const inserted: { input: Omit<HistoricOrderInput, "customer">; totalCents: number }[] = [];
const courseIds: string[] = [];

const localDay = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  company = await insertCompany(db, { slug: `dashboard-test-${Date.now()}`, name: "Dashboard School" });
  const global = await t.app.services.settings.read(company.id, "global");
  await t.app.services.settings.write(company.id, "global", { ...global, timeZone: TIME_ZONE });
  admin = await createStaff(t, company.id, "Admin");
  for (const priceCents of [3000, 5000, 7000]) {
    courseIds.push(await insertCourse(db, company.id, testCourse({ priceCents }), { categoryId: null }));
  }
  const now = Date.now();
  const plan: [
    number,
    number[],
    HistoricOrderInput["status"],
    HistoricOrderInput["paymentMethod"],
    "online" | "pos",
  ][] = [
    [0.01, [0, 1], "delivered", "card", "online"],
    [0.02, [2], "processing", "cash", "pos"],
    [0.03, [0], "pending", "card", "online"],
    [24, [1], "delivered", "credit", "online"],
    [25, [2], "cancel", "card", "online"],
    [3 * 24, [0], "delivered", "cash", "pos"],
    [40 * 24, [0, 2], "delivered", "card", "online"],
  ];
  const customers: { id: string; name: string; email: string }[] = [];
  for (const [index, [hoursAgo, lines, status, paymentMethod, channel]] of plan.entries()) {
    const email = `dash-${index}@example.org`;
    const customer = {
      id: await insertCustomer(db, company.id, { name: `Buyer ${index}`, email }),
      name: `Buyer ${index}`,
      email,
    };
    customers.push(customer);
    const input = {
      lines: lines.map((course) => ({
        courseId: courseIds[course]!,
        title: { en: `Course ${course}`, nl: `Cursus ${course}` },
        unitPriceCents: [3000, 5000, 7000][course]!,
      })),
      status,
      paymentMethod,
      channel,
      createdAt: new Date(now - hoursAgo * HOUR),
    };
    await insertHistoricOrder(db, company.id, { ...input, customer });
    inserted.push({ input, totalCents: input.lines.reduce((sum, line) => sum + line.unitPriceCents, 0) });
  }
});
afterAll(() => t.close());

const figures = async (token?: string) => {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/admin/dashboard",
    headers: { company: company.slug, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as DashboardFigures };
};

describe("GET /api/admin/dashboard", () => {
  it("matches the orders in the database", async () => {
    const { status, body } = await figures(admin.token);
    expect(status).toBe(200);
    const now = new Date();
    const paid = inserted.filter(
      ({ input }) => input.status === "processing" || input.status === "delivered",
    );
    const sumWhere = (keep: (date: Date) => boolean) =>
      paid.filter(({ input }) => keep(input.createdAt)).reduce((sum, order) => sum + order.totalCents, 0);
    const today = localDay(now);
    const yesterday = localDay(new Date(now.getTime() - 24 * HOUR));
    expect(body.currency).toBe("EUR");
    expect(body.timeZone).toBe(TIME_ZONE);
    expect(body.sales).toEqual({
      todayCents: sumWhere((date) => localDay(date) === today),
      yesterdayCents: sumWhere((date) => localDay(date) === yesterday),
      thisMonthCents: sumWhere((date) => localDay(date).slice(0, 7) === today.slice(0, 7)),
      allTimeCents: sumWhere(() => true),
    });
    expect(body.sales.allTimeCents).toBe(8000 + 7000 + 5000 + 3000 + 10000);
    expect(body.orders).toEqual({ total: 7, pending: 1, processing: 1, delivered: 4, cancel: 1 });
    expect(body.channels).toEqual({ online: 5, pos: 2 });

    expect(body.weeklySales).toHaveLength(7);
    expect(body.weeklySales.at(-1)!.date).toBe(today);
    for (const day of body.weeklySales) {
      expect(day.totalCents, day.date).toBe(sumWhere((date) => localDay(date) === day.date));
    }

    // Paid lines per course: course 0 ×3 (today, 3 days ago, 40 days ago), course 2 ×2, course 1 ×2.
    expect(body.bestSellers[0]).toMatchObject({ courseId: courseIds[0], sold: 3, revenueCents: 9000 });
    expect(body.bestSellers.map((row) => row.courseId).sort()).toEqual([...courseIds].sort());
    expect(body.paymentMethods).toEqual(
      expect.arrayContaining([
        { method: "card", orders: 2, totalCents: 18000 },
        { method: "cash", orders: 2, totalCents: 10000 },
        { method: "credit", orders: 1, totalCents: 5000 },
      ]),
    );
    expect(body.recentOrders).toHaveLength(7);
    expect(body.recentOrders[0]!.totalCents).toBe(8000);
  });

  it("is 401 without staff and 403 for a role without the dashboard", async () => {
    expect((await figures()).status).toBe(401);
    const driver = await createStaff(t, company.id, "Driver");
    expect((await figures(driver.token)).status).toBe(403);
    const guard = await createStaff(t, company.id, "Security Guard");
    expect((await figures(guard.token)).status).toBe(200);
  });
});
