import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { enrolments, invoices, orders, payments } from "~server/modules/orders/orders.tables";
import { CHECKOUT_CONSENTS } from "./checkout-consents";
import { bearer, type CheckoutTestApp } from "./checkout-fixtures";

/** A new buyer places an order for `course` to pay by `paymentMethod` and starts paying it. */
export async function placeAndStart(t: CheckoutTestApp, course: string, paymentMethod: "paypal" | "ideal") {
  const buyer = await t.addCustomer();
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course], paymentMethod },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const started = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  return { buyer, order, outcome: started.json() };
}

/** The buyer comes back from PayPal or the bank (or through its cancel link). */
export const completePayment = (
  t: CheckoutTestApp,
  orderId: string,
  token: string,
  body: { cancelled?: boolean } = {},
) =>
  t.app.inject({
    method: "POST",
    url: `/api/checkout/${orderId}/complete`,
    headers: bearer(token),
    payload: body,
  });

/** The order, its payments and how many enrolments and invoices it made. */
export async function storedOrder(t: CheckoutTestApp, orderId: string) {
  const { db } = t.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const [enrolled] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.orderId, orderId));
  const [invoiced] = await db.select({ n: count() }).from(invoices).where(eq(invoices.orderId, orderId));
  return { order: order!, payments: rows, enrolments: enrolled!.n, invoices: invoiced!.n };
}

/** Mails to `email` in the outbox, once every mail job has run. */
export async function mailsTo(t: CheckoutTestApp, email: string) {
  await t.app.services.jobQueue.drain();
  return readdirSync(join(t.dataDir, "outbox")).filter((file) =>
    readFileSync(join(t.dataDir, "outbox", file), "utf8").includes(`To: ${email}`),
  ).length;
}
