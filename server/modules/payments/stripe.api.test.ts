import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { enrolments, invoices, orders, payments } from "../orders/orders.tables";

const WEBHOOK_SECRET = "whsec_test_checkout_secret";

interface StoredIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
}

/** A local stand-in for the part of Stripe's API the adapter calls: PaymentIntents and refunds. */
function stripeStandIn() {
  const intents = new Map<string, StoredIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; path: string; form: URLSearchParams; authorization?: string }[] = [];
  const refunds: string[] = [];

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => resolve(body));
    });

  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request));
    const path = (request.url ?? "").split("?")[0]!;
    requests.push({ method: request.method!, path, form, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${requests.length}`,
      });
      response.end(JSON.stringify(body));
    };
    if (request.method === "POST" && path === "/v1/payment_intents") {
      const key = request.headers["idempotency-key"];
      const earlier = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return send(200, intents.get(earlier));
      const id = `pi_test_${intents.size + 1}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StoredIntent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        amount_received: 0,
        currency: form.get("currency") ?? "",
        client_secret: `${id}_secret_standin`,
        status: "requires_payment_method",
        metadata,
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (typeof key === "string") byIdempotencyKey.set(key, id);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent
        ? send(200, intent)
        : send(404, { error: { type: "invalid_request_error", message: "No such intent" } });
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      refunds.push(form.get("payment_intent") ?? "");
      return send(200, { id: `re_${refunds.length}`, object: "refund", status: "succeeded" });
    }
    send(404, { error: { type: "invalid_request_error", message: `Unknown path ${path}` } });
  });

  return {
    server,
    intents,
    requests,
    refunds,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const standIn = stripeStandIn();
let t: CheckoutTestApp;
let course: string;
const signer = new Stripe("sk_test_signer");

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

function intentEvent(
  type: "payment_intent.succeeded" | "payment_intent.payment_failed",
  intent: StoredIntent,
) {
  const object =
    type === "payment_intent.succeeded"
      ? { ...intent, status: "succeeded", amount_received: intent.amount }
      : {
          ...intent,
          status: "requires_payment_method",
          last_payment_error: { message: "Your card has insufficient funds." },
        };
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

async function deliver(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
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

  it("enrols once when the same success is delivered twice at the same moment", async () => {
    const { order } = await placeAndStart();
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
    const payload = intentEvent("payment_intent.succeeded", intent);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_somebody_else" });
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
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === order.id)!;
    const payload = intentEvent("payment_intent.succeeded", intent);
    const old = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
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
