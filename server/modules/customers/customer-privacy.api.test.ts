import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { insertCustomer } from "../../seed/factories";
import { hashPassword } from "../auth/passwords";
import { courses, lessons } from "../catalog/catalog.tables";
import { courseReviews, lessonProgress } from "../learning/learning.tables";
import { enrolments, invoices, orders } from "../orders/orders.tables";
import { customers } from "./customers.tables";

let t: CheckoutTestApp;
const PASSWORD = "a-long-learner-password";
const card = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvc: "123",
};

beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

/** A learner with a password who bought `courseId`, watched its first lesson and reviewed it. */
async function learnerWithHistory(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const id = await insertCustomer(t.database.db, t.companyId, {
    name,
    email,
    passwordHash: await hashPassword(PASSWORD),
    phone: "+31 6 1234 5678",
  });
  const { token } = await t.app.services.sessions.start({
    companyId: t.companyId,
    realm: "customer",
    subjectId: id,
  });
  const auth = { authorization: `Bearer ${token}` };
  const courseId = await t.addCourse({ priceCents: 2500 });
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: auth,
    payload: { ...CHECKOUT_CONSENTS, courseIds: [courseId] },
  });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().id as string;
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${orderId}/pay`,
    headers: auth,
    payload: { card },
  });
  expect(paid.statusCode).toBe(200);
  const [lesson] = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  const progress = await t.app.inject({
    method: "PUT",
    url: `/api/lessons/${lesson!.id}/progress`,
    headers: auth,
    payload: { positionSeconds: 42 },
  });
  expect(progress.statusCode).toBe(200);
  const review = await t.app.inject({
    method: "POST",
    url: `/api/courses/${courseId}/reviews`,
    headers: auth,
    payload: { rating: 4, body: "Calm and clear." },
  });
  expect(review.statusCode).toBe(201);
  return { id, email, token, auth, courseId, orderId };
}

describe("GET /api/customer/data-export", () => {
  it("downloads the account, orders, progress and reviews as JSON, for the signed-in learner only", async () => {
    const learner = await learnerWithHistory("Elsa Export");
    const response = await t.app.inject({
      method: "GET",
      url: "/api/customer/data-export",
      headers: learner.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="my-data.json"');
    const body = response.json();
    expect(body.account).toMatchObject({
      name: "Elsa Export",
      email: learner.email,
      phone: "+31 6 1234 5678",
    });
    expect(body.account).not.toHaveProperty("passwordHash");
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({ id: learner.orderId, status: "delivered", totalCents: 2500 });
    expect(body.orders[0].consent.version).toEqual(expect.any(String));
    expect(body.enrolments).toHaveLength(1);
    expect(body.progress).toEqual([expect.objectContaining({ lesson: "Lesson", positionSeconds: 42 })]);
    expect(body.reviews).toEqual([expect.objectContaining({ rating: 4, text: "Calm and clear." })]);

    const dutch = await t.app.inject({
      method: "GET",
      url: "/api/customer/data-export?lng=nl",
      headers: learner.auth,
    });
    expect(dutch.json().progress[0].lesson).toBe("Les");
    expect((await t.app.inject({ method: "GET", url: "/api/customer/data-export" })).statusCode).toBe(401);
  });
});

describe("POST /api/customer/delete-account", () => {
  it("asks for the password, then deletes the account, keeps the orders anonymised and ends every session", async () => {
    const learner = await learnerWithHistory("Dirk Delete");
    const other = await t.app.services.sessions.start({
      companyId: t.companyId,
      realm: "customer",
      subjectId: learner.id,
    });
    const [before] = await t.database.db
      .select({ total: courses.ratingTotal, count: courses.ratingCount })
      .from(courses)
      .where(eq(courses.id, learner.courseId));

    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/customer/delete-account?lng=nl",
      headers: learner.auth,
      payload: { password: "not-my-password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Je wachtwoord klopt niet.");
    const [still] = await t.database.db.select().from(customers).where(eq(customers.id, learner.id));
    expect(still!.email).toBe(learner.email);

    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/customer/delete-account",
      headers: learner.auth,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe("Your account has been deleted.");
    expect(String(deleted.headers["set-cookie"])).toMatch(/session=;/);

    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, learner.id));
    expect(row).toMatchObject({ name: "Deleted customer", passwordHash: null, phone: null, address: null });
    expect(row!.email).not.toContain("example.com");
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, learner.orderId));
    expect(order).toMatchObject({ customerName: "Deleted customer", totalCents: 2500, status: "delivered" });
    expect(order!.customerEmail).not.toBe(learner.email);
    expect(
      await t.database.db.select().from(invoices).where(eq(invoices.orderId, learner.orderId)),
    ).toHaveLength(1);
    for (const table of [lessonProgress, courseReviews, enrolments] as const) {
      expect(await t.database.db.select().from(table).where(eq(table.customerId, learner.id))).toEqual([]);
    }
    const [after] = await t.database.db
      .select({ total: courses.ratingTotal, count: courses.ratingCount })
      .from(courses)
      .where(eq(courses.id, learner.courseId));
    expect(after).toEqual({ total: before!.total - 4, count: before!.count - 1 });

    for (const token of [learner.token, other.token]) {
      const me = await t.app.inject({
        method: "GET",
        url: "/api/customer/data-export",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email: learner.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("is refused while a payment plan still has instalments to pay", async () => {
    const email = `plan.${Date.now()}@example.com`;
    const id = await insertCustomer(t.database.db, t.companyId, {
      name: "Paula Plan",
      email,
      passwordHash: await hashPassword(PASSWORD),
    });
    const { token } = await t.app.services.sessions.start({
      companyId: t.companyId,
      realm: "customer",
      subjectId: id,
    });
    const auth = { authorization: `Bearer ${token}` };
    const course = await t.addCourse({ priceCents: 9000 }, { instalmentCount: 3 });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: auth,
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course], instalments: 3, acceptPaymentPlan: true },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id;
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/checkout/${orderId}/pay`,
          headers: auth,
          payload: { card },
        })
      ).statusCode,
    ).toBe(200);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/customer/delete-account",
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("OPEN_PAYMENT_PLAN");
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.email).toBe(email);
  });
});
