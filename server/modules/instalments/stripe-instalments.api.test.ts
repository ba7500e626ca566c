import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { intentEvent, signStripe, stripeStandIn } from "../../../tests/support/stripe-stand-in";
import { orderInstalments, orders, payments } from "../orders/orders.tables";
import { RETRY_AFTER_DAYS } from "./instalment-collection";

/** Issue 17: a payment plan paid with Stripe keeps the card and collects the later instalments off-session. */
const WEBHOOK_SECRET = "whsec_test_instalments";
const DAY = 86_400_000;
const standIn = stripeStandIn();
let clock = Date.now();
let t: CheckoutTestApp;
let course: string;

beforeAll(async () => {
  const apiBase = await standIn.start();
  t = await createCheckoutTestApp(
    {
      STRIPE_SECRET_KEY: "sk_test_standin",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_API_BASE: apiBase,
    },
    { now: () => new Date(clock) },
  );
  course = await t.addCourse({ priceCents: 30_000 }, { instalmentCount: 3 });
});

afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

async function deliver(payload: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signStripe(payload, WEBHOOK_SECRET) },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Places a 3-instalment order, lets the browser pay the first with `card`, and Stripe report it. */
async function buyOnPlan(card: string) {
  clock = Date.now();
  const buyer = await t.addCustomer("Stripe Plan Buyer", { password: true });
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course], instalments: 3, acceptPaymentPlan: true },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: string; number: number };
  const started = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: {},
  });
  expect(started.json()).toMatchObject({ status: "requires_action", provider: "stripe" });
  const first = standIn.intentFor(order.id);
  await deliver(intentEvent("payment_intent.succeeded", first, card));
  await t.app.services.jobQueue.drain();
  return { buyer, order, first };
}

const schedule = (orderId: string) =>
  t.database.db
    .select()
    .from(orderInstalments)
    .where(eq(orderInstalments.orderId, orderId))
    .orderBy(asc(orderInstalments.sequence));

async function travelTo(at: number) {
  clock = at;
  await t.app.services.instalments.sweep();
  await t.app.services.jobQueue.drain();
}

const offSessionCalls = (orderId: string) =>
  standIn.requests.filter(
    (r) =>
      r.path === "/v1/payment_intents" &&
      r.form.get("off_session") === "true" &&
      r.form.get("metadata[orderId]") === orderId,
  );

describe("instalments with Stripe", () => {
  it("saves the card on a Customer at the first payment and charges it off-session on each due date", async () => {
    const { order, first } = await buyOnPlan("pm_card_plan_ok");
    expect(first).toMatchObject({ amount: 10_000, setup_future_usage: "off_session" });
    expect(first.customer).toMatch(/^cus_test_/);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      status: "delivered",
      savedPaymentMethod: `${first.customer}/pm_card_plan_ok`,
    });

    const [, second, third] = await schedule(order.id);
    await travelTo(second!.dueAt.getTime() + 60_000);
    await travelTo(third!.dueAt.getTime() + 60_000);
    expect((await schedule(order.id)).map((row) => row.status)).toEqual(["paid", "paid", "paid"]);

    const calls = offSessionCalls(order.id);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(Object.fromEntries(call.form)).toMatchObject({
        amount: "10000",
        currency: "eur",
        customer: first.customer,
        payment_method: "pm_card_plan_ok",
        confirm: "true",
      });
    }
    // Each try has its own idempotency key: a retried request can never charge twice.
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(2);
    const succeeded = await t.database.db
      .select({ amountCents: payments.amountCents, provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")));
    expect(succeeded).toHaveLength(3);
    expect(succeeded.reduce((sum, row) => sum + row.amountCents, 0)).toBe(30_000);
  });

  it("records Stripe's decline, retries on schedule and pauses access after the last try", async () => {
    const { order } = await buyOnPlan("pm_card_plan_fails");
    standIn.declining.add("pm_card_plan_fails");
    const [, second] = await schedule(order.id);
    const due = second!.dueAt.getTime();

    await travelTo(due + 60_000);
    expect((await schedule(order.id))[1]).toMatchObject({
      status: "scheduled",
      attempts: 1,
      lastError: "Your card was declined.",
    });
    for (const day of RETRY_AFTER_DAYS) await travelTo(due + day * DAY + 60_000);
    expect((await schedule(order.id))[1]).toMatchObject({
      status: "failed",
      attempts: 1 + RETRY_AFTER_DAYS.length,
    });
    const [flagged] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(flagged!.paymentOverdueAt).not.toBeNull();
    const failed = await t.database.db
      .select({ reference: payments.providerReference })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "failed")));
    expect(failed).toHaveLength(1 + RETRY_AFTER_DAYS.length);
    expect(failed.every((row) => row.reference?.startsWith("pi_test_"))).toBe(true);
  });
});
