import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENT_VERSION, checkoutConsentWording } from "~shared/checkout-consent";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  cookiesFrom,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { insertCoupon } from "../../seed/factories";
import { courses } from "../catalog/catalog.tables";
import { enrolments, invoices, orderInstalments, orders, payments } from "../orders/orders.tables";
import type { OrderView, PaymentOutcome, Quote } from "./checkout.schemas";
import { SEAT_HINT_MS } from "./checkout.service";

let t: CheckoutTestApp;
let plain: string;
let onSale: string;
let expensive: string;
let limited: string;
let hidden: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  plain = await t.addCourse({ priceCents: 4900 });
  onSale = await t.addCourse({ priceCents: 8000, salePriceCents: 6050 });
  expensive = await t.addCourse({ priceCents: 15_000 }, { instalmentCount: 3 });
  limited = await t.addCourse({ priceCents: 3000, totalSeats: 2 });
  hidden = await t.addCourse({ priceCents: 1000 }, { published: false });
});

afterAll(async () => {
  await t.close();
});

const day = 86_400_000;

async function quote(body: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/checkout/quote",
    payload: body as object,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Places an order; every checkout gives the consents unless `body` says otherwise. */
async function checkout(body: object, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    payload: { ...CHECKOUT_CONSENTS, ...body },
    headers,
  });
  return { status: response.statusCode, body: response.json(), cookies: response.headers["set-cookie"] };
}

