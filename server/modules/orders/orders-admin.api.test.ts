import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCourse, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { auditLogs } from "../audit/audit.tables";
import { courses } from "../catalog/catalog.tables";
import { enrolments, orders, payments } from "./orders.tables";
import type { AdminOrder, AdminOrderList } from "./orders-admin.schemas";

let t: TestApp;
let company: { id: string; slug: string };
let admin: TestStaff;
let courseA: string;
let courseB: string;
const customer = { id: "", name: "Hannah Vermeer", email: "hannah.vermeer@example.org" };
const other = { id: "", name: "Pieter Bakker", email: "pieter@example.org" };
const ids: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  company = await insertCompany(db, { slug: `orders-test-${Date.now()}`, name: "Orders School" });
  admin = await createStaff(t, company.id, "Admin");
  courseA = await insertCourse(db, company.id, testCourse({ priceCents: 6000, totalSeats: 10 }), {
    categoryId: null,
  });
  courseB = await insertCourse(db, company.id, testCourse({ priceCents: 4000, totalSeats: 10 }), {
    categoryId: null,
  });
  customer.id = await insertCustomer(db, company.id, { name: customer.name, email: customer.email });
  other.id = await insertCustomer(db, company.id, { name: other.name, email: other.email });
  const line = (courseId: string, cents: number) => ({
    courseId,
    title: { en: cents === 6000 ? "Course A" : "Course B", nl: cents === 6000 ? "Cursus A" : "Cursus B" },
    unitPriceCents: cents,
  });
  const now = Date.now();
  ids.paidTwoLines = await insertHistoricOrder(db, company.id, {
    customer,
    lines: [line(courseA, 6000), line(courseB, 4000)],
    status: "delivered",
    paymentMethod: "card",
    channel: "online",
    createdAt: new Date(now - 2 * DAY),
  });
  ids.pending = await insertHistoricOrder(db, company.id, {
    customer: other,
    lines: [line(courseB, 4000)],
    status: "pending",
    paymentMethod: "cash",
    channel: "pos",
    createdAt: new Date(now - 1 * DAY),
  });
  ids.old = await insertHistoricOrder(db, company.id, {
    customer: other,
    lines: [line(courseA, 6000)],
    status: "processing",
    paymentMethod: "credit",
    channel: "online",
    createdAt: new Date(now - 20 * DAY),
  });
  ids.toCancel = await insertHistoricOrder(db, company.id, {
    customer,
    lines: [line(courseA, 6000)],
    status: "processing",
    paymentMethod: "card",
    channel: "online",
    createdAt: new Date(now - 3 * DAY),
  });
});
afterAll(() => t.close());

