import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertHistoricOrder } from "../../seed/factories";
import { orders, payments } from "../orders/orders.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let cashier: TestStaff;
let driver: TestStaff;

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const run = Date.now().toString(36);
const stockOf = async (productId: string) =>
  (await call("GET", `/api/admin/products/${productId}`, admin.token)).body.quantity;
const creditOf = async (customerId: string) =>
  (await call("GET", `/api/admin/customers/${customerId}/credit`, admin.token)).body.balanceCents;
const posOrderCount = async () =>
  (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.channel, "pos"))).length;

let book: Json;
let learner: Json;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  cashier = await createStaff(t, t.companyId, "Cashier", { name: "Ria Return" });
  driver = await createStaff(t, t.companyId, "Driver");
  const created = await call("POST", "/api/admin/products", admin.token, {
    type: "physical",
    title: { en: "Book" },
    priceCents: 1000,
    quantity: 30,
  });
  book = created.body;
  await call("PUT", `/api/admin/staff/${cashier.id}/pin`, admin.token, { pin: "8642" });
  await call("POST", "/api/pos/cashier", cashier.token, { staffId: cashier.id, pin: "8642" });
  learner = (
    await call("POST", "/api/pos/customers", cashier.token, {
      name: "Cora Credit",
      email: `cora.${run}@example.org`,
    })
  ).body;
});

afterAll(async () => {
  await t.close();
});

const sell = (payments: object[], extra: object = {}) =>
  call("POST", "/api/pos/sales", cashier.token, {
    items: [{ productId: book.id, quantity: 2 }],
    payments,
    ...extra,
  });

describe("credit as a POS tender", () => {
  it("needs a customer and a balance that covers it: else a 422 and nothing written", async () => {
    expect(learner.creditCents).toBe(0);
    const before = await posOrderCount();
    const walkIn = await sell([{ method: "credit", amountCents: 2000 }]);
    expect(walkIn).toMatchObject({ status: 422, body: { code: "CREDIT_CUSTOMER_REQUIRED" } });
    const short = await sell([{ method: "credit", amountCents: 2000 }], { customerId: learner.id });
    expect(short).toMatchObject({
      status: 422,
      body: { code: "CREDIT_INSUFFICIENT", message: "The credit balance does not cover this amount." },
    });
    expect(await posOrderCount()).toBe(before);
    expect(await stockOf(book.id)).toBe(30);
  });

  it("pays from the account, split with cash, and the customer search shows the balance", async () => {
    const topUp = await call("POST", `/api/admin/customers/${learner.id}/credit`, admin.token, {
      kind: "top_up",
      amountCents: 1500,
    });
    expect(topUp.status).toBe(200);
    const found = await call("GET", `/api/pos/customers?search=Cora`, cashier.token);
    expect(found.body).toEqual([expect.objectContaining({ id: learner.id, creditCents: 1500 })]);
    const sale = await sell(
      [
        { method: "credit", amountCents: 1200 },
        { method: "cash", amountCents: 800, tenderedCents: 1000 },
      ],
      { customerId: learner.id },
    );
    expect(sale).toMatchObject({ status: 201, body: { totalCents: 2000, changeCents: 200 } });
    expect(await creditOf(learner.id)).toBe(300);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, sale.body.orderId));
    expect(rows.map((row) => [row.provider, row.amountCents, row.details?.method]).sort()).toEqual([
      ["credit", 1200, "credit"],
      ["pos", 800, "cash"],
    ]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, sale.body.orderId));
    expect(order!.paymentMethod).toBe("credit");
  });
});