async function pay(orderId: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${orderId}/pay`,
    payload: body as object,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
}

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };
const declinedCard = { ...goodCard, number: "4000 0000 0000 0002" };

async function seatsSold(courseId: string) {
  const [row] = await t.database.db
    .select({ n: courses.seatsSold })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!.n;
}

describe("POST /api/checkout/quote", () => {
  it("prices the courses from the catalogue, sale price first, VAT included", async () => {
    const { status, body } = await quote({ courseIds: [plain, onSale] });
    expect(status).toBe(200);
    const q = body as Quote;
    expect(q.lines.map((line) => line.unitPriceCents)).toEqual([4900, 6050]);
    expect(q.subtotalCents).toBe(10_950);
    expect(q.discountCents).toBe(0);
    expect(q.totalCents).toBe(10_950);
    expect(q.vatRateBp).toBe(2100);
    expect(q.vatCents).toBe(Math.round((10_950 * 2100) / 12_100));
    expect(q.currency).toBe("EUR");
    expect(q.paymentPlan).toBeNull();
  });

  it("applies a percentage coupon whatever the case of the code", async () => {
    const { status, body } = await quote({ courseIds: [plain, onSale], couponCode: "welcome10" });
    expect(status).toBe(200);
    expect(body.discountCents).toBe(1095);
    expect(body.totalCents).toBe(9855);
    expect(body.coupon).toEqual({ code: "WELCOME10", discountType: "percentage", value: 10 });
  });

  it("applies a fixed coupon above its minimum and explains the minimum below it", async () => {
    const above = await quote({ courseIds: [expensive], couponCode: "FAMILY15" });
    expect(above.status).toBe(200);
    expect(above.body.discountCents).toBe(1500);
    const below = await quote({ courseIds: [plain], couponCode: "FAMILY15" });
    expect(below.status).toBe(422);
    expect(below.body).toMatchObject({
      code: "COUPON_BELOW_MINIMUM",
      message: "Spend at least €100 to use this coupon.",
    });
  });

  it("refuses unknown, expired, unpublished and not-yet-valid coupons with their own message", async () => {
    const now = Date.now();
    await insertCoupon(t.database.db, t.companyId, {
      code: "SOON",
      campaignName: { en: "Soon", nl: "Binnenkort" },
      discount: { type: "percentage", percent: 5 },
      startsAt: new Date(now + day),
      endsAt: new Date(now + 10 * day),
    });
    await insertCoupon(t.database.db, t.companyId, {
      code: "HIDDEN",
      campaignName: { en: "Hidden", nl: "Verborgen" },
      discount: { type: "percentage", percent: 5 },
      startsAt: new Date(now - day),
      endsAt: new Date(now + day),
      published: false,
    });
    const cases = [
      ["NOPE", "COUPON_UNKNOWN", "This coupon code is not valid."],
      ["HIDDEN", "COUPON_UNKNOWN", "This coupon code is not valid."],
      ["SPRING2024", "COUPON_EXPIRED", "This coupon has expired."],
      ["soon", "COUPON_NOT_STARTED", "This coupon is not valid yet."],
    ];
    for (const [code, errorCode, message] of cases) {
      const { status, body } = await quote({ courseIds: [plain], couponCode: code });
      expect(status).toBe(422);
      expect(body).toEqual({ code: errorCode, message });
    }
  });

  it("offers a payment plan when every course has one", async () => {
    const { body } = await quote({ courseIds: [expensive] });
    expect(body.paymentPlan).toEqual({ instalments: 3, firstCents: 5000, laterCents: 5000 });
    const mixed = await quote({ courseIds: [expensive, plain] });
    expect(mixed.body.paymentPlan).toBeNull();
  });

  it("flags owned courses for a signed-in customer and leaves them out of the total", async () => {
    const buyer = await t.addCustomer();
    await t.database.db
      .insert(enrolments)
      .values({ companyId: t.companyId, customerId: buyer.id, courseId: plain });
    const { body } = await quote({ courseIds: [plain, onSale] }, bearer(buyer.token));
    expect(body.lines.map((line: { owned: boolean }) => line.owned)).toEqual([true, false]);
    expect(body.totalCents).toBe(6050);
  });

  it("lists unknown and unpublished courses as unavailable", async () => {
    const unknown = "01890000-0000-7000-8000-000000000000";
    const { status, body } = await quote({ courseIds: [plain, hidden, unknown] });
    expect(status).toBe(200);
    expect(body.lines).toHaveLength(1);
    expect(body.unavailable).toEqual([hidden, unknown]);
  });

  it("rejects malformed carts with 400", async () => {
    for (const payload of [
      {},
      { courseIds: [] },
      { courseIds: [plain, plain] },
      { courseIds: ["not-a-uuid"] },
      { courseIds: [plain], priceCents: 1 },
      { courseIds: Array.from({ length: 21 }, () => crypto.randomUUID()) },
    ]) {
      const { status, body } = await quote(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("POST /api/checkout", () => {
  it("needs a signed-in customer or guest details", async () => {
    const { status, body } = await checkout({ courseIds: [plain] });
    expect(status).toBe(401);
    expect(body.code).toBe("UNAUTHORIZED");
  });

  it("lets an anonymous visitor check out as a guest and starts a guest session", async () => {
    const before = await seatsSold(limited);
    const { status, body, cookies } = await checkout({
      courseIds: [limited, onSale],
      guest: { name: "Greta Guest", email: "Greta.Guest@Example.com" },
    });
    expect(status).toBe(201);
    const order = body as OrderView;
    expect(order.status).toBe("pending");
    expect(order.customer).toEqual({
      name: "Greta Guest",
      email: "greta.guest@example.com",
      hasAccount: false,
    });
    expect(order.totalCents).toBe(9050);
    expect(order.lines.map((line) => line.unitPriceCents).sort()).toEqual([3000, 6050]);
    expect(new Date(order.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(order.instalments).toEqual([
      expect.objectContaining({ sequence: 1, amountCents: 9050, status: "scheduled" }),
    ]);
    expect(await seatsSold(limited)).toBe(before + 1);
    const cookie = cookiesFrom(cookies);
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/guestInfo=/);

    const own = await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    // The answer is built from what was written; reading the order back gives the same.
    expect(own.json()).toEqual(order);
  });

  it("buys as the signed-in customer and ignores prices sent by the client", async () => {
    const buyer = await t.addCustomer("Carla Customer");
    const { status, body } = await checkout(
      { courseIds: [plain], couponCode: "WELCOME10" },
      bearer(buyer.token),
    );
    expect(status).toBe(201);
    expect(body.customer.name).toBe("Carla Customer");
    expect(body.discountCents).toBe(490);
    expect(body.totalCents).toBe(4410);
    expect(body.couponCode).toBe("WELCOME10");
    const forged = await checkout({ courseIds: [plain], totalCents: 1 }, bearer(buyer.token));
    expect(forged.status).toBe(400);
  });

  it("returns the same order for the same Idempotency-Key", async () => {
    const buyer = await t.addCustomer();
    const headers = { ...bearer(buyer.token), "idempotency-key": "checkout-attempt-0001" };
    const first = await checkout({ courseIds: [onSale] }, headers);
    const second = await checkout({ courseIds: [onSale] }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.companyId, t.companyId), eq(orders.customerId, buyer.id)));
    expect(row!.n).toBe(1);

    const other = await t.addCustomer();
    const stolen = await checkout(
      { courseIds: [onSale] },
      { ...bearer(other.token), "idempotency-key": "checkout-attempt-0001" },
    );
    expect(stolen.status).toBe(409);
    const short = await checkout({ courseIds: [onSale] }, { ...bearer(other.token), "idempotency-key": "x" });
    expect(short.status).toBe(400);
  });

  it("refuses a course the customer already owns", async () => {
    const buyer = await t.addCustomer();
    await t.database.db
      .insert(enrolments)
      .values({ companyId: t.companyId, customerId: buyer.id, courseId: onSale });
    const { status, body } = await checkout({ courseIds: [onSale] }, bearer(buyer.token));
    expect(status).toBe(409);
    expect(body).toEqual({ code: "ALREADY_OWNED", message: "You already own this course." });
  });

  it("refuses unknown and unpublished courses", async () => {
    const buyer = await t.addCustomer();
    const { status, body } = await checkout({ courseIds: [hidden] }, bearer(buyer.token));
    expect(status).toBe(404);
    expect(body.code).toBe("COURSE_NOT_FOUND");
  });

  it("refuses a guest email that belongs to an account", async () => {
    const account = await t.addCustomer("Has Account", { password: true });
    const { status, body } = await checkout({
      courseIds: [plain],
      guest: { name: "Someone", email: account.email },
    });
    expect(status).toBe(409);
    expect(body.code).toBe("ACCOUNT_EXISTS");
  });

  it("sells no seat past the last one and writes nothing for the refused order", async () => {
    const course = await t.addCourse({ totalSeats: 1 });
    const first = await t.addCustomer();
    const second = await t.addCustomer();
    expect((await checkout({ courseIds: [course] }, bearer(first.token))).status).toBe(201);
    const [before] = await t.database.db.select({ n: count() }).from(orders);
    const refused = await checkout({ courseIds: [plain, course] }, bearer(second.token));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: "SOLD_OUT", message: "Sorry, this course is sold out." });
    const [after] = await t.database.db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
    expect(await seatsSold(course)).toBe(1);
  });

  it("stores the payment plan schedule and requires the agreement to be accepted", async () => {
    const buyer = await t.addCustomer();
    const unaccepted = await checkout({ courseIds: [expensive], instalments: 3 }, bearer(buyer.token));
    expect(unaccepted.status).toBe(422);
    expect(unaccepted.body.code).toBe("PAYMENT_PLAN_NOT_ACCEPTED");
    const wrongCount = await checkout(
      { courseIds: [expensive], instalments: 2, acceptPaymentPlan: true },
      bearer(buyer.token),
    );
    expect(wrongCount.status).toBe(422);
    const noPlan = await checkout(
      { courseIds: [plain], instalments: 3, acceptPaymentPlan: true },
      bearer(buyer.token),
    );
    expect(noPlan.body.code).toBe("PAYMENT_PLAN_UNAVAILABLE");

    const { status, body } = await checkout(
      { courseIds: [expensive], instalments: 3, acceptPaymentPlan: true },
      bearer(buyer.token),
    );
    expect(status).toBe(201);
    expect(body.instalmentCount).toBe(3);
    expect(body.amountDueNowCents).toBe(5000);
    expect(body.instalments.map((i: { amountCents: number }) => i.amountCents)).toEqual([5000, 5000, 5000]);
    const due = body.instalments.map((i: { dueAt: string }) => new Date(i.dueAt).getTime());
    expect(due[1] - due[0]).toBeGreaterThan(27 * day);
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/orders/${body.id}`,
      headers: bearer(buyer.token),
    });
    expect(stored.json()).toEqual(body);
  });

  it("gives the seats of an expired order back before reserving", async () => {
    const course = await t.addCourse({ totalSeats: 1 });
    const first = await t.addCustomer();
    const placed = await checkout({ courseIds: [course] }, bearer(first.token));
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.body.id));
    // A hold ends after 30 minutes; the checkout's hint about the course's free seats lasts 2 s.
    await new Promise((resolve) => setTimeout(resolve, SEAT_HINT_MS + 50));
    const second = await t.addCustomer();
    expect((await checkout({ courseIds: [course] }, bearer(second.token))).status).toBe(201);
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(expired!.status).toBe("cancel");
    expect(await seatsSold(course)).toBe(1);
    const late = await pay(placed.body.id, { card: goodCard }, bearer(first.token));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("ORDER_EXPIRED");
  });
});

