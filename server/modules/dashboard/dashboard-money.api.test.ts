import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { orderInstalments, payments, refunds } from "../orders/orders.tables";
import type { DashboardFigures } from "./dashboard.schemas";

/**
 * The dashboard counts money when it moves, through the real app: an order on a 3-instalment plan
 * counts its first instalment at checkout and each later one when it is collected (the clock moved
 * forward), a partial refund lowers sales on the day it is made, an order that was never paid counts
 * nothing, and a cancel takes back everything that was received. The demo school's history is there
 * too, so the checks compare figures before and after each step.
 */
const DAY = 86_400_000;
let clock = Date.now();
let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({}, { now: () => new Date(clock) });
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 30_000 }, { instalmentCount: 3 });
});
afterAll(async () => {
  await t?.close();
});

async function dashboard(): Promise<DashboardFigures> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/admin/dashboard",
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function checkout(buyerToken: string, instalments: number) {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyerToken),
    payload: {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      ...(instalments > 1 ? { instalments, acceptPaymentPlan: true } : {}),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { id: string; number: number };
}

async function pay(buyerToken: string, orderId: string) {
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${orderId}/pay`,
    headers: bearer(buyerToken),
    payload: { card: { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.services.jobQueue.drain();
}

const schedule = (orderId: string) =>
  t.database.db
    .select()
    .from(orderInstalments)
    .where(eq(orderInstalments.orderId, orderId))
    .orderBy(asc(orderInstalments.sequence));

const today = (figures: DashboardFigures) => figures.weeklySales.at(-1)!;

describe("dashboard sales are money received minus refunded, when it moved", () => {
  it("counts a payment plan an instalment at a time, lowers it by refunds, and ignores unpaid orders", async () => {
    clock = Date.now();
    const before = await dashboard();
    const buyer = await t.addCustomer("Plan Buyer", { password: true });

    // An order placed and never paid counts nothing.
    const unpaid = await checkout((await t.addCustomer("Never Pays", { password: true })).token, 1);
    expect((await dashboard()).sales).toEqual(before.sales);

    // Paid on a plan of three: only the first instalment came in.
    const order = await checkout(buyer.token, 3);
    await pay(buyer.token, order.id);
    const [first, second, third] = await schedule(order.id);
    expect(first!.status).toBe("paid");
    expect(first!.amountCents + second!.amountCents + third!.amountCents).toBeGreaterThan(first!.amountCents);
    const afterFirst = await dashboard();
    expect(afterFirst.sales.allTimeCents - before.sales.allTimeCents).toBe(first!.amountCents);
    expect(afterFirst.sales.todayCents - before.sales.todayCents).toBe(first!.amountCents);
    expect(today(afterFirst).totalCents - today(before).totalCents).toBe(first!.amountCents);
    expect(afterFirst.refunds).toEqual(before.refunds);

    // The next instalment counts on the day it is collected, not before.
    clock = second!.dueAt.getTime() - DAY;
    await t.app.services.instalments.sweep();
    await t.app.services.jobQueue.drain();
    expect((await dashboard()).sales.allTimeCents).toBe(afterFirst.sales.allTimeCents);
    clock = second!.dueAt.getTime() + 60_000;
    await t.app.services.instalments.sweep();
    await t.app.services.jobQueue.drain();
    expect((await schedule(order.id))[1]!.status).toBe("paid");
    const afterSecond = await dashboard();
    expect(afterSecond.sales.allTimeCents - afterFirst.sales.allTimeCents).toBe(second!.amountCents);
    // The moved clock's today has only this instalment (the demo history lies in the past).
    expect(afterSecond.sales.todayCents).toBe(second!.amountCents);
    expect(today(afterSecond).totalCents).toBe(second!.amountCents);
    const [collected] = await t.database.db
      .select({ receivedAt: payments.receivedAt })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.amountCents, second!.amountCents)))
      .orderBy(asc(payments.createdAt))
      .offset(1);
    expect(collected!.receivedAt!.getTime()).toBe(clock);

    // A partial refund lowers sales on the day it is made, and shows as refunded.
    const refunded = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/refunds`,
      headers: bearer(admin.token),
      payload: { amountCents: 2_500, reason: "Goodwill" },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const afterRefund = await dashboard();
    expect(afterRefund.sales.allTimeCents).toBe(afterSecond.sales.allTimeCents - 2_500);
    expect(afterRefund.sales.todayCents).toBe(second!.amountCents - 2_500);
    expect(afterRefund.refunds.todayCents).toBe(2_500);
    expect(afterRefund.refunds.allTimeCents - before.refunds.allTimeCents).toBe(2_500);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({
      kind: "partial",
      amountCents: 2_500,
      reason: "Goodwill",
      createdBy: admin.id,
    });
    expect(row!.createdAt.getTime()).toBe(clock);

    // Cancelling refunds what is left: the order adds up to nothing, and the unpaid one never counted.
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}`,
      headers: bearer(admin.token),
      payload: { status: "cancel" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await dashboard();
    expect(afterCancel.sales.allTimeCents).toBe(before.sales.allTimeCents);
    expect(afterCancel.refunds.allTimeCents - before.refunds.allTimeCents).toBe(
      first!.amountCents + second!.amountCents,
    );
    expect(afterCancel.sales.todayCents).toBe(-first!.amountCents);
    expect(unpaid.id).not.toBe(order.id);
  });
});
