import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCourse, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { enrolments, orders, payments } from "./orders.tables";
import type { AdminOrderList } from "./orders-admin.schemas";

let t: TestApp;
let company: { id: string; slug: string };
let admin: TestStaff;
let cashier: TestStaff;
let course: string;
let customer: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  company = await insertCompany(db, { slug: `refunds-${Date.now()}`, name: "Refund School" });
  admin = await createStaff(t, company.id, "Admin");
  cashier = await createStaff(t, company.id, "Cashier");
  course = await insertCourse(db, company.id, testCourse({ priceCents: 11_900, totalSeats: 50 }), {
    categoryId: null,
  });
  customer = { id: "", name: "Rita Refund", email: "rita.refund@example.org" };
  customer.id = await insertCustomer(db, company.id, customer);
});
afterAll(() => t.close());

const order = (status: "pending" | "processing" | "delivered") =>
  insertHistoricOrder(t.database.db, company.id, {
    customer,
    lines: [{ courseId: course, title: { en: "Oak", nl: "Eik" }, unitPriceCents: 11_900 }],
    status,
    paymentMethod: status === "pending" ? "cash" : "card",
    channel: "online",
    createdAt: new Date(),
  });

const call = apiCall(
  () => t.app,
  () => ({ company: company.slug }),
);

describe("refunds are their own permission", () => {
  it("is a row of the role matrix that the default Cashier role does not have", async () => {
    const { body } = await call("GET", "/api/admin/roles", admin.token);
    const byName = Object.fromEntries(
      (body.roles as { name: string; permissions: Record<string, string> }[]).map((role) => [
        role.name,
        role.permissions,
      ]),
    );
    expect(byName.Cashier).toMatchObject({ orders: "write", refunds: "none" });
    expect(byName.Admin).toMatchObject({ refunds: "write" });
    expect(body.areas).toContain("refunds");
  });

  it("refuses a Cashier's cancel of a paid order and changes nothing", async () => {
    const id = await order("delivered");
    const refused = await call("PUT", `/api/orders/${id}`, cashier.token, { status: "cancel" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Giving money back needs the Refunds permission. Ask an administrator to do it or to change your role.",
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe("delivered");
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment!.status).toBe("succeeded");
    expect(await t.database.db.select().from(enrolments).where(eq(enrolments.orderId, id))).toHaveLength(1);

    const returned = await call("POST", `/api/orders/${id}/returns`, cashier.token, {
      lineIds: [(await call("GET", `/api/orders/${id}`, admin.token)).body.lines[0].id],
      restock: true,
    });
    expect(returned.status).toBe(403);

    const done = await call("PUT", `/api/orders/${id}`, admin.token, { status: "cancel" });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("cancel");
  });

  it("lets a Cashier cancel an order that received no money", async () => {
    const id = await order("pending");
    const cancelled = await call("PUT", `/api/orders/${id}`, cashier.token, { status: "cancel" });
    expect(cancelled.status).toBe(200);
  });

  it("tells the list what cancelling would give back", async () => {
    const paid = await order("delivered");
    const unpaid = await order("pending");
    const { body } = await call("GET", "/api/orders?limit=50", admin.token);
    const items = (body as AdminOrderList).items;
    expect(items.find((item) => item.id === paid)!.refundableCents).toBe(11_900);
    expect(items.find((item) => item.id === unpaid)!.refundableCents).toBe(0);
  });

  it("refunds part of an order with a reason, never more than what is left, and a cancel then gives back only the rest", async () => {
    const id = await order("delivered");
    const refund = (token: string, body: unknown) => call("POST", `/api/orders/${id}/refunds`, token, body);
    expect((await refund(admin.token, { amountCents: 0, reason: "x" })).status).toBe(400);
    expect((await refund(admin.token, { amountCents: 500 })).status).toBe(400);
    const cashierTry = await refund(cashier.token, { amountCents: 500, reason: "Goodwill" });
    expect(cashierTry.status).toBe(403);

    const first = await refund(admin.token, { amountCents: 3_000, reason: "Lesson 4 was cancelled" });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe("delivered");
    expect(first.body.payments[0]).toMatchObject({
      amountCents: 11_900,
      refundedCents: 3_000,
      status: "succeeded",
    });

    const tooMuch = await refund(admin.token, { amountCents: 8_901, reason: "Too much" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({
      code: "REFUND_TOO_LARGE",
      message: "A refund cannot be more than what was paid and not refunded yet.",
      details: { refundableCents: 8_900 },
    });
    const list = (await call("GET", "/api/orders?limit=50", admin.token)).body as AdminOrderList;
    expect(list.items.find((item) => item.id === id)!.refundableCents).toBe(8_900);

    const cancelled = await call("PUT", `/api/orders/${id}`, admin.token, { status: "cancel" });
    expect(cancelled.status).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment!.status).toBe("refunded");
    expect(payment!.details).toMatchObject({ refundedCents: 3_000, cancelRefundCents: 8_900 });
    // Nothing is left: another refund is refused.
    expect((await refund(admin.token, { amountCents: 1, reason: "More" })).status).toBe(422);
  });
});
