import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { auditLogs } from "../audit/audit.tables";
import { payments } from "../orders/orders.tables";
import { balance, charge, InsufficientCreditError, topUp } from "./credit-ledger";

let t: CheckoutTestApp;
let admin: TestStaff;
let accountant: TestStaff;
let course: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  accountant = await createStaff(t, t.companyId, "Accountant");
  course = await t.addCourse({ priceCents: 4_000 });
});
afterAll(() => t.close());

async function call(method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

const creditUrl = (customerId: string) => `/api/admin/customers/${customerId}/credit`;

describe("POST /api/admin/customers/:customerId/credit", () => {
  it("keeps a ledger with the running balance, audited, and never goes below zero", async () => {
    const buyer = await t.addCustomer("Lotte Ledger", { password: true });
    const empty = await call("GET", creditUrl(buyer.id), admin.token);
    expect(empty.body).toMatchObject({ balanceCents: 0, currency: "EUR", entries: [], total: 0 });

    const up = await call("POST", creditUrl(buyer.id), admin.token, { kind: "top_up", amountCents: 5_000 });
    expect(up.status).toBe(200);
    expect(up.body.balanceCents).toBe(5_000);
    const down = await call("POST", creditUrl(buyer.id), admin.token, {
      kind: "adjustment",
      amountCents: -1_250,
      reason: "Book returned damaged",
    });
    expect(down.body.balanceCents).toBe(3_750);
    expect(
      down.body.entries.map((entry: { kind: string; amountCents: number; balanceAfterCents: number }) => [
        entry.kind,
        entry.amountCents,
        entry.balanceAfterCents,
      ]),
    ).toEqual([
      ["adjustment", -1_250, 3_750],
      ["top_up", 5_000, 5_000],
    ]);
    expect(down.body.entries[0]).toMatchObject({ reason: "Book returned damaged", staffEmail: admin.email });

    // Below zero, without a reason, zero, a negative top-up, unknown keys: refused, nothing changes.
    const short = await call("POST", creditUrl(buyer.id), admin.token, {
      kind: "adjustment",
      amountCents: -3_751,
      reason: "Too much",
    });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ code: "CREDIT_INSUFFICIENT", details: { balanceCents: 3_750 } });
    for (const bad of [
      { kind: "adjustment", amountCents: -100 },
      { kind: "top_up", amountCents: 0 },
      { kind: "top_up", amountCents: -100 },
      { kind: "top_up", amountCents: 10.5 },
      { kind: "top_up", amountCents: 100, extra: true },
      { kind: "gift", amountCents: 100 },
    ]) {
      expect((await call("POST", creditUrl(buyer.id), admin.token, bad)).status).toBe(400);
    }
    const after = await call("GET", creditUrl(buyer.id), admin.token);
    expect(after.body).toMatchObject({ balanceCents: 3_750, total: 2 });

    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, "customer_credit"), eq(auditLogs.entityId, buyer.id)));
    expect(audited).toHaveLength(2);
    expect(audited.map((entry) => entry.staffEmail)).toEqual([admin.email, admin.email]);
  });

  it("needs write permission on customers; a learner sees only their own credit", async () => {
    const buyer = await t.addCustomer("Rik Reader", { password: true });
    expect((await call("GET", creditUrl(buyer.id), accountant.token)).status).toBe(200);
    const refused = await call("POST", creditUrl(buyer.id), accountant.token, {
      kind: "top_up",
      amountCents: 100,
    });
    expect(refused.status).toBe(403);
    expect(
      (await call("POST", creditUrl(buyer.id), buyer.token, { kind: "top_up", amountCents: 100 })).status,
    ).toBe(403);
    expect((await call("GET", creditUrl(buyer.id), buyer.token)).status).toBe(403);
    expect((await call("GET", creditUrl("00000000-0000-7000-8000-000000000000"), admin.token)).status).toBe(
      404,
    );

    await call("POST", creditUrl(buyer.id), admin.token, { kind: "top_up", amountCents: 700 });
    const own = await call("GET", "/api/customer/credit", buyer.token);
    expect(own.body).toMatchObject({ balanceCents: 700, entries: [{ kind: "top_up", amountCents: 700 }] });
    expect((await t.app.inject({ method: "GET", url: "/api/customer/credit" })).statusCode).toBe(401);
  });
});

