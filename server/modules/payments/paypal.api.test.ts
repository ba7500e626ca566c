import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { paypalStandIn } from "../../../tests/support/paypal-stand-in";
import {
  completePayment,
  mailsTo,
  placeAndStart as placeAndStartPaypal,
  storedOrder,
} from "../../../tests/support/redirect-payments";
import { createStaff, type TestStaff } from "../../../tests/support/staff";

const CREDENTIALS = {
  clientId: "stand-in-client",
  clientSecret: "stand-in-secret",
  webhookId: "WH-STANDIN-1",
};
const standIn = paypalStandIn(CREDENTIALS);
let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;

beforeAll(async () => {
  const apiBase = await standIn.start();
  t = await createCheckoutTestApp({
    PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
    PAYPAL_API_BASE: apiBase,
  });
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 5900 });
  const enabled = await t.app.inject({
    method: "PUT",
    url: "/api/admin/payment-settings",
    headers: bearer(admin.token),
    payload: { paypal: true },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  expect(enabled.json()).toEqual({
    paypal: { enabled: true, configured: true },
    ideal: { enabled: false, configured: false },
  });
});

afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

async function placeAndStart() {
  const started = await placeAndStartPaypal(t, course, "paypal");
  return { ...started, paypalOrder: standIn.orderFor(started.order.id) };
}

const complete = (orderId: string, token: string, body: { cancelled?: boolean } = {}) =>
  completePayment(t, orderId, token, body);

function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/paypal/webhook",
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

const stored = (orderId: string) => storedOrder(t, orderId);

