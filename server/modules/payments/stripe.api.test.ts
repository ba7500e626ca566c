import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { intentEvent, signStripe, stripeStandIn } from "../../../tests/support/stripe-stand-in";
import { enrolments, invoices, orders, payments } from "../orders/orders.tables";

const WEBHOOK_SECRET = "whsec_test_checkout_secret";

const standIn = stripeStandIn();
let t: CheckoutTestApp;
let course: string;

beforeAll(async () => {
  const apiBase = await standIn.start();
  t = await createCheckoutTestApp({
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_API_BASE: apiBase,
  });
  course = await t.addCourse({ priceCents: 7900, salePriceCents: 6900 });
});

afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

async function deliver(payload: string, signature = signStripe(payload, WEBHOOK_SECRET)) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

async function placeAndStart(currency?: string) {
  const buyer = await t.addCustomer();
  const placed = await t.app.inject({
    method: "POST",
    url: currency ? `/api/checkout?currency=${currency}` : "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  const started = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: {},
  });
  expect(started.statusCode).toBe(200);
  return { buyer, order, outcome: started.json() };
}

describe("Stripe provider", () => {
  it("creates a PaymentIntent for the order's amount and currency with its ids as metadata", async () => {
    const { order, outcome, buyer } = await placeAndStart();
    expect(outcome).toMatchObject({
      status: "requires_action",
      provider: "stripe",
      publishableKey: "pk_test_standin",
    });
    const intent = standIn.intentFor(order.id);
    expect(outcome.clientSecret).toBe(intent.client_secret);
    expect(intent.amount).toBe(6900);
    expect(intent.currency).toBe("eur");
    expect(intent.metadata).toEqual({ orderId: order.id, companyId: t.companyId });
    const call = standIn.requests.find((r) => r.path === "/v1/payment_intents")!;
    expect(call.authorization).toBe("Bearer sk_test_standin");

    // Asking again (a reload of the payment page) gives the same PaymentIntent.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${order.id}/pay`,
      headers: bearer(buyer.token),
      payload: {},
    });
    expect(again.json().clientSecret).toBe(intent.client_secret);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => [row.provider, row.status, row.providerReference])).toEqual([
      ["stripe", "pending", intent.id],
    ]);
  });

  it("fulfils on payment_intent.succeeded and enrols once when the webhook comes twice", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    const payload = intentEvent("payment_intent.succeeded", intent);

    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await deliver(payload);
    expect(second.statusCode).toBe(200);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("delivered");
    const [enrolled] = await t.database.db
      .select({ n: count() })
      .from(enrolments)
      .where(eq(enrolments.orderId, order.id));
    expect(enrolled!.n).toBe(1);
    const [invoiced] = await t.database.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoiced!.n).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("refunds a second PaymentIntent that pays an order already paid, and keeps it on record", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    expect((await deliver(intentEvent("payment_intent.succeeded", intent))).statusCode).toBe(200);
    const second = { ...intent, id: `${intent.id}_again` };
    expect((await deliver(intentEvent("payment_intent.succeeded", second))).statusCode).toBe(200);
    expect(standIn.refunds).toContain(second.id);
    expect(standIn.refunds).not.toContain(intent.id);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => [row.providerReference, row.status]).sort()).toEqual(
      [
        [intent.id, "succeeded"],
        [second.id, "refunded"],
      ].sort(),
    );
  });

  it("enrols once when the same success is delivered twice at the same moment", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    const payload = intentEvent("payment_intent.succeeded", intent);
    const responses = await Promise.all([deliver(payload), deliver(payload)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const [enrolled] = await t.database.db
      .select({ n: count() })
      .from(enrolments)
      .where(eq(enrolments.orderId, order.id));
    expect(enrolled!.n).toBe(1);
  });

  it("records payment_intent.payment_failed and leaves the order open", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    const response = await deliver(intentEvent("payment_intent.payment_failed", intent));
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, intent.id));
    expect(row!.status).toBe("failed");
    expect(row!.details).toEqual({ message: "Your card has insufficient funds." });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("pending");
  });

  it("charges an order placed in another currency in that currency, and fulfils it", async () => {
    const { order, outcome } = await placeAndStart("GBP");
    expect(outcome.status).toBe("requires_action");
    const intent = standIn.intentFor(order.id);
    // €69 × 0.85 = £58.65
    expect(order).toMatchObject({ currency: "GBP", totalCents: 5865 });
    expect(intent.amount).toBe(5865);
    expect(intent.currency).toBe("gbp");

    // A payment in the shop currency does not pay an order in pounds.
    const euros = await deliver(intentEvent("payment_intent.succeeded", { ...intent, currency: "eur" }));
    expect(euros.statusCode).toBe(200);
    const [unpaid] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unpaid!.status).toBe("pending");

    expect((await deliver(intentEvent("payment_intent.succeeded", intent))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "delivered", currency: "GBP", exchangeRate: "0.85000000" });
    expect(row!.baseTotalCents).toBe(6900);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 5865, currency: "GBP" });
  });

  it("rejects a webhook with a bad or missing signature and changes nothing", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    const payload = intentEvent("payment_intent.succeeded", intent);
    const forged = signStripe(payload, "whsec_somebody_else");
    const bad = await deliver(payload, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The webhook signature is not valid.");
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("pending");
  });

  it("refuses a correctly signed delivery replayed after the 5-minute window", async () => {
    const { order } = await placeAndStart();
    const intent = standIn.intentFor(order.id);
    const payload = intentEvent("payment_intent.succeeded", intent);
    const old = signStripe(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 6 * 60);
    const replayed = await deliver(payload, old);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe("The webhook signature is not valid.");
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("pending");
  });

  it("acknowledges events it does not act on", async () => {
    const payload = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: {} },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
  });

  it("allows Stripe.js in the Content-Security-Policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/courses" });
    expect(response.headers["content-security-policy"]).toContain("https://js.stripe.com");
  });
});

describe("demo provider", () => {
  it("has no webhook and no Stripe in the Content-Security-Policy", async () => {
    const demo = await createCheckoutTestApp();
    try {
      const response = await demo.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
        payload: "{}",
      });
      expect(response.statusCode).toBe(404);
      const page = await demo.app.inject({ method: "GET", url: "/api/courses" });
      expect(page.headers["content-security-policy"]).not.toContain("stripe");
    } finally {
      await demo.close();
    }
  });
});
