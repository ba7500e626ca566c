import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { enrolments, invoices, orderInstalments, orders, payments } from "../orders/orders.tables";
import { staff } from "../staff/staff.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let cashier: TestStaff;
let driver: TestStaff;

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

async function call(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: response.statusCode,
    body: (String(response.headers["content-type"] ?? "").includes("json") ? response.json() : null) as Json,
  };
}

const product = async (body: Record<string, unknown>) => {
  const created = await call("POST", "/api/admin/products", admin.token, { type: "physical", ...body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body as Json;
};

const stockOf = async (productId: string) =>
  (await call("GET", `/api/admin/products/${productId}`, admin.token)).body.quantity;
const posOrders = () =>
  t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, t.companyId), eq(orders.channel, "pos")));

let pen: Json;
let mug: Json;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  cashier = await createStaff(t, t.companyId, "Cashier", { name: "Cas Kassa" });
  driver = await createStaff(t, t.companyId, "Driver");
  pen = await product({ title: { en: "Pen" }, priceCents: 250, quantity: 20, barcode: "8710000000017" });
  mug = await product({ title: { en: "Mug" }, priceCents: 1200, quantity: 5, barcode: "8710000000024" });
});

afterAll(async () => {
  await t.close();
});

describe("POS access, PINs and the cashier", () => {
  it("refuses a role without POS access on every POS route", async () => {
    const sale = {
      items: [{ productId: pen.id, quantity: 1 }],
      payments: [{ method: "cash", amountCents: 250 }],
    };
    for (const [method, url] of [
      ["GET", "/api/pos/state"],
      ["GET", "/api/pos/catalog"],
      ["POST", "/api/pos/sales"],
    ] as const) {
      const payload = method === "POST" ? sale : undefined;
      expect((await call(method, url, driver.token, payload)).status).toBe(403);
      expect((await call(method, url, undefined, payload)).status).toBe(401);
    }
  });

  it("sets PINs (hashed), identifies the cashier, rate-limits wrong PINs and switches cashier", async () => {
    const bad = await call("PUT", `/api/admin/staff/${cashier.id}/pin`, admin.token, { pin: "12a4" });
    expect(bad.status).toBe(400);
    expect(
      (await call("PUT", `/api/admin/staff/${cashier.id}/pin`, driver.token, { pin: "1234" })).status,
    ).toBe(403);
    expect(
      (await call("PUT", `/api/admin/staff/${cashier.id}/pin`, admin.token, { pin: "4321" })).status,
    ).toBe(200);
    const [row] = await t.database.db
      .select({ pinHash: staff.pinHash })
      .from(staff)
      .where(eq(staff.id, cashier.id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    // The staff member sets their own, with their password.
    const wrongPassword = await call("PUT", "/api/admin/account/pin", cashier.token, {
      currentPassword: "nope",
      pin: "2468",
    });
    expect(wrongPassword).toMatchObject({ status: 422, body: { code: "WRONG_PASSWORD" } });
    const own = await call("PUT", "/api/admin/account/pin", cashier.token, {
      currentPassword: cashier.password,
      pin: "2468",
    });
    expect(own.status).toBe(200);

    const state = await call("GET", "/api/pos/state", admin.token);
    expect(state.status).toBe(200);
    expect(state.body.cashier).toBeNull();
    expect(state.body.cashiers).toEqual([{ id: cashier.id, name: "Cas Kassa" }]);

    const noCashier = await call("POST", "/api/pos/sales", admin.token, {
      items: [{ productId: pen.id, quantity: 1 }],
      payments: [{ method: "cash", amountCents: 250 }],
    });
    expect(noCashier.status).toBe(401);

    const wrong = await call("POST", "/api/pos/cashier", admin.token, { staffId: cashier.id, pin: "0000" });
    expect(wrong).toMatchObject({ status: 401, body: { message: "This PIN is not right. Try again." } });
    const signedIn = await call("POST", "/api/pos/cashier", admin.token, {
      staffId: cashier.id,
      pin: "2468",
    });
    expect(signedIn).toMatchObject({ status: 200, body: { id: cashier.id, name: "Cas Kassa" } });
    expect((await call("GET", "/api/pos/state", admin.token)).body.cashier).toMatchObject({ id: cashier.id });

    // Switch cashier: the device stays signed in.
    expect((await call("DELETE", "/api/pos/cashier", admin.token)).status).toBe(204);
    expect((await call("GET", "/api/pos/state", admin.token)).body.cashier).toBeNull();

    // POS status inactive: no longer a cashier, even with the right PIN.
    await call("PUT", `/api/admin/staff/${cashier.id}`, admin.token, { posStatus: "inactive" });
    const inactive = await call("POST", "/api/pos/cashier", admin.token, {
      staffId: cashier.id,
      pin: "2468",
    });
    expect(inactive).toMatchObject({ status: 422, body: { code: "CASHIER_NOT_ALLOWED" } });
    await call("PUT", `/api/admin/staff/${cashier.id}`, admin.token, { posStatus: "active" });

    // Ten wrong PINs lock the cashier out for a while (like sign-ins).
    const fresh = await createStaff(t, t.companyId, "Cashier");
    await call("PUT", `/api/admin/staff/${fresh.id}/pin`, admin.token, { pin: "1111" });
    for (let i = 0; i < 10; i++) {
      expect(
        (await call("POST", "/api/pos/cashier", admin.token, { staffId: fresh.id, pin: "9999" })).status,
      ).toBe(401);
    }
    const locked = await call("POST", "/api/pos/cashier", admin.token, { staffId: fresh.id, pin: "1111" });
    expect(locked.status).toBe(429);
  });
});

describe("POST /api/pos/sales", () => {
  beforeAll(async () => {
    await call("POST", "/api/pos/cashier", cashier.token, { staffId: cashier.id, pin: "2468" });
  });

  it("finds products by barcode and says so for an unknown code", async () => {
    const found = await call("GET", "/api/pos/barcodes/8710000000017", cashier.token);
    expect(found).toMatchObject({ status: 200, body: { id: pen.id, priceCents: 250, variantId: null } });
    const unknown = await call("GET", "/api/pos/barcodes/0000", cashier.token);
    expect(unknown).toMatchObject({ status: 404, body: { message: "No product has this barcode." } });
  });

  it("refuses bad amounts with a clear 422 and writes nothing", async () => {
    const before = (await posOrders()).length;
    const cart = { items: [{ productId: pen.id, quantity: 2 }] };
    for (const [payments, message] of [
      [[{ method: "cash", amountCents: 400 }], "The payments (4.00) do not add up to the total (5.00)."],
      [
        [{ method: "cash", amountCents: 500, tenderedCents: 300 }],
        "The cash tendered must be at least the cash amount.",
      ],
      [[{ method: "card", amountCents: 500 }], "Enter the card's last 4 digits."],
      [
        [
          { method: "card", amountCents: 300, cardLast4: "4242" },
          { method: "cash", amountCents: 300 },
        ],
        "The payments (6.00) do not add up to the total (5.00).",
      ],
    ] as const) {
      const refused = await call("POST", "/api/pos/sales", cashier.token, { ...cart, payments });
      expect(refused).toMatchObject({ status: 422, body: { message } });
    }
    const malformed = await call("POST", "/api/pos/sales", cashier.token, {
      ...cart,
      payments: [{ method: "card", amountCents: 500, cardLast4: "42" }],
    });
    expect(malformed.status).toBe(400);
    expect((await posOrders()).length).toBe(before);
    expect(await stockOf(pen.id)).toBe(20);
  });

  it("sells two products with discounts for cash, moving stock, issuing the invoice, with the cashier as seller", async () => {
    const dashboardBefore = (await call("GET", "/api/admin/dashboard", admin.token)).body;
    const quote = await call("POST", "/api/pos/quote", cashier.token, {
      items: [
        { productId: pen.id, quantity: 2 },
        { productId: mug.id, quantity: 1, discount: { type: "fixed", valueCents: 200 } },
      ],
      orderDiscount: { type: "percentage", value: 10 },
    });
    // 500 + (1200 − 200) = 1500, then 10 % off: 1350.
    expect(quote.body).toMatchObject({ subtotalCents: 1700, discountCents: 350, totalCents: 1350 });

    const sale = await call("POST", "/api/pos/sales", cashier.token, {
      items: [
        { productId: pen.id, quantity: 2 },
        { productId: mug.id, quantity: 1, discount: { type: "fixed", valueCents: 200 } },
      ],
      orderDiscount: { type: "percentage", value: 10 },
      notes: "Gift wrap",
      payments: [{ method: "cash", amountCents: 1350, tenderedCents: 2000 }],
    });
    expect(sale).toMatchObject({ status: 201, body: { totalCents: 1350, changeCents: 650 } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, sale.body.orderId));
    expect(order).toMatchObject({
      channel: "pos",
      status: "delivered",
      paymentMethod: "cash",
      sellerStaffId: cashier.id,
      notes: "Gift wrap",
      discountCents: 350,
    });
    expect(await stockOf(pen.id)).toBe(18);
    expect(await stockOf(mug.id)).toBe(4);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(invoice).toBeDefined();
    // Paid in full at the counter: the order's one instalment is paid, not left scheduled.
    const plan = await t.database.db
      .select({ status: orderInstalments.status })
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, order!.id));
    expect(plan).toEqual([{ status: "paid" }]);

    const receipt = await call("GET", `/api/pos/orders/${order!.id}/receipt`, cashier.token);
    expect(receipt.body).toMatchObject({
      width: 80,
      order: { number: order!.number, cashier: "Cas Kassa", invoiceNumber: invoice!.printedNumber },
      totalCents: 1350,
      discountCents: 350,
      payments: [{ method: "cash", amountCents: 1350, tenderedCents: 2000 }],
      changeCents: 650,
    });
    expect(receipt.body.lines).toHaveLength(2);
    // The back office words the order by what it holds (products here: no learner, no access).
    const adminOrder = await call("GET", `/api/orders/${order!.id}`, admin.token);
    expect(adminOrder.body.lines.map((line: Json) => line.kind)).toEqual(["product", "product"]);
    const listed = await call("GET", "/api/orders?channel=pos&limit=100", admin.token);
    expect(listed.body.items.find((item: Json) => item.id === order!.id)).toMatchObject({
      contents: "products",
    });
    expect((await call("GET", `/api/pos/orders/${order!.id}/receipt`, driver.token)).status).toBe(403);

    // The dashboard's POS vs online and payment-method figures count the sale: one POS order, paid in cash.
    const dashboard = (await call("GET", "/api/admin/dashboard", admin.token)).body;
    const cash = (body: typeof dashboard) =>
      body.paymentMethods.find((row: { method: string }) => row.method === "cash") ?? {
        orders: 0,
        totalCents: 0,
      };
    expect(dashboard.channels).toEqual({
      online: dashboardBefore.channels.online,
      pos: dashboardBefore.channels.pos + 1,
    });
    expect(cash(dashboard)).toMatchObject({
      orders: cash(dashboardBefore).orders + 1,
      totalCents: cash(dashboardBefore).totalCents + 1350,
    });
  });

  it("makes a retried sale (same Idempotency-Key) once", async () => {
    const sale = {
      items: [{ productId: pen.id, quantity: 1 }],
      payments: [{ method: "card", amountCents: 250, cardLast4: "1881" }],
    };
    const key = { "idempotency-key": `pos-retry-${Date.now()}` };
    const before = await stockOf(pen.id);
    const first = await call("POST", "/api/pos/sales", cashier.token, sale, key);
    const again = await call("POST", "/api/pos/sales", cashier.token, sale, key);
    expect(first.status).toBe(201);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await stockOf(pen.id)).toBe(before - 1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, first.body.orderId));
    expect(rows).toHaveLength(1);
  });

  it("splits a sale over card and cash and enrols the learner of a course", async () => {
    const course = await t.addCourse({ priceCents: 5000, totalSeats: 10 });
    const learner = await call("POST", "/api/pos/customers", cashier.token, {
      name: "Lea Learner",
      email: `lea.${Date.now()}@example.org`,
    });
    expect(learner.status).toBe(201);
    const noLearner = await call("POST", "/api/pos/sales", cashier.token, {
      courses: [{ courseId: course }],
      payments: [{ method: "cash", amountCents: 5000 }],
    });
    expect(noLearner).toMatchObject({ status: 422, body: { code: "LEARNER_REQUIRED" } });
    const sale = await call("POST", "/api/pos/sales", cashier.token, {
      courses: [{ courseId: course }],
      customerId: learner.body.id,
      payments: [
        { method: "card", amountCents: 3000, cardLast4: "4242" },
        { method: "cash", amountCents: 2000, tenderedCents: 2000 },
      ],
    });
    expect(sale).toMatchObject({ status: 201, body: { totalCents: 5000, changeCents: 0 } });
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, sale.body.orderId));
    expect(rows.map((row) => [row.provider, row.amountCents, row.details?.method]).sort()).toEqual([
      ["pos", 2000, "cash"],
      ["pos", 3000, "card"],
    ]);
    const enrolled = await t.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.customerId, learner.body.id), eq(enrolments.courseId, course)));
    expect(enrolled).toHaveLength(1);
    const adminOrder = await call("GET", `/api/orders/${sale.body.orderId}`, admin.token);
    expect(adminOrder.body.lines).toMatchObject([{ kind: "course", courseId: course }]);
    const listed = await call("GET", "/api/orders?channel=pos&limit=100", admin.token);
    expect(listed.body.items.find((item: Json) => item.id === sale.body.orderId)).toMatchObject({
      contents: "courses",
    });
  });

  it("follows the POS settings: no discounts when off, the PIN before every action when asked", async () => {
    const settings = (await call("GET", "/api/admin/pos-settings", admin.token)).body;
    expect((await call("PUT", "/api/admin/pos-settings", driver.token, settings)).status).toBe(403);
    const bad = await call("PUT", "/api/admin/pos-settings", admin.token, { ...settings, receiptWidth: 70 });
    expect(bad.status).toBe(400);
    const saved = await call("PUT", "/api/admin/pos-settings", admin.token, {
      ...settings,
      allowDiscounts: false,
      pinRule: "every-action",
      receiptWidth: 58,
      receiptFooter: "Thank you!",
    });
    expect(saved.body).toMatchObject({
      allowDiscounts: false,
      receiptWidth: 58,
      receiptFooter: "Thank you!",
    });
    try {
      const sale = {
        items: [{ productId: pen.id, quantity: 1 }],
        payments: [{ method: "cash", amountCents: 250 }],
      };
      const discounted = await call("POST", "/api/pos/sales", cashier.token, {
        ...sale,
        orderDiscount: { type: "percentage", value: 10 },
        pin: "2468",
      });
      expect(discounted).toMatchObject({ status: 422, body: { code: "DISCOUNTS_NOT_ALLOWED" } });
      const noPin = await call("POST", "/api/pos/sales", cashier.token, sale);
      expect(noPin).toMatchObject({ status: 422, body: { code: "PIN_REQUIRED" } });
      const wrongPin = await call("POST", "/api/pos/sales", cashier.token, { ...sale, pin: "1357" });
      expect(wrongPin.status).toBe(401);
      const done = await call("POST", "/api/pos/sales", cashier.token, { ...sale, pin: "2468" });
      expect(done.status).toBe(201);
      const receipt = await call("GET", `/api/pos/orders/${done.body.orderId}/receipt`, cashier.token);
      expect(receipt.body).toMatchObject({ width: 58, footer: "Thank you!" });
    } finally {
      await call("PUT", "/api/admin/pos-settings", admin.token, settings);
    }
  });
});
