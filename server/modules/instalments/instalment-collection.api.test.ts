import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFormatter } from "~shared/date-formats";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { createStaff } from "../../../tests/support/staff";
import { lessons } from "../catalog/catalog.tables";
import { enrolments, orderInstalments, orders, payments, refunds } from "../orders/orders.tables";
import { DUPLICATE_INSTALMENT_REASON, REMINDER_DAYS_BEFORE, RETRY_AFTER_DAYS } from "./instalment-collection";

const DAY = 86_400_000;
let clock = Date.now();
let t: CheckoutTestApp;
let course: string;
let lessonId: string;

beforeAll(async () => {
  t = await createCheckoutTestApp(
    { PUBLIC_URL: "https://school.example.org" },
    { now: () => new Date(clock) },
  );
  course = await t.addCourse(
    {
      priceCents: 30_000,
      lessons: [
        { title: { en: "Preview", nl: "Voorproef" }, durationSeconds: 60, freePreview: true },
        { title: { en: "Paid", nl: "Betaald" }, durationSeconds: 60, freePreview: false },
      ],
    },
    { instalmentCount: 3 },
  );
  const [paid] = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, course), eq(lessons.freePreview, false)));
  lessonId = paid!.id;
});

afterAll(async () => {
  await t?.close();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2039, cvc: "123" });

async function buyOnPlan(cardNumber: string) {
  clock = Date.now();
  const buyer = await t.addCustomer("Plan Buyer", { password: true });
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course], instalments: 3, acceptPaymentPlan: true },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: { card: card(cardNumber) },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.services.jobQueue.drain();
  return { buyer, order: order as { id: string; number: number; instalments: { dueAt: string }[] } };
}

const schedule = (orderId: string) =>
  t.database.db
    .select()
    .from(orderInstalments)
    .where(eq(orderInstalments.orderId, orderId))
    .orderBy(asc(orderInstalments.sequence));

/** Moves the clock to `at`, runs the sweep as the minute timer would, and lets the jobs finish. */
async function travelTo(at: number) {
  clock = at;
  await t.app.services.instalments.sweep();
  await t.app.services.jobQueue.drain();
}

const subjects = async (email: string) =>
  (await outboxMailsTo(t.dataDir, email)).map((mail) => /^Subject: (.*)$/m.exec(mail.text)?.[1]);