describe("POS sales in the drawer session and returns at the counter", () => {
  it("stamps sales with the register's open session; the Z-report's figures match the orders", async () => {
    const register = `Till ${run}`;
    const opened = await call("POST", "/api/admin/pos/drawer-sessions", admin.token, {
      register,
      openingFloatCents: 5000,
    });
    expect(opened.status).toBe(201);
    const state = await call("GET", "/api/pos/state", cashier.token);
    expect(state.body.registers).toContain(register);

    const cash = await sell([{ method: "cash", amountCents: 2000, tenderedCents: 5000 }], { register });
    const card = await sell([{ method: "card", amountCents: 2000, cardLast4: "4242" }], { register });
    const elsewhere = await sell([{ method: "cash", amountCents: 2000 }], { register: "No such till" });
    for (const done of [cash, card, elsewhere]) expect(done.status).toBe(201);
    const [stamped] = await t.database.db.select().from(orders).where(eq(orders.id, cash.body.orderId));
    expect(stamped!.posSessionId).toBe(opened.body.id);
    const [unstamped] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, elsewhere.body.orderId));
    expect(unstamped!.posSessionId).toBeNull();

    const session = await call("GET", `/api/admin/pos/drawer-sessions/${opened.body.id}`, admin.token);
    expect(session.body.zReport).toMatchObject({
      ordersCount: 2,
      grossSalesCents: 4000,
      salesByMethod: [
        { method: "cash", count: 1, amountCents: 2000 },
        { method: "card", count: 1, amountCents: 2000 },
      ],
      cash: { floatCents: 5000, salesCents: 2000, expectedCents: 7000 },
    });

    // The list of recent POS sales and one sale's lines.
    const recent = await call("GET", "/api/pos/orders", cashier.token);
    expect(recent.body.map((row: Json) => row.id)).toContain(cash.body.orderId);
    const byNumber = await call("GET", `/api/pos/orders?search=${cash.body.number}`, cashier.token);
    expect(byNumber.body).toEqual([expect.objectContaining({ id: cash.body.orderId, returned: false })]);
    const detail = await call("GET", `/api/pos/orders/${cash.body.orderId}`, cashier.token);
    expect(detail.body.lines).toEqual([expect.objectContaining({ title: "Book", quantity: 2 })]);

    // Return of the cash sale, restocked: cash leaves this session's drawer; a second return is refused.
    const stock = await stockOf(book.id);
    const returned = await call("POST", `/api/pos/orders/${cash.body.orderId}/returns`, cashier.token, {
      lineIds: [detail.body.lines[0].id],
      restock: true,
      register,
    });
    expect(returned).toMatchObject({
      status: 201,
      body: {
        message: "Item returned in this bill.",
        refundCents: 2000,
        refunds: [{ method: "cash", amountCents: 2000 }],
      },
    });
    expect(await stockOf(book.id)).toBe(stock + 2);
    const again = await call("POST", `/api/pos/orders/${cash.body.orderId}/returns`, cashier.token, {
      lineIds: [detail.body.lines[0].id],
      restock: true,
    });
    expect(again).toMatchObject({ status: 422, body: { message: "This Order Already had return items!" } });
    const listed = await call("GET", `/api/pos/orders?search=${cash.body.number}`, cashier.token);
    expect(listed.body).toEqual([expect.objectContaining({ id: cash.body.orderId, returned: true })]);
    expect(await stockOf(book.id)).toBe(stock + 2);

    // Cash of an order of no session (or another) leaves the open drawer as a cash-out.
    const other = await call("GET", `/api/pos/orders/${elsewhere.body.orderId}`, cashier.token);
    await call("POST", `/api/pos/orders/${elsewhere.body.orderId}/returns`, cashier.token, {
      lineIds: [other.body.lines[0].id],
      restock: false,
      register,
    });
    expect(await stockOf(book.id)).toBe(stock + 2);

    const after = await call("GET", `/api/admin/pos/drawer-sessions/${opened.body.id}`, admin.token);
    expect(after.body.zReport).toMatchObject({
      returnsCount: 1,
      refundsCents: 2000,
      refundsByMethod: [{ method: "cash", amountCents: 2000 }],
      netSalesCents: 2000,
      cash: { salesCents: 2000, refundsCents: 2000, outCents: 2000, expectedCents: 3000 },
    });
    expect(after.body.movements).toEqual([
      expect.objectContaining({
        kind: "out",
        amountCents: 2000,
        reason: `Return on order #${elsewhere.body.number}`,
      }),
    ]);

    const receipt = await call("GET", `/api/pos/orders/${cash.body.orderId}/return-receipt`, cashier.token);
    expect(receipt.body).toMatchObject({
      restocked: true,
      refundCents: 2000,
      lines: [{ title: "Book", quantity: 2 }],
      refunds: [{ method: "cash", amountCents: 2000 }],
      order: { number: cash.body.number },
    });
    const none = await call("GET", `/api/pos/orders/${card.body.orderId}/return-receipt`, cashier.token);
    expect(none.status).toBe(404);
    await call("POST", `/api/admin/pos/drawer-sessions/${opened.body.id}/close`, admin.token, {
      countedCents: 3000,
    });
  });

  it("refunds card as card and credit back to the account", async () => {
    await call("POST", `/api/admin/customers/${learner.id}/credit`, admin.token, {
      kind: "top_up",
      amountCents: 1700,
    });
    const sale = await sell(
      [
        { method: "credit", amountCents: 1000 },
        { method: "card", amountCents: 1000, cardLast4: "1111" },
      ],
      { customerId: learner.id },
    );
    expect(sale.status).toBe(201);
    expect(await creditOf(learner.id)).toBe(1000);
    const detail = await call("GET", `/api/pos/orders/${sale.body.orderId}`, cashier.token);
    const done = await call("POST", `/api/pos/orders/${sale.body.orderId}/returns`, cashier.token, {
      lineIds: [detail.body.lines[0].id],
      restock: true,
    });
    expect(done.status).toBe(201);
    expect(done.body.refunds.sort((a: Json, b: Json) => a.method.localeCompare(b.method))).toEqual([
      { method: "card", amountCents: 1000 },
      { method: "credit", amountCents: 1000 },
    ]);
    expect(await creditOf(learner.id)).toBe(2000);
  });

  it("refuses online orders, roles without POS access and a device without a cashier", async () => {
    const course = await t.addCourse({ priceCents: 3000, totalSeats: null });
    const online = await insertHistoricOrder(t.database.db, t.companyId, {
      customer: learner,
      lines: [{ courseId: course, title: { en: "Online", nl: "Online" }, unitPriceCents: 3000 }],
      status: "delivered",
      paymentMethod: "card",
      channel: "online",
      createdAt: new Date(),
    });
    const refused = await call("GET", `/api/pos/orders/${online}`, cashier.token);
    expect(refused).toMatchObject({ status: 422, body: { code: "NOT_POS_ORDER" } });
    const notReturned = await call("POST", `/api/pos/orders/${online}/returns`, cashier.token, {
      lineIds: [course],
      restock: true,
    });
    expect(notReturned).toMatchObject({ status: 422, body: { code: "NOT_POS_ORDER" } });
    expect((await call("GET", "/api/pos/orders", driver.token)).status).toBe(403);
    const noCashier = await call(
      "POST",
      `/api/pos/orders/00000000-0000-7000-8000-000000000000/returns`,
      admin.token,
      { lineIds: ["00000000-0000-7000-8000-000000000000"], restock: true },
    );
    expect(noCashier.status).toBe(401);
  });
});