const request = async (
  method: "GET" | "PUT" | "POST",
  url: string,
  token?: string,
  payload?: unknown,
  slug = company.slug,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { company: slug, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = response.headers["content-type"]?.toString().startsWith("application/json");
  return { status: response.statusCode, body: json ? response.json() : null, raw: response };
};

describe("GET /api/orders", () => {
  it("lists the company's orders newest first with invoice numbers", async () => {
    const { status, body } = await request("GET", "/api/orders", admin.token);
    expect(status).toBe(200);
    const list = body as AdminOrderList;
    expect(list.total).toBe(4);
    expect(list.items.map((item) => item.id)).toEqual([ids.pending, ids.paidTwoLines, ids.toCancel, ids.old]);
    expect(list.items[1]).toMatchObject({
      customerName: customer.name,
      totalCents: 10000,
      status: "delivered",
    });
    expect(list.items[1]!.invoiceNumber).toMatch(/\d/);
    expect(list.items[0]!.invoiceNumber).toBeNull();
  });

  it("filters by status, method, channel, last days and dates, and searches", async () => {
    const totalOf = async (query: string) =>
      (await request("GET", `/api/orders?${query}`, admin.token)).body.total;
    expect(await totalOf("status=processing")).toBe(2);
    expect(await totalOf("paymentMethod=card")).toBe(2);
    expect(await totalOf("channel=pos")).toBe(1);
    expect(await totalOf("days=7")).toBe(3);
    expect(await totalOf("days=30")).toBe(4);
    expect(await totalOf("days=5&status=processing")).toBe(1);
    // A day after the old order's UTC date: in the school's time zone it may already be the next day.
    const day = new Date(Date.now() - 19 * DAY).toISOString().slice(0, 10);
    expect(await totalOf(`startDate=2000-01-01&endDate=${day}`)).toBeGreaterThanOrEqual(1);
    expect(await totalOf("startDate=2000-01-01&endDate=2000-01-02")).toBe(0);
    expect(await totalOf(`searchText=${encodeURIComponent("vermeer")}`)).toBe(2);
    expect(await totalOf("searchText=pieter%40example")).toBe(2);
    const [paid] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, ids.old!));
    // A number matches the order number or the invoice number.
    const byNumber = await request("GET", `/api/orders?searchText=${paid!.number}`, admin.token);
    expect(byNumber.body.items.map((item: { id: string }) => item.id)).toContain(ids.old);
    const sorted = await request("GET", "/api/orders?sort=totalCents&order=asc", admin.token);
    expect(sorted.body.items[0].totalCents).toBe(4000);
  });

  it("rejects bad filters with 400", async () => {
    for (const query of [
      "days=6",
      "status=shipped",
      "startDate=yesterday",
      "startDate=2024-02-02&endDate=2024-01-01",
      "x=1",
    ]) {
      const { status, body } = await request("GET", `/api/orders?${query}`, admin.token);
      expect(status, query).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("exports every matching order as CSV", async () => {
    const { status, raw } = await request("GET", "/api/admin/orders/export?status=processing", admin.token);
    expect(status).toBe(200);
    expect(raw.headers["content-type"]).toContain("text/csv");
    const lines = raw.body.split("\r\n");
    expect(lines[0]).toContain("Order,Invoice,Time,Customer");
    expect(lines).toHaveLength(3);
  });

  it("is 401 without staff, 403 for a role without orders, and scoped to the company", async () => {
    expect((await request("GET", "/api/orders")).status).toBe(401);
    const guard = await createStaff(t, company.id, "Security Guard");
    expect((await request("GET", "/api/orders", guard.token)).status).toBe(403);
    const driver = await createStaff(t, company.id, "Driver");
    expect((await request("GET", "/api/orders", driver.token)).status).toBe(200);
    const defaultCompany = (await t.app.services.companies.resolve(undefined))!;
    const defaultAdmin = await createStaff(t, defaultCompany.id, "Admin");
    const seeded = await t.app.inject({
      method: "GET",
      url: "/api/orders?limit=100",
      headers: { authorization: `Bearer ${defaultAdmin.token}` },
    });
    const seededIds = (seeded.json() as AdminOrderList).items.map((item) => item.id);
    expect(seededIds).not.toContain(ids.pending);
    // The other company's order is not there for them.
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/orders/${ids.pending}`,
      headers: { authorization: `Bearer ${defaultAdmin.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("GET /api/orders/{id}", () => {
  it("gives staff the full order: lines, payments, invoice and history", async () => {
    const { status, body } = await request("GET", `/api/orders/${ids.paidTwoLines}`, admin.token);
    expect(status).toBe(200);
    const order = body as AdminOrder;
    expect(order.lines).toHaveLength(2);
    expect(order.payments).toEqual([
      expect.objectContaining({ provider: "demo", status: "succeeded", amountCents: 10000 }),
    ]);
    expect(order.invoice?.number).toMatch(/\d/);
    expect(order.nextStatuses).toEqual(["cancel"]);
    expect(order.return).toBeNull();
  });

  it("still gives a customer only their own order", async () => {
    const session = await t.app.services.sessions.start({
      companyId: company.id,
      realm: "customer",
      subjectId: other.id,
    });
    expect((await request("GET", `/api/orders/${ids.pending}`, session.token)).body).toMatchObject({
      id: ids.pending,
    });
    expect((await request("GET", `/api/orders/${ids.paidTwoLines}`, session.token)).status).toBe(404);
    const guard = await createStaff(t, company.id, "Security Guard");
    expect((await request("GET", `/api/orders/${ids.pending}`, guard.token)).status).toBe(403);
  });
});

describe("PUT /api/orders/{id}", () => {
  it("moves pending → processing → delivered, recording who and when", async () => {
    const first = await request("PUT", `/api/orders/${ids.pending}`, admin.token, { status: "processing" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "processing", statusChangedBy: admin.email });
    // Delivered needs the money: the cash at the counter is recorded first.
    const paid = await request("POST", `/api/orders/${ids.pending}/payments`, admin.token, {
      method: "cash",
      reference: "Counter 2",
    });
    expect(paid.status).toBe(201);
    const second = await request("PUT", `/api/orders/${ids.pending}`, admin.token, { status: "delivered" });
    expect(second.status).toBe(200);
    const order = second.body as AdminOrder;
    expect(order.invoice).not.toBeNull();
    expect(order.statusHistory.map((step) => `${step.from}>${step.to}`)).toEqual([
      "pending>processing",
      "processing>delivered",
    ]);
    const enrolled = await t.database.db
      .select()
      .from(enrolments)
      .where(eq(enrolments.orderId, ids.pending!));
    expect(enrolled).toHaveLength(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, ids.pending!));
    expect(row?.statusChangedBy).toBe(admin.id);
    expect(row?.statusChangedAt).toBeInstanceOf(Date);
  });

  it("refuses a transition that is not allowed with 422 and changes nothing", async () => {
    const { status, body } = await request("PUT", `/api/orders/${ids.old}`, admin.token, {
      status: "pending",
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      code: "INVALID_STATUS_TRANSITION",
      message: "A Processing order can only be changed to Delivered or Cancel, not to Pending.",
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, ids.old!));
    expect(row?.status).toBe("processing");
    expect((await request("PUT", `/api/orders/${ids.old}`, admin.token, { status: "sent" })).status).toBe(
      400,
    );
  });

  it("cancelling a paid demo order refunds it, ends the enrolments and gives the seats back", async () => {
    const { db } = t.database;
    const seatsBefore = (await db.select().from(courses).where(eq(courses.id, courseA)))[0]!.seatsSold;
    const { status, body } = await request("PUT", `/api/orders/${ids.toCancel}`, admin.token, {
      status: "cancel",
    });
    expect(status).toBe(200);
    expect(body.payments[0]).toMatchObject({ status: "refunded", refundedCents: 6000 });
    const left = await db.select().from(enrolments).where(eq(enrolments.orderId, ids.toCancel!));
    expect(left).toHaveLength(0);
    const seatsAfter = (await db.select().from(courses).where(eq(courses.id, courseA)))[0]!.seatsSold;
    expect(seatsAfter).toBe(seatsBefore - 1);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, ids.toCancel!));
    expect(payment?.status).toBe("refunded");
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, "order"), eq(auditLogs.entityId, ids.toCancel!)));
    expect(audit[0]?.changes).toMatchObject({
      status: { from: "processing", to: "cancel" },
      refundedCents: 6000,
    });
    // Cancel is final.
    const again = await request("PUT", `/api/orders/${ids.toCancel}`, admin.token, { status: "processing" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("A cancelled order cannot be changed.");
  });

  it("needs orders write: 403 for a role that may only read", async () => {
    const driver = await createStaff(t, company.id, "Driver");
    expect(
      (await request("PUT", `/api/orders/${ids.old}`, driver.token, { status: "delivered" })).status,
    ).toBe(403);
    expect((await request("PUT", `/api/orders/${ids.old}`, undefined, { status: "delivered" })).status).toBe(
      401,
    );
  });
});

describe("POST /api/orders/{id}/returns", () => {
  it("returns a line once: refund, enrolment removed, seat restocked; a second return is refused", async () => {
    const { db } = t.database;
    const order = (await request("GET", `/api/orders/${ids.paidTwoLines}`, admin.token)).body as AdminOrder;
    const lineB = order.lines.find((line) => line.courseId === courseB)!;
    const seatsBefore = (await db.select().from(courses).where(eq(courses.id, courseB)))[0]!.seatsSold;
    const { status, body } = await request("POST", `/api/orders/${ids.paidTwoLines}/returns`, admin.token, {
      lineIds: [lineB.id],
      restock: true,
      reason: "Wrong course",
    });
    expect(status).toBe(201);
    expect(body.message).toBe("Item returned in this bill.");
    expect(body.order.return).toMatchObject({ lineIds: [lineB.id], restocked: true, refundCents: 4000 });
    expect(body.order.payments[0]).toMatchObject({ status: "succeeded", refundedCents: 4000 });
    expect(body.order.lines.find((line: { id: string }) => line.id === lineB.id).returned).toBe(true);
    const left = await db.select().from(enrolments).where(eq(enrolments.orderId, ids.paidTwoLines!));
    expect(left.map((row) => row.courseId)).toEqual([courseA]);
    expect((await db.select().from(courses).where(eq(courses.id, courseB)))[0]!.seatsSold).toBe(
      seatsBefore - 1,
    );

    const lineA = order.lines.find((line) => line.courseId === courseA)!;
    const second = await request("POST", `/api/orders/${ids.paidTwoLines}/returns`, admin.token, {
      lineIds: [lineA.id],
      restock: false,
    });
    expect(second.status).toBe(422);
    expect(second.body.message).toBe("This Order Already had return items!");
  });

  it("rejects lines of another order and bad bodies", async () => {
    const order = (await request("GET", `/api/orders/${ids.paidTwoLines}`, admin.token)).body as AdminOrder;
    const bad = await request("POST", `/api/orders/${ids.old}/returns`, admin.token, {
      lineIds: [order.lines[0]!.id],
      restock: false,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("UNKNOWN_ORDER_LINE");
    expect(
      (await request("POST", `/api/orders/${ids.old}/returns`, admin.token, { lineIds: [], restock: true }))
        .status,
    ).toBe(400);
    expect(
      (
        await request("POST", `/api/orders/${ids.old}/returns`, admin.token, {
          lineIds: [order.lines[0]!.id],
        })
      ).status,
    ).toBe(400);
  });
});

describe("GET /api/admin/invoices/{id}/pdf", () => {
  it("gives staff any invoice of the company as PDF", async () => {
    const order = (await request("GET", `/api/orders/${ids.paidTwoLines}`, admin.token)).body as AdminOrder;
    const { status, raw } = await request("GET", `/api/admin/invoices/${order.invoice!.id}/pdf`, admin.token);
    expect(status).toBe(200);
    expect(raw.headers["content-type"]).toBe("application/pdf");
    expect(raw.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const guard = await createStaff(t, company.id, "Security Guard");
    expect((await request("GET", `/api/admin/invoices/${order.invoice!.id}/pdf`, guard.token)).status).toBe(
      403,
    );
  });
});
