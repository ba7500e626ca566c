import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import {
  completePayment,
  mailsTo,
  placeAndStart as placeAndStartIdeal,
  storedOrder,
} from "../../../tests/support/redirect-payments";
import { createStaff } from "../../../tests/support/staff";
import { intentEvent, signStripe, stripeStandIn } from "../../../tests/support/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test_ideal_secret";
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
  course = await t.addCourse({ priceCents: 7900 });
  const admin = await createStaff(t, t.companyId, "Admin");
  const enabled = await t.app.inject({
    method: "PUT",
    url: "/api/admin/payment-settings",
    headers: bearer(admin.token),
    payload: { ideal: true },
  });
  expect(enabled.json()).toEqual({
    paypal: { enabled: false, configured: false },
    ideal: { enabled: true, configured: true },
  });
});

afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

async function placeAndStart() {
  const started = await placeAndStartIdeal(t, course, "ideal");
  return { ...started, intent: standIn.intentFor(started.order.id) };
}

const complete = (orderId: string, token: string) => completePayment(t, orderId, token);

const deliver = (payload: string, signature = signStripe(payload, WEBHOOK_SECRET)) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });

const stored = (orderId: string) => storedOrder(t, orderId);

describe("iDEAL through Stripe", () => {
  it("is offered for euros only", async () => {
    const buyer = await t.addCustomer();
    const quote = (currency: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/checkout/quote?currency=${currency}`,
        headers: bearer(buyer.token),
        payload: { courseIds: [course] },
      });
    expect((await quote("EUR")).json().paymentMethods).toEqual(["card", "ideal"]);
    expect((await quote("GBP")).json().paymentMethods).toEqual(["card"]);
    const inPounds = await t.app.inject({
      method: "POST",
      url: "/api/checkout?currency=GBP",
      headers: bearer(buyer.token),
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course], paymentMethod: "ideal" },
    });
    expect(inPounds.statusCode).toBe(422);
    expect(inPounds.json().code).toBe("PAYMENT_METHOD_NOT_AVAILABLE");
  });

  it("creates an iDEAL PaymentIntent, sends the buyer to the bank and fulfils on return", async () => {
    const { buyer, order, outcome, intent } = await placeAndStart();
    expect(order.paymentMethod).toBe("ideal");
    expect(intent).toMatchObject({ amount: 7900, currency: "eur", payment_method_types: ["ideal"] });
    const created = standIn.requests.find(
      (r) => r.path === "/v1/payment_intents" && r.form.get("confirm") === "true",
    )!;
    expect(created.form.get("return_url")).toMatch(new RegExp(`/payment\\?order=${order.id}&returned=1$`));
    expect(outcome).toEqual({
      status: "redirect",
      method: "ideal",
      redirectUrl: intent.next_action!.redirect_to_url.url,
    });

    // A reload of the payment page gets the same PaymentIntent.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${order.id}/pay`,
      headers: bearer(buyer.token),
      payload: {},
    });
    expect(again.json().redirectUrl).toBe(outcome.redirectUrl);

    expect((await complete(order.id, buyer.token)).json().status).toBe("pending");
    const bank = await fetch(outcome.redirectUrl, { redirect: "manual" });
    expect(bank.headers.get("location")).toContain(
      `returned=1&payment_intent=${intent.id}&redirect_status=succeeded`,
    );
    const back = await complete(order.id, buyer.token);
    expect(back.json()).toMatchObject({
      status: "paid",
      order: { status: "delivered", paymentMethod: "ideal" },
    });
    const after = await stored(order.id);
    expect(after.payments.map((row) => [row.provider, row.status, row.providerReference])).toEqual([
      ["stripe", "succeeded", intent.id],
    ]);
    expect([after.enrolments, after.invoices]).toEqual([1, 1]);
  });

  it("pays once when payment_intent.succeeded and the return come at the same moment", async () => {
    const { buyer, order, intent } = await placeAndStart();
    standIn.authorise(intent.id);
    const payload = intentEvent("payment_intent.succeeded", intent, "pm_ideal_standin");
    const answers = await Promise.all([
      deliver(payload),
      complete(order.id, buyer.token),
      deliver(payload),
      complete(order.id, buyer.token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await stored(order.id);
    expect(after.order.status).toBe("delivered");
    expect(after.payments.map((row) => row.status)).toEqual(["succeeded"]);
    expect([after.enrolments, after.invoices]).toEqual([1, 1]);
    expect(standIn.refunds).not.toContain(intent.id);
    expect(await mailsTo(t, buyer.email)).toBe(1);
  });

  it("records a payment cancelled at the bank as failed and leaves the order open", async () => {
    const { buyer, order, outcome } = await placeAndStart();
    const bank = await fetch(`${outcome.redirectUrl}&outcome=fail`, { redirect: "manual" });
    expect(bank.headers.get("location")).toContain("redirect_status=failed");
    const back = await complete(order.id, buyer.token);
    expect(back.json()).toMatchObject({ status: "failed", order: { status: "pending" } });
    const after = await stored(order.id);
    expect(after.payments.map((row) => [row.status, row.details])).toEqual([
      ["failed", { message: "The customer cancelled the payment at the bank." }],
    ]);
    expect(after.enrolments).toBe(0);
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const { order, intent } = await placeAndStart();
    standIn.authorise(intent.id);
    const payload = intentEvent("payment_intent.succeeded", intent);
    const forged = await deliver(payload, signStripe(payload, "whsec_somebody_else"));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("The webhook signature is not valid.");
    expect((await stored(order.id)).order.status).toBe("pending");
  });
});
