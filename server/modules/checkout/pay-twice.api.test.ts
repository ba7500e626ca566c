import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { enrolments, invoices, payments } from "../orders/orders.tables";
import { DUPLICATE_PAYMENT_REASON } from "./fulfil";

/** Issue 16 item 4: two payments of one order at the same moment charge it once. */
let t: CheckoutTestApp;
let course: string;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };

beforeAll(async () => {
  t = await createCheckoutTestApp();
  course = await t.addCourse({ priceCents: 4900 });
});
afterAll(async () => {
  await t?.close();
});

describe("paying one order twice at the same moment", () => {
  it("keeps one payment, refunds the other on record, and enrols and invoices once", async () => {
    const buyer = await t.addCustomer("Double Clicker");
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: bearer(buyer.token),
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;
    const pay = () =>
      t.app.inject({
        method: "POST",
        url: `/api/checkout/${orderId}/pay`,
        headers: bearer(buyer.token),
        payload: { card: CARD },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        code: "ORDER_PAID",
        message: "This order has already been paid.",
      });
    }

    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.filter((row) => row.status === "succeeded")).toHaveLength(1);
    for (const row of rows.filter((r) => r.status !== "succeeded")) {
      expect(row.status).toBe("refunded");
      expect(row.details).toMatchObject({ refundedCents: 4900, reason: DUPLICATE_PAYMENT_REASON });
    }
    const [invoiced] = await t.database.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    expect(invoiced!.n).toBe(1);
    const [enrolled] = await t.database.db
      .select({ n: count() })
      .from(enrolments)
      .where(and(eq(enrolments.orderId, orderId), eq(enrolments.courseId, course)));
    expect(enrolled!.n).toBe(1);
  });
});