describe("releaseExpired", () => {
  it("cancels pending orders past their hold and frees their seats", async () => {
    const course = await t.addCourse({ totalSeats: 3 });
    const buyer = await t.addCustomer();
    const placed = await checkout({ courseIds: [course] }, bearer(buyer.token));
    expect(await seatsSold(course)).toBe(1);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.body.id));
    expect(await t.app.services.checkout.releaseExpired(t.companyId)).toBeGreaterThanOrEqual(1);
    expect(await seatsSold(course)).toBe(0);
    expect(await t.app.services.checkout.releaseExpired(t.companyId)).toBe(0);
    const [instalment] = await t.database.db
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, placed.body.id));
    expect(instalment!.status).toBe("cancelled");
  });
});

describe("course pages and payment plans", () => {
  it("say on the course which courses can be paid in instalments, and in how many", async () => {
    const withPlan = await t.app.inject({ method: "GET", url: `/api/courses/${expensive}` });
    expect(withPlan.json().instalmentCount).toBe(3);
    const without = await t.app.inject({ method: "GET", url: `/api/courses/${plain}` });
    expect(without.json().instalmentCount).toBeNull();
  });
});

describe("checkout consents (general terms, immediate access: terms §7)", () => {
  it("refuses a checkout without the general terms or the immediate-access consent, in EN and NL, changing nothing", async () => {
    const email = "no.consent@example.com";
    const guest = { name: "Nora Noconsent", email };
    for (const [consents, code] of [
      [{}, "TERMS_NOT_ACCEPTED"],
      [{ acceptTerms: false, immediateAccess: true }, "TERMS_NOT_ACCEPTED"],
      [{ acceptTerms: true }, "IMMEDIATE_ACCESS_NOT_CONFIRMED"],
      [{ acceptTerms: true, immediateAccess: false }, "IMMEDIATE_ACCESS_NOT_CONFIRMED"],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/checkout",
        payload: { courseIds: [limited], guest, ...consents },
      });
      expect(response.statusCode, JSON.stringify(consents)).toBe(400);
      expect(response.json().code).toBe(code);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    const english = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      payload: { courseIds: [plain], guest },
    });
    expect(english.json().message).toBe(
      "Please accept the general terms and conditions to place your order.",
    );
    const dutch = await t.app.inject({
      method: "POST",
      url: "/api/checkout?lng=nl",
      payload: { courseIds: [plain], guest, acceptTerms: true },
    });
    expect(dutch.json().message).toBe(
      "Bevestig dat je direct toegang wilt en dat je dan je herroepingsrecht verliest.",
    );
    const [placed] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.customerEmail, email));
    expect(placed!.n).toBe(0);
  });

  it("records when and which wording was agreed, and shows it on the order, invoice and confirmation mail", async () => {
    const before = Date.now();
    const buyer = await t.addCustomer("Connie Consent");
    const auth = bearer(buyer.token);
    const { status, body: order } = await checkout({ courseIds: [onSale] }, auth);
    expect(status).toBe(201);
    const view = order as OrderView;
    expect(view.consent).toEqual({
      version: CHECKOUT_CONSENT_VERSION,
      termsAcceptedAt: expect.any(String),
      immediateAccessAt: expect.any(String),
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, view.id));
    expect(row!.consentVersion).toBe(CHECKOUT_CONSENT_VERSION);
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.withdrawalWaivedAt!.getTime()).toBe(row!.termsAcceptedAt!.getTime());

    expect((await pay(view.id, { card: goodCard }, auth)).status).toBe(200);
    const paid = (await t.app.inject({ method: "GET", url: `/api/orders/${view.id}`, headers: auth })).json();
    const invoice = await t.app.inject({
      method: "GET",
      url: `/api/invoices/${paid.invoice.id}`,
      headers: auth,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json().consent).toEqual(view.consent);

    await t.app.services.jobQueue.drain();
    const mail = readdirSync(join(t.dataDir, "outbox"))
      .map((file) => readFileSync(join(t.dataDir, "outbox", file), "utf8"))
      .find((text) => text.includes(buyer.email));
    const text = mail!.replace(/=\r?\n/g, "");
    expect(text).toContain("Terms and right of withdrawal");
    expect(text).toContain(`Wording version ${CHECKOUT_CONSENT_VERSION}`);
    expect(text).toContain(checkoutConsentWording("en").immediateAccess.slice(0, 40));
  });
});

