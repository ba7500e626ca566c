import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { lastMailTo } from "../../../tests/support/outbox";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertCurrency } from "../../seed/factories";
import type { OrderView, Quote } from "../checkout/checkout.schemas";
import type { DashboardFigures } from "../dashboard/dashboard.schemas";
import { orderInstalments, orders, payments } from "../orders/orders.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let plain: string;
let onSale: string;
let expensive: string;
let usdId: string;

const nextYear = new Date().getUTCFullYear() + 1;
const card = { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" };

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  // The demo school offers EUR (shop currency), USD at 1.08 and GBP at 0.85; add yen and a disabled franc.
  await insertCurrency(t.database.db, t.companyId, {
    name: "Japanese Yen",
    symbol: "¥",
    isoCode: "JPY",
    exchangeRate: "161.47",
  });
  await insertCurrency(t.database.db, t.companyId, {
    name: "Swiss Franc",
    symbol: "CHF",
    isoCode: "CHF",
    exchangeRate: "0.94",
    enabled: false,
  });
  t.app.services.currency.invalidate(t.companyId);
  plain = await t.addCourse({ priceCents: 4900 });
  onSale = await t.addCourse({ priceCents: 8000, salePriceCents: 6050 });
  expensive = await t.addCourse({ priceCents: 15_000 }, { instalmentCount: 3 });
  const list = await t.app.inject({
    method: "GET",
    url: "/api/admin/currencies?searchText=USD",
    headers: bearer(admin.token),
  });
  usdId = list.json().items[0].id;
});

afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, body: response.json() };
}

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: "POST", url, payload, headers });
  return { status: response.statusCode, body: response.json() };
}

const courseIn = async (id: string, query: string, headers: Record<string, string> = {}) =>
  (await get(`/api/courses/${id}${query}`, headers)).body as {
    priceCents: number;
    salePriceCents: number | null;
    currency: string;
  };