const video = (token: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/lessons/${lessonId}/video`,
    headers: { ...bearer(token), range: "bytes=0-99" },
  });

describe("instalment collection (demo provider)", () => {
  it("reminds before each due date and collects the whole plan as the clock moves on", async () => {
    const { buyer, order } = await buyOnPlan("4242424242424242");
    const [, second, third] = await schedule(order.id);
    expect(second).toMatchObject({ status: "scheduled", nextAttemptAt: second!.dueAt });

    await travelTo(Date.now());
    expect((await schedule(order.id))[1]!.status).toBe("scheduled");

    await travelTo(second!.dueAt.getTime() - (REMINDER_DAYS_BEFORE - 1) * DAY);
    expect(await subjects(buyer.email)).toContainEqual(
      `Instalment 2 of order ${order.number} is due on ${dateFormatter("en", { dateFormat: "DD/MM/YYYY", timeZone: "Europe/Amsterdam" }).format(second!.dueAt)}`,
    );

    await travelTo(second!.dueAt.getTime() + 60_000);
    expect((await schedule(order.id))[1]).toMatchObject({ status: "paid", attempts: 1 });
    await travelTo(third!.dueAt.getTime() + 60_000);
    const all = await schedule(order.id);
    expect(all.map((row) => row.status)).toEqual(["paid", "paid", "paid"]);

    const collected = await t.database.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")));
    expect(collected.reduce((sum, row) => sum + row.amountCents, 0)).toBe(30_000);
    const mails = await subjects(buyer.email);
    expect(mails).toContainEqual(`Instalment 2 of order ${order.number} is paid`);
    expect(mails).toContainEqual(`Instalment 3 of order ${order.number} is paid`);
    // Running the sweep again collects nothing twice.
    await travelTo(third!.dueAt.getTime() + 30 * DAY);
    const again = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(again).toHaveLength(3);
  });

  it("retries a card that starts failing, mails the learner, pauses access, flags the order; paying restores it", async () => {
    const { buyer, order } = await buyOnPlan("4000000000000341");
    expect((await video(buyer.token)).statusCode).toBe(206);
    const [, second] = await schedule(order.id);
    const due = second!.dueAt.getTime();

    await travelTo(due + 60_000);
    let row = (await schedule(order.id))[1]!;
    expect(row).toMatchObject({ status: "scheduled", attempts: 1, lastError: "Your card was declined." });
    expect(row.nextAttemptAt?.getTime()).toBe(due + RETRY_AFTER_DAYS[0] * DAY);
    const failedMail = (await outboxMailsTo(t.dataDir, buyer.email)).find((mail) =>
      mail.text.includes(`We could not collect instalment 2 of order ${order.number}`),
    );
    expect(failedMail?.text).toContain(`https://school.example.org/user-payments/${order.id}/2`);

    for (const [index, day] of RETRY_AFTER_DAYS.entries()) {
      await travelTo(due + day * DAY + 60_000);
      row = (await schedule(order.id))[1]!;
      expect(row.attempts).toBe(index + 2);
    }
    expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
    const [flagged] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(flagged!.paymentOverdueAt).not.toBeNull();
    const [enrolment] = await t.database.db.select().from(enrolments).where(eq(enrolments.orderId, order.id));
    expect(enrolment!.pausedAt).not.toBeNull();
    expect((await video(buyer.token)).statusCode).toBe(403);
    expect(await subjects(buyer.email)).toContainEqual(
      `Access paused: instalment 2 of order ${order.number} is unpaid`,
    );

    // Staff see the flag and each instalment with its dates.
    const admin = await createStaff(t, t.companyId, "Admin");
    const seen = (
      await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: bearer(admin.token) })
    ).json();
    expect(seen.paymentOverdueAt).not.toBeNull();
    expect(seen.instalments[1]).toMatchObject({ sequence: 2, status: "failed", attempts: 4 });
    expect(seen.instalments[1].lastFailedAt).not.toBeNull();

    // The learner pays it with another card: access comes back, the flag is lifted.
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/customer/orders/${order.id}/instalments/2/pay`,
      headers: bearer(buyer.token),
      payload: { card: card("4000000000000002") },
    });
    expect(declined.statusCode).toBe(402);
    const stranger = await t.addCustomer("Stranger");
    const notTheirs = await t.app.inject({
      method: "POST",
      url: `/api/customer/orders/${order.id}/instalments/2/pay`,
      headers: bearer(stranger.token),
      payload: { card: card("4242424242424242") },
    });
    expect(notTheirs.statusCode).toBe(404);
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/customer/orders/${order.id}/instalments/2/pay`,
      headers: bearer(buyer.token),
      payload: { card: card("4242424242424242") },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: "succeeded" });
    const [cleared] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(cleared!.paymentOverdueAt).toBeNull();
    expect((await video(buyer.token)).statusCode).toBe(206);
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/customer/orders/${order.id}/instalments/2/pay`,
      headers: bearer(buyer.token),
      payload: { card: card("4242424242424242") },
    });
    expect(twice.statusCode).toBe(409);
    // The third instalment is not due yet: it cannot be paid on the site.
    const early = await t.app.inject({
      method: "POST",
      url: `/api/customer/orders/${order.id}/instalments/3/pay`,
      headers: bearer(buyer.token),
      payload: { card: card("4242424242424242") },
    });
    expect(early.statusCode).toBe(422);
  });
});

describe("paying one instalment twice at the same moment (issue 16, beside item 4)", () => {
  it("keeps one payment, refunds the others (recorded as refunded), and answers 409 to them", async () => {
    const { buyer, order } = await buyOnPlan("4000000000000341");
    const [, second] = await schedule(order.id);
    const due = second!.dueAt.getTime();
    await travelTo(due + 60_000);
    for (const day of RETRY_AFTER_DAYS) await travelTo(due + day * DAY + 60_000);
    expect((await schedule(order.id))[1]).toMatchObject({ status: "failed" });

    const pay = () =>
      t.app.inject({
        method: "POST",
        url: `/api/customer/orders/${order.id}/instalments/2/pay`,
        headers: bearer(buyer.token),
        payload: { card: card("4242424242424242") },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        code: "INSTALMENT_PAID",
        message: "This instalment has already been paid.",
      });
    }
    const charges = (
      await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))
    ).filter(
      (row) => (row.details as { sequence?: number } | null)?.sequence === 2 && row.status !== "failed",
    );
    expect(charges.filter((row) => row.status === "succeeded")).toHaveLength(1);
    // Each charge past the first is refunded (on PGlite the requests take turns, and the later ones
    // are refused before charging; on PostgreSQL they charge at the same moment).
    const extra = charges.filter((row) => row.status !== "succeeded");
    for (const row of extra) {
      expect(row.status).toBe("refunded");
      expect(row.details).toMatchObject({
        refundedCents: second!.amountCents,
        reason: DUPLICATE_INSTALMENT_REASON,
      });
    }
    const duplicates = await t.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.kind, "duplicate")));
    expect(duplicates).toHaveLength(extra.length);
  });
});
