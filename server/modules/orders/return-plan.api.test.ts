import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import type { InvoiceDocument } from "./invoices.schemas";
import { payments } from "./orders.tables";
import type { AdminOrder } from "./orders-admin.schemas";

let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;
let second: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 18_900 }, { instalmentCount: 3 });
  second = await t.addCourse({ priceCents: 9_000 }, { instalmentCount: 3 });
});
afterAll(() => t.close());

const card = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvc: "123",
};

const call = apiCall(() => t.app);

/** A learner buys on a plan of 3 and pays the first instalment. */
async function buyOnPlan(courseIds: string[]): Promise<AdminOrder> {
  const buyer = await t.addCustomer("Plan Returner");
  const placed = await call("POST", "/api/checkout", buyer.token, {
    ...CHECKOUT_CONSENTS,
    courseIds,
    instalments: 3,
    acceptPaymentPlan: true,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect((await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card })).status).toBe(200);
  return (await call("GET", `/api/orders/${placed.body.id}`, admin.token)).body as AdminOrder;
}

const statuses = (order: AdminOrder) => order.instalments.map((instalment) => instalment.status);

describe("a return or cancel settles the payment plan", () => {
  it("returns a €189 course on 3 instalments: refunds the €63 paid and cancels instalments 2 and 3", async () => {
    const order = await buyOnPlan([course]);
    expect(order.totalCents).toBe(18_900);
    expect(statuses(order)).toEqual(["paid", "scheduled", "scheduled"]);

    const returned = await call("POST", `/api/orders/${order.id}/returns`, admin.token, {
      lineIds: [order.lines[0]!.id],
      restock: true,
    });
    expect(returned.status).toBe(201);
    const after = returned.body.order as AdminOrder;
    expect(after.return?.refundCents).toBe(6_300);
    expect(statuses(after)).toEqual(["paid", "cancelled", "cancelled"]);
    expect(after.instalments.every((instalment) => instalment.nextAttemptAt === null)).toBe(true);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ amountCents: 6_300, status: "refunded" });

    // The invoice shows the plan as settled, not as money still to come.
    const document = (await t.app.services.invoices.getForOrder(t.companyId, order.id)) as InvoiceDocument;
    expect(document.instalments.map((instalment) => instalment.status)).toEqual([
      "paid",
      "cancelled",
      "cancelled",
    ]);

    // Collection runs later and charges nothing more.
    await t.app.services.jobQueue.drain();
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("returns one of two courses: refunds that course's share of what was paid, and lowers the later instalments by it", async () => {
    const order = await buyOnPlan([course, second]);
    expect(order.totalCents).toBe(27_900);
    const paidFirst = order.instalments[0]!.amountCents;
    const later = order.instalments.slice(1).map((instalment) => instalment.amountCents);
    const line = order.lines.find((candidate) => candidate.courseId === second)!;

    const returned = await call("POST", `/api/orders/${order.id}/returns`, admin.token, {
      lineIds: [line.id],
      restock: false,
    });
    expect(returned.status).toBe(201);
    const after = returned.body.order as AdminOrder;
    expect(after.return?.refundCents).toBe(Math.round((9_000 * paidFirst) / 27_900));
    expect(statuses(after)).toEqual(["paid", "scheduled", "scheduled"]);
    expect(after.instalments.slice(1).map((instalment) => instalment.amountCents)).toEqual(
      later.map((cents) => cents - Math.round((cents * 9_000) / 27_900)),
    );
    // What is paid and still due adds up to the course kept.
    const kept =
      paidFirst -
      after.return!.refundCents +
      after.instalments.slice(1).reduce((s, i) => s + i.amountCents, 0);
    expect(Math.abs(kept - 18_900)).toBeLessThanOrEqual(2);
  });

  it("cancelling a plan order refunds what was paid and cancels every unpaid instalment", async () => {
    const order = await buyOnPlan([course]);
    const cancelled = await call("PUT", `/api/orders/${order.id}`, admin.token, { status: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(statuses(cancelled.body as AdminOrder)).toEqual(["paid", "cancelled", "cancelled"]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ amountCents: 6_300, status: "refunded" });
  });
});
