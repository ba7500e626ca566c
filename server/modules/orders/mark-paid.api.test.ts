import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCourse, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { invoices } from "./orders.tables";
import type { AdminOrder } from "./orders-admin.schemas";

let t: TestApp;
let company: { id: string; slug: string };
let admin: TestStaff;
let driver: TestStaff;
let course: string;
let customer: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  company = await insertCompany(db, { slug: `mark-paid-${Date.now()}`, name: "Paid School" });
  admin = await createStaff(t, company.id, "Admin");
  driver = await createStaff(t, company.id, "Driver");
  course = await insertCourse(db, company.id, testCourse({ priceCents: 8_000, totalSeats: 50 }), {
    categoryId: null,
  });
  customer = { id: "", name: "Bram Bank", email: "bram.bank@example.org" };
  customer.id = await insertCustomer(db, company.id, customer);
});
afterAll(() => t.close());

const unpaidOrder = () =>
  insertHistoricOrder(t.database.db, company.id, {
    customer,
    lines: [{ courseId: course, title: { en: "Oak", nl: "Eik" }, unitPriceCents: 8_000 }],
    status: "pending",
    paymentMethod: "cod",
    channel: "online",
    createdAt: new Date(),
  });

const call = apiCall(
  () => t.app,
  () => ({ company: company.slug }),
);

const invoicesOf = (orderId: string) =>
  t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));

describe("Delivered needs the money", () => {
  it("refuses to deliver an unpaid order, with a clear message, and issues no invoice", async () => {
    const id = await unpaidOrder();
    expect((await call("PUT", `/api/orders/${id}`, admin.token, { status: "processing" })).status).toBe(200);
    const refused = await call("PUT", `/api/orders/${id}`, admin.token, { status: "delivered" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "ORDER_NOT_PAID",
      message:
        "This order has not been paid. Mark it as paid (bank transfer or cash) before marking it Delivered.",
    });
    expect((await call("GET", `/api/orders/${id}`, admin.token)).body.status).toBe("processing");
    expect(await invoicesOf(id)).toHaveLength(0);
  });

  it("marks an order as paid by bank transfer, then delivers it with an invoice", async () => {
    const id = await unpaidOrder();
    for (const bad of [{}, { method: "card", reference: "x" }, { method: "cash", reference: "  " }]) {
      expect((await call("POST", `/api/orders/${id}/payments`, admin.token, bad)).status).toBe(400);
    }
    const forbidden = await call("POST", `/api/orders/${id}/payments`, driver.token, {
      method: "cash",
      reference: "desk",
    });
    expect(forbidden.status).toBe(403);

    const paid = await call("POST", `/api/orders/${id}/payments`, admin.token, {
      method: "bank_transfer",
      reference: "NL91 ABNA 0417 1643 00 / 2026-118",
    });
    expect(paid.status).toBe(201);
    const order = paid.body as AdminOrder;
    expect(order).toMatchObject({ status: "processing", paymentMethod: "bank_transfer" });
    expect(order.paidAt).not.toBeNull();
    expect(order.payments).toEqual([
      expect.objectContaining({ provider: "manual", status: "succeeded", amountCents: order.totalCents }),
    ]);

    const again = await call("POST", `/api/orders/${id}/payments`, admin.token, {
      method: "cash",
      reference: "twice",
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("Nothing is left to pay on this order.");

    const delivered = await call("PUT", `/api/orders/${id}`, admin.token, { status: "delivered" });
    expect(delivered.status).toBe(200);
    expect((delivered.body as AdminOrder).invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it("refuses to mark a cancelled order as paid", async () => {
    const id = await unpaidOrder();
    await call("PUT", `/api/orders/${id}`, admin.token, { status: "cancel" });
    const refused = await call("POST", `/api/orders/${id}/payments`, admin.token, {
      method: "cash",
      reference: "late",
    });
    expect(refused.status).toBe(422);
  });
});