describe("catalogue prices", () => {
  it("are converted from the shop currency and rounded per currency", async () => {
    expect(await courseIn(plain, "")).toMatchObject({ priceCents: 4900, currency: "EUR" });
    expect(await courseIn(plain, "?currency=usd")).toMatchObject({ priceCents: 5292, currency: "USD" });
    expect(await courseIn(onSale, "?currency=GBP")).toMatchObject({
      priceCents: 6800,
      salePriceCents: 5143, // 60.50 × 0.85 = 51.425 → 51.43
      currency: "GBP",
    });
    // Yen have no minor unit: €49 × 161.47 = ¥7912.03 → ¥7912
    expect(await courseIn(plain, "?currency=JPY")).toMatchObject({ priceCents: 7912, currency: "JPY" });
  });

  it("follow the currency cookie, and the query parameter over it", async () => {
    expect(await courseIn(plain, "", { cookie: "currency=GBP" })).toMatchObject({ currency: "GBP" });
    expect(await courseIn(plain, "?currency=USD", { cookie: "currency=GBP" })).toMatchObject({
      currency: "USD",
    });
    const list = await get("/api/courses?limit=100&currency=USD");
    expect(list.status).toBe(200);
    const card = list.body.courses.find((course: { id: string }) => course.id === plain);
    expect(card).toMatchObject({ priceCents: 5292, currency: "USD" });
    expect(list.body.courses.every((course: { currency: string }) => course.currency === "USD")).toBe(true);
    // The shop currency again: the cached page is not changed by a converted answer.
    const again = await get("/api/courses?limit=100");
    expect(again.body.courses.find((course: { id: string }) => course.id === plain).priceCents).toBe(4900);
  });

  it("fall back to the shop currency for a disabled or unknown currency, and refuse a malformed one", async () => {
    expect(await courseIn(plain, "?currency=CHF")).toMatchObject({ priceCents: 4900, currency: "EUR" });
    expect(await courseIn(plain, "?currency=XYZ")).toMatchObject({ priceCents: 4900, currency: "EUR" });
    expect(await courseIn(plain, "", { cookie: "currency=CHF" })).toMatchObject({ currency: "EUR" });
    const bad = await get(`/api/courses/${plain}?currency=dollars`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("currency must be a three-letter ISO code");
  });
});

describe("checkout in another currency", () => {
  it("quotes lines, VAT, a fixed coupon and instalments in the chosen currency", async () => {
    const { status, body } = await post("/api/checkout/quote?currency=USD", {
      courseIds: [plain, onSale],
    });
    expect(status).toBe(200);
    const q = body as Quote;
    expect(q.currency).toBe("USD");
    expect(q.lines.map((line) => line.unitPriceCents)).toEqual([5292, 6534]);
    expect(q.subtotalCents).toBe(5292 + 6534);
    expect(q.totalCents).toBe(11_826);
    expect(q.vatCents).toBe(Math.round((11_826 * 2100) / 12_100));

    // FAMILY15: €15 off from €100 → $16.20 off from $108 (the $162 course is above it)
    const coupon = await post(
      "/api/checkout/quote",
      { courseIds: [expensive], couponCode: "FAMILY15" },
      { cookie: "currency=USD" },
    );
    expect(coupon.status).toBe(200);
    expect(coupon.body).toMatchObject({ subtotalCents: 16_200, discountCents: 1620, totalCents: 14_580 });
    expect(coupon.body.paymentPlan).toEqual({ instalments: 3, firstCents: 4860, laterCents: 4860 });
    const below = await post("/api/checkout/quote?currency=USD", {
      courseIds: [plain],
      couponCode: "FAMILY15",
    });
    expect(below.status).toBe(422);
    expect(below.body).toMatchObject({
      code: "COUPON_BELOW_MINIMUM",
      message: "Spend at least $108 to use this coupon.",
      details: { minimumAmountCents: 10_800 },
    });
  });

  it("records currency, rate and shop-currency total, and charges that currency at the provider", async () => {
    const buyer = await t.addCustomer("Dollar Buyer");
    const placed = await post(
      "/api/checkout?currency=USD",
      { ...CHECKOUT_CONSENTS, courseIds: [plain, onSale] },
      bearer(buyer.token),
    );
    expect(placed.status).toBe(201);
    const order = placed.body as OrderView;
    expect(order).toMatchObject({ currency: "USD", totalCents: 11_826, amountDueNowCents: 11_826 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ currency: "USD", exchangeRate: "1.08000000", totalCents: 11_826 });
    expect(row!.baseTotalCents).toBe(10_950); // $118.26 / 1.08 = €109.50

    const charge = vi.spyOn((await t.app.services.payments.forCompany(t.companyId)).card, "charge");
    try {
      // The cookie has changed since: the order is charged in its own currency all the same.
      const paid = await post(
        `/api/checkout/${order.id}/pay`,
        { card },
        {
          ...bearer(buyer.token),
          cookie: "currency=GBP",
        },
      );
      expect(paid.status).toBe(200);
      expect(paid.body.order).toMatchObject({ status: "delivered", currency: "USD", totalCents: 11_826 });
      expect(charge).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 11_826, currency: "USD" }));
    } finally {
      charge.mockRestore();
    }
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({
      provider: "demo",
      status: "succeeded",
      amountCents: 11_826,
      currency: "USD",
    });

    const invoiceId = (await get(`/api/orders/${order.id}`, bearer(buyer.token))).body.invoice.id;
    const invoice = await get(`/api/invoices/${invoiceId}`, bearer(buyer.token));
    expect(invoice.body).toMatchObject({ currency: "USD", totalCents: 11_826 });
    const mail = await lastMailTo(t.dataDir, buyer.email);
    expect(mail.text).toContain("$118.26");
  });

  it("keeps an order's currency, rate and amounts when the rate changes later", async () => {
    const buyer = await t.addCustomer("Rate Watcher");
    const placed = await post(
      "/api/checkout",
      { ...CHECKOUT_CONSENTS, courseIds: [expensive], instalments: 3, acceptPaymentPlan: true },
      { ...bearer(buyer.token), cookie: "currency=USD" },
    );
    expect(placed.status).toBe(201);
    const order = placed.body as OrderView;
    expect(order.instalments.map((instalment) => instalment.amountCents)).toEqual([5400, 5400, 5400]);

    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/admin/currencies/${usdId}`,
      headers: bearer(admin.token),
      payload: { name: "US Dollar", symbol: "$", isoCode: "USD", exchangeRate: "1.2", enabled: true },
    });
    expect(changed.statusCode).toBe(200);
    try {
      // New prices use the new rate at once…
      expect(await courseIn(expensive, "?currency=USD")).toMatchObject({ priceCents: 18_000 });
      // …while the order keeps what the buyer saw, and is charged that.
      const again = (await get(`/api/orders/${order.id}`, bearer(buyer.token))).body as OrderView;
      expect(again).toMatchObject({ currency: "USD", totalCents: 16_200, amountDueNowCents: 5400 });
      const paid = await post(`/api/checkout/${order.id}/pay`, { card }, bearer(buyer.token));
      expect(paid.status).toBe(200);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ exchangeRate: "1.08000000", baseTotalCents: 15_000, totalCents: 16_200 });
      const schedule = await t.database.db
        .select({ amountCents: orderInstalments.amountCents })
        .from(orderInstalments)
        .where(eq(orderInstalments.orderId, order.id));
      expect(schedule.map((instalment) => instalment.amountCents)).toEqual([5400, 5400, 5400]);
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment).toMatchObject({ amountCents: 5400, currency: "USD" });
    } finally {
      await t.app.inject({
        method: "PUT",
        url: `/api/admin/currencies/${usdId}`,
        headers: bearer(admin.token),
        payload: { name: "US Dollar", symbol: "$", isoCode: "USD", exchangeRate: "1.08", enabled: true },
      });
    }
  });

  it("orders in yen with whole amounts", async () => {
    const buyer = await t.addCustomer("Yen Buyer");
    const placed = await post(
      "/api/checkout?currency=JPY",
      { ...CHECKOUT_CONSENTS, courseIds: [onSale] },
      bearer(buyer.token),
    );
    expect(placed.status).toBe(201);
    // €60.50 × 161.47 = ¥9768.935 → ¥9769; back: ¥9769 / 161.47 = €60.50
    expect(placed.body).toMatchObject({ currency: "JPY", totalCents: 9769 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(row).toMatchObject({ exchangeRate: "161.47000000", baseTotalCents: 6050 });
  });

  it("orders in the shop currency when the chosen currency is disabled", async () => {
    const buyer = await t.addCustomer("Franc Buyer");
    const placed = await post(
      "/api/checkout",
      { ...CHECKOUT_CONSENTS, courseIds: [plain] },
      { ...bearer(buyer.token), cookie: "currency=CHF" },
    );
    expect(placed.status).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(row).toMatchObject({
      currency: "EUR",
      exchangeRate: "1.00000000",
      totalCents: 4900,
      baseTotalCents: 4900,
    });
    const bad = await post("/api/checkout/quote?currency=12", { courseIds: [plain] });
    expect(bad.status).toBe(400);
  });
});

describe("dashboard across currencies", () => {
  it("adds up paid orders by their total in the shop currency", async () => {
    const figures = async () =>
      (await get("/api/admin/dashboard", bearer(admin.token))).body as DashboardFigures;
    const before = await figures();
    const buyer = await t.addCustomer("Pound Buyer");
    const placed = await post(
      "/api/checkout?currency=GBP",
      { ...CHECKOUT_CONSENTS, courseIds: [plain] },
      bearer(buyer.token),
    );
    expect(placed.body).toMatchObject({ currency: "GBP", totalCents: 4165 });
    expect((await post(`/api/checkout/${placed.body.id}/pay`, { card }, bearer(buyer.token))).status).toBe(
      200,
    );
    const after = await figures();
    expect(after.currency).toBe("EUR");
    // £41.65 / 0.85 = €49.00
    expect(after.sales.allTimeCents - before.sales.allTimeCents).toBe(4900);
    expect(after.sales.todayCents - before.sales.todayCents).toBe(4900);
    const recent = after.recentOrders.find((order) => order.id === placed.body.id);
    expect(recent).toMatchObject({ currency: "GBP", totalCents: 4165 });

    const detail = await get(`/api/orders/${placed.body.id}`, bearer(admin.token));
    expect(detail.body).toMatchObject({
      currency: "GBP",
      exchangeRate: "0.85",
      baseCurrency: "EUR",
      baseTotalCents: 4900,
      totalCents: 4165,
    });
  });
});