describe("the cashier override (POS Setting 'let cashiers override items in use')", () => {
  it("lets a cashier sell a product short of stock only while it is on", async () => {
    const last = await call("POST", "/api/admin/products", admin.token, {
      type: "physical",
      title: { en: "Last poster" },
      priceCents: 500,
      quantity: 1,
    });
    const sale = {
      items: [{ productId: last.body.id, quantity: 2 }],
      payments: [{ method: "cash", amountCents: 1000 }],
    };
    const settings = (await call("GET", "/api/admin/pos-settings", admin.token)).body;
    expect(settings.cashierOverride).toBe(false);
    // Without the override the short line is not priced (the quote leaves it out): refused, nothing sold.
    const quoted = await call("POST", "/api/pos/quote", cashier.token, { items: sale.items });
    expect(quoted.body.totalCents).toBe(0);
    const refused = await call("POST", "/api/pos/sales", cashier.token, sale);
    expect(refused.status).toBe(422);
    expect(await stockOf(last.body.id)).toBe(1);
    await call("PUT", "/api/admin/pos-settings", admin.token, { ...settings, cashierOverride: true });
    try {
      const quote = await call("POST", "/api/pos/quote", cashier.token, { items: sale.items });
      expect(quote.body.totalCents).toBe(1000);
      const sold = await call("POST", "/api/pos/sales", cashier.token, sale);
      expect(sold.status).toBe(201);
      expect(await stockOf(last.body.id)).toBe(-1);
    } finally {
      await call("PUT", "/api/admin/pos-settings", admin.token, settings);
    }
  });
});