describe("PayPal", () => {
  it("is offered in the quote once the school turns it on", async () => {
    const buyer = await t.addCustomer();
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: bearer(buyer.token),
      payload: { courseIds: [course] },
    });
    expect(quote.json().paymentMethods).toEqual(["card", "paypal"]);
  });

  it("creates a PayPal order for the amount, sends the buyer to approve, captures on return and pays once", async () => {
    const { buyer, order, outcome, paypalOrder } = await placeAndStart();
    expect(order.paymentMethod).toBe("paypal");
    expect(outcome).toEqual({
      status: "redirect",
      method: "paypal",
      redirectUrl: expect.stringContaining(`/checkoutnow?token=${paypalOrder.id}`),
    });
    expect(paypalOrder.purchase_units[0]).toMatchObject({
      reference_id: order.id,
      custom_id: `${t.companyId}:${order.id}`,
      amount: { currency_code: "EUR", value: "59.00" },
    });
    expect(paypalOrder.returnUrl).toMatch(new RegExp(`/payment\\?order=${order.id}&returned=1$`));

    // Before the buyer approves, coming back changes nothing.
    expect((await complete(order.id, buyer.token)).json().status).toBe("pending");

    // The approval page approves and sends the buyer back to the return address.
    const approval = await fetch(outcome.redirectUrl, { redirect: "manual" });
    expect(approval.status).toBe(302);
    expect(approval.headers.get("location")).toContain(`returned=1&token=${paypalOrder.id}`);
    const back = await complete(order.id, buyer.token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      status: "paid",
      order: { status: "delivered", paymentMethod: "paypal" },
    });

    const after = await stored(order.id);
    expect(
      after.payments.map((row) => [row.provider, row.status, row.providerReference, row.amountCents]),
    ).toEqual([["paypal", "succeeded", paypalOrder.id, 5900]]);
    expect([after.enrolments, after.invoices]).toEqual([1, 1]);
    expect(standIn.captures.filter((id) => id === paypalOrder.id)).toHaveLength(1);

    // PayPal's webhook for the same capture comes afterwards: nothing more happens.
    const webhook = await deliver(
      standIn.delivery("PAYMENT.CAPTURE.COMPLETED", standIn.captureResource(paypalOrder.id)),
    );
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await stored(order.id)).payments).toHaveLength(1);
    expect(await mailsTo(t, buyer.email)).toBe(1);
  });

  it("pays once when the return and the webhook of the same approval come at the same moment", async () => {
    const { buyer, order, paypalOrder } = await placeAndStart();
    standIn.approve(paypalOrder.id);
    const approved = standIn.delivery("CHECKOUT.ORDER.APPROVED", standIn.orderResource(paypalOrder.id));
    const answers = await Promise.all([
      complete(order.id, buyer.token),
      deliver(approved),
      deliver(approved),
      complete(order.id, buyer.token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // Captured once at PayPal (one request id), recorded once, enrolled, invoiced and mailed once.
    expect(standIn.captures.filter((id) => id === paypalOrder.id)).toHaveLength(1);
    const after = await stored(order.id);
    expect(after.order.status).toBe("delivered");
    expect(after.payments.map((row) => row.status)).toEqual(["succeeded"]);
    expect([after.enrolments, after.invoices]).toEqual([1, 1]);
    expect(await mailsTo(t, buyer.email)).toBe(1);
  });

  it("pays once when two PAYMENT.CAPTURE.COMPLETED deliveries come at the same moment", async () => {
    const { buyer, order, paypalOrder } = await placeAndStart();
    standIn.approve(paypalOrder.id);
    // Captured by PayPal for a buyer who never came back (e.g. closed the tab).
    expect(await fetchCapture(paypalOrder.id)).toBe(201);
    const completed = standIn.delivery("PAYMENT.CAPTURE.COMPLETED", standIn.captureResource(paypalOrder.id));
    const answers = await Promise.all([deliver(completed), deliver(completed)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = await stored(order.id);
    expect(after.order.status).toBe("delivered");
    expect(after.payments.map((row) => row.status)).toEqual(["succeeded"]);
    expect([after.enrolments, after.invoices]).toEqual([1, 1]);
    expect(await mailsTo(t, buyer.email)).toBe(1);
  });

  it("records a cancel at PayPal and a declined capture as failed, and leaves the order open", async () => {
    const cancelled = await placeAndStart();
    const page = await fetch(`${cancelled.outcome.redirectUrl}&outcome=cancel`, { redirect: "manual" });
    expect(page.headers.get("location")).toContain("cancelled=1");
    const answer = await complete(cancelled.order.id, cancelled.buyer.token, { cancelled: true });
    expect(answer.json()).toMatchObject({ status: "failed", order: { status: "pending" } });
    const afterCancel = await stored(cancelled.order.id);
    expect(afterCancel.payments.map((row) => [row.status, row.details])).toEqual([
      ["failed", { message: "The payment was cancelled." }],
    ]);

    const declined = await placeAndStart();
    standIn.approve(declined.paypalOrder.id);
    standIn.declining.add(declined.paypalOrder.id);
    const refused = await complete(declined.order.id, declined.buyer.token);
    expect(refused.json()).toMatchObject({ status: "failed", order: { status: "pending" } });
    const afterDecline = await stored(declined.order.id);
    expect(afterDecline.payments.map((row) => [row.status, row.details])).toEqual([
      ["failed", { message: "PayPal declined the payment." }],
    ]);
    expect(afterDecline.enrolments).toBe(0);
  });

  it("refuses a delivery with a bad signature or for another webhook, and changes nothing", async () => {
    const { order, paypalOrder } = await placeAndStart();
    standIn.approve(paypalOrder.id);
    const resource = standIn.orderResource(paypalOrder.id);
    for (const delivery of [
      standIn.delivery("CHECKOUT.ORDER.APPROVED", resource, { forged: true }),
      standIn.delivery("CHECKOUT.ORDER.APPROVED", resource, { webhookId: "WH-SOMEONE-ELSE" }),
    ]) {
      const refused = await deliver(delivery);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("The webhook signature is not valid.");
    }
    const unsigned = standIn.delivery("CHECKOUT.ORDER.APPROVED", resource);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/payments/paypal/webhook",
      headers: { "content-type": "application/json" },
      payload: unsigned.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("The PayPal signature headers are missing.");
    expect(standIn.captures).not.toContain(paypalOrder.id);
    expect((await stored(order.id)).order.status).toBe("pending");
  });

  it("refunds a cancelled paid order through PayPal's capture", async () => {
    const { buyer, order, outcome, paypalOrder } = await placeAndStart();
    await fetch(outcome.redirectUrl, { redirect: "manual" });
    expect((await complete(order.id, buyer.token)).json().status).toBe("paid");
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}`,
      headers: bearer(admin.token),
      payload: { status: "cancel" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const captureId = paypalOrder.purchase_units[0]!.payments!.captures[0]!.id;
    expect(standIn.refunds.map((refund) => refund.captureId)).toContain(captureId);
  });

  it("is refused at checkout while the school has not turned it on", async () => {
    await t.app.services.paymentMethods.write(
      t.companyId,
      { paypal: false },
      { id: admin.id, email: admin.email },
    );
    try {
      const buyer = await t.addCustomer();
      const placed = await t.app.inject({
        method: "POST",
        url: "/api/checkout",
        headers: bearer(buyer.token),
        payload: { ...CHECKOUT_CONSENTS, courseIds: [course], paymentMethod: "paypal" },
      });
      expect(placed.statusCode).toBe(422);
      expect(placed.json()).toMatchObject({
        code: "PAYMENT_METHOD_NOT_AVAILABLE",
        message: "This payment method is not offered for this order: please choose another.",
      });
    } finally {
      await t.app.services.paymentMethods.write(
        t.companyId,
        { paypal: true },
        { id: admin.id, email: admin.email },
      );
    }
  });
});

/** PayPal captures an approved order on its own side (as after CHECKOUT.ORDER.APPROVED elsewhere). */
async function fetchCapture(paypalOrderId: string): Promise<number> {
  const base = new URL(standIn.orderResource(paypalOrderId).links[0]!.href).origin;
  const response = await fetch(`${base}/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: "POST",
    headers: { authorization: "Bearer A21AA-stand-in-token", "content-type": "application/json" },
    body: "{}",
  });
  return response.status;
}