describe("POST /api/checkout/{orderId}/pay (demo provider)", () => {
  it("records a declined card, keeps the order open, then fulfils on a good card", async () => {
    const { body: order, cookies } = await checkout({
      courseIds: [plain, expensive],
      couponCode: "WELCOME10",
      guest: { name: "Pia Payer", email: "pia.payer@example.com" },
    });
    const cookie = cookiesFrom(cookies);

    const declined = await pay(order.id, { card: declinedCard }, { cookie });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ code: "CARD_DECLINED", message: "Your card was declined." });
    const failedRows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(failedRows.map((row) => row.status)).toEqual(["failed"]);
    const still = await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: { cookie } });
    expect(still.json().status).toBe("pending");

    const paid = await pay(order.id, { card: goodCard }, { cookie });
    expect(paid.status).toBe(200);
    const outcome = paid.body as PaymentOutcome;
    if (outcome.status !== "succeeded") throw new Error("expected a succeeded payment");
    expect(outcome.order.status).toBe("delivered");
    expect(outcome.order.paidAt).not.toBeNull();
    expect(outcome.order.invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(outcome.order.instalments[0]!.status).toBe("paid");

    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "succeeded"]);
    expect(rows.find((row) => row.status === "succeeded")!.amountCents).toBe(order.totalCents);
    const enrolled = await t.database.db.select().from(enrolments).where(eq(enrolments.orderId, order.id));
    expect(enrolled.map((row) => row.courseId).sort()).toEqual([plain, expensive].sort());
    const [invoiceCount] = await t.database.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoiceCount!.n).toBe(1);

    await t.app.services.jobQueue.drain(); // the confirmation mail goes out after the answer
    const mails = readdirSync(join(t.dataDir, "outbox")).map((file) =>
      readFileSync(join(t.dataDir, "outbox", file), "utf8"),
    );
    const mail = mails.find((text) => text.includes("pia.payer@example.com"));
    expect(mail).toBeDefined();
    expect(mail).toContain(`Your order ${order.number}`);
    expect(mail).toContain(`Invoice number: ${outcome.order.invoice!.number}`);
    expect(mail).toMatch(new RegExp(`filename="?invoice-${outcome.order.invoice!.number}\\.pdf`));

    const again = await pay(order.id, { card: goodCard }, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ORDER_PAID");
  });

  it("gives consecutive invoice numbers", async () => {
    const numbers: number[] = [];
    const digits = (printed: string) => Number(printed.replace(/^INV-/, ""));
    for (let i = 0; i < 2; i++) {
      const buyer = await t.addCustomer();
      const { body } = await checkout({ courseIds: [onSale] }, bearer(buyer.token));
      const paid = await pay(body.id, { card: goodCard }, bearer(buyer.token));
      numbers.push(digits(paid.body.order.invoice.number));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it("asks for a test card, a future expiry and a 3-digit CVC", async () => {
    const buyer = await t.addCustomer();
    const { body: order } = await checkout({ courseIds: [plain] }, bearer(buyer.token));
    const other = await pay(
      order.id,
      { card: { ...goodCard, number: "5555 5555 5555 4444" } },
      bearer(buyer.token),
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("CARD_NOT_TEST");
    expect(other.body.message).toMatch(/^Use a test card number: 4242 4242 4242 4242/);
    const expired = await pay(order.id, { card: { ...goodCard, expYear: 2020 } }, bearer(buyer.token));
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe("CARD_EXPIRED");
    const cvc = await pay(order.id, { card: { ...goodCard, cvc: "12" } }, bearer(buyer.token));
    expect(cvc.status).toBe(400);
    const missing = await pay(order.id, {}, bearer(buyer.token));
    expect(missing.status).toBe(400);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for someone else's order and for no session", async () => {
    const owner = await t.addCustomer();
    const { body: order } = await checkout({ courseIds: [plain] }, bearer(owner.token));
    const stranger = await t.addCustomer();
    expect((await pay(order.id, { card: goodCard }, bearer(stranger.token))).status).toBe(404);
    expect((await pay(order.id, { card: goodCard })).status).toBe(404);
    expect((await pay("not-a-uuid", { card: goodCard }, bearer(owner.token))).status).toBe(400);
  });
});

describe("GET /api/orders/{orderId}", () => {
  it("shows the visitor's own order only", async () => {
    const owner = await t.addCustomer();
    const { body: order } = await checkout({ courseIds: [onSale] }, bearer(owner.token));
    const own = await t.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: bearer(owner.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().lines[0].courseId).toBe(onSale);

    const stranger = await t.addCustomer();
    const other = await t.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: bearer(stranger.token),
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/orders/${order.id}` });
    expect(anonymous.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/orders/123", headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
  });
});