describe("charge", () => {
  it("serialises two charges at once: one goes through, the other finds the balance short", async () => {
    const buyer = await t.addCustomer("Chris Concurrent");
    const { db } = t.database;
    await db.transaction((tx) =>
      topUp(tx, {
        companyId: t.companyId,
        customerId: buyer.id,
        amountCents: 10_000,
        currency: "EUR",
        staff: null,
      }),
    );
    const orderIds = ["0190f0aa-0000-7000-8000-000000000001", "0190f0aa-0000-7000-8000-000000000002"];
    const results = await Promise.allSettled(
      orderIds.map((orderId) => db.transaction((tx) => charge(tx, t.companyId, buyer.id, 7_000, orderId))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(InsufficientCreditError);
    expect(failed.reason).toMatchObject({ balanceCents: 3_000, amountCents: 7_000 });
    expect(await balance(db, t.companyId, buyer.id)).toEqual({ balanceCents: 3_000, currency: "EUR" });
  });
});

describe("paying an order with credit", () => {
  async function quote(token: string) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: bearer(token),
      payload: { courseIds: [course] },
    });
    return response.json();
  }
  async function pay(token: string, orderId: string) {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${orderId}/pay`,
      headers: bearer(token),
      payload: {},
    });
    return { status: response.statusCode, body: response.json() };
  }
  async function place(token: string | null, extra: object = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: token ? bearer(token) : {},
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course], paymentMethod: "credit", ...extra },
    });
    return { status: response.statusCode, body: response.json() };
  }

  it("is offered when the balance covers the order, pays it in one go and gives it back on cancel", async () => {
    const buyer = await t.addCustomer("Cora Credit", { password: true });
    const total = (await quote(buyer.token)).totalCents as number;
    await call("POST", creditUrl(buyer.id), admin.token, { kind: "top_up", amountCents: total - 1 });
    const short = await quote(buyer.token);
    expect(short.paymentMethods).not.toContain("credit");
    expect(short.credit).toEqual({ balanceCents: total - 1, currency: "EUR", unavailableReason: "balance" });
    const refused = await place(buyer.token);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("CREDIT_INSUFFICIENT");

    await call("POST", creditUrl(buyer.id), admin.token, { kind: "top_up", amountCents: 1_001 });
    const enough = await quote(buyer.token);
    expect(enough.paymentMethods).toContain("credit");
    expect(enough.credit.unavailableReason).toBeNull();
    const placed = await place(buyer.token);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ paymentMethod: "credit", totalCents: total });
    const creditSplit = async () => {
      const dashboard = await call("GET", "/api/admin/dashboard", admin.token);
      return (
        dashboard.body.paymentMethods.find((row: { method: string }) => row.method === "credit") ?? {
          orders: 0,
          totalCents: 0,
        }
      );
    };
    const before = await creditSplit();
    const paid = await pay(buyer.token, placed.body.id);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "succeeded", order: { status: "delivered" } });
    // Paying again takes nothing more.
    expect((await pay(buyer.token, placed.body.id)).status).toBe(409);

    const account = await call("GET", "/api/customer/credit", buyer.token);
    expect(account.body.balanceCents).toBe(1_000);
    expect(account.body.entries[0]).toMatchObject({
      kind: "payment",
      amountCents: -total,
      balanceAfterCents: 1_000,
      orderId: placed.body.id,
    });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.body.id));
    expect(payment).toMatchObject({ provider: "credit", status: "succeeded", amountCents: total });

    expect(await creditSplit()).toMatchObject({
      orders: before.orders + 1,
      totalCents: before.totalCents + total,
    });

    const cancelled = await call("PUT", `/api/orders/${placed.body.id}`, admin.token, { status: "cancel" });
    expect(cancelled.status).toBe(200);
    const back = await call("GET", "/api/customer/credit", buyer.token);
    expect(back.body.balanceCents).toBe(1_000 + total);
    expect(back.body.entries[0]).toMatchObject({
      kind: "refund",
      amountCents: total,
      orderId: placed.body.id,
      staffEmail: admin.email,
    });
  });

  it("refunds part of a credit-paid order back to the account", async () => {
    const buyer = await t.addCustomer("Pim Partial", { password: true });
    await call("POST", creditUrl(buyer.id), admin.token, { kind: "top_up", amountCents: 10_000 });
    const placed = await place(buyer.token);
    expect((await pay(buyer.token, placed.body.id)).status).toBe(200);
    const refunded = await call("POST", `/api/orders/${placed.body.id}/refunds`, admin.token, {
      amountCents: 1_500,
      reason: "Goodwill",
    });
    expect(refunded.status).toBe(201);
    const account = await call("GET", "/api/customer/credit", buyer.token);
    expect(account.body.balanceCents).toBe(10_000 - placed.body.totalCents + 1_500);
    expect(account.body.entries[0]).toMatchObject({ kind: "refund", amountCents: 1_500 });
  });

  it("is not for guests, nor in instalments", async () => {
    const guest = await place(null, { guest: { name: "Gus Guest", email: `gus-${Date.now()}@example.com` } });
    expect(guest.status).toBe(422);
    expect(guest.body).toMatchObject({
      code: "CREDIT_NOT_AVAILABLE",
      message: "Sign in to pay with your credit.",
    });
  });
});
