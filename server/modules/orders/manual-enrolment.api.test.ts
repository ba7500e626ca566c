import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertCompany, insertCourse, insertCustomer } from "../../seed/factories";
import { enrolments, invoices, orders, payments } from "./orders.tables";

const ctx = adminTestContext({ dataDir: true });
let viewer: TestStaff;
let freeCourse: string;
let paidCourse: string;
let otherCourse: string;
let customer: string;

beforeAll(async () => {
  const { db } = ctx.t.database;
  const other = await insertCompany(db, { slug: `enrol-other-${Date.now()}`, name: "Enrol Other" });
  viewer = await createStaff(ctx.t, ctx.companyId, "Delivery Person");
  const course = (priceCents: number, companyId = ctx.companyId) =>
    insertCourse(db, companyId, testCourse({ priceCents, totalSeats: 50 }), { categoryId: null });
  freeCourse = await course(5_000);
  paidCourse = await course(8_000);
  otherCourse = await course(1_000, other.id);
  customer = await insertCustomer(db, ctx.companyId, { name: "Eva Enrol", email: "eva.enrol@example.org" });
});

const call = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: unknown) =>
  ctx.call(method, url, token, payload);

const url = (customerId = customer) => `/api/admin/customers/${customerId}/enrolments`;
const enrolmentsOf = (courseId: string) =>
  ctx.t.database.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.customerId, customer), eq(enrolments.courseId, courseId)));

describe("POST /api/admin/customers/{id}/enrolments", () => {
  it("refuses bad input and other schools' courses, with a clear message, changing nothing", async () => {
    for (const bad of [
      {},
      { courseId: "nope" },
      { courseId: freeCourse, extra: 1 },
      { courseId: freeCourse, payment: { method: "card", reference: "x" } },
      { courseId: freeCourse, payment: { method: "cash", reference: " " } },
    ]) {
      const refused = await call("POST", url(), ctx.admin.token, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    const foreign = await call("POST", url(), ctx.admin.token, { courseId: otherCourse });
    expect(foreign).toMatchObject({ status: 404, body: { code: "COURSE_NOT_FOUND" } });
    const nobody = await call("POST", url("0190f4c1-0000-7000-8000-000000000000"), ctx.admin.token, {
      courseId: freeCourse,
    });
    expect(nobody).toMatchObject({ status: 404, body: { code: "CUSTOMER_NOT_FOUND" } });
    const notAllowed = await call("POST", url(), viewer.token, { courseId: freeCourse });
    expect(notAllowed.status).toBe(403);
    expect(await enrolmentsOf(freeCourse)).toHaveLength(0);
  });

  it("enrols for free, lists it, refuses a second enrolment, and removes it again", async () => {
    const done = await call("POST", url(), ctx.admin.token, { courseId: freeCourse });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      orderId: null,
      message: expect.stringContaining("Eva Enrol now has access"),
    });
    const [row] = await enrolmentsOf(freeCourse);
    expect(row).toMatchObject({ orderId: null, companyId: ctx.companyId });
    const listed = await call("GET", url(), viewer.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ courseId: freeCourse, order: null })]);

    const again = await call("POST", url(), ctx.admin.token, { courseId: freeCourse });
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_ENROLLED" } });

    expect((await call("DELETE", `${url()}/${freeCourse}`, viewer.token)).status).toBe(403);
    const removed = await call("DELETE", `${url()}/${freeCourse}`, ctx.admin.token);
    expect(removed).toMatchObject({
      status: 200,
      body: { message: expect.stringContaining("no longer has access") },
    });
    expect(await enrolmentsOf(freeCourse)).toHaveLength(0);
    const gone = await call("DELETE", `${url()}/${freeCourse}`, ctx.admin.token);
    expect(gone).toMatchObject({ status: 404, body: { code: "ENROLMENT_NOT_FOUND" } });
  });

  it("enrols with a recorded payment: a paid, delivered order with an invoice, as mark as paid makes", async () => {
    const done = await call("POST", url(), ctx.admin.token, {
      courseId: paidCourse,
      payment: { method: "bank_transfer", reference: "NL-2026-118" },
    });
    expect(done.status).toBe(201);
    const orderId = done.body.orderId as string;
    const [order] = await ctx.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: "delivered",
      customerId: customer,
      totalCents: 8_000,
      paymentMethod: "bank_transfer",
      channel: "pos",
      termsAcceptedAt: null,
    });
    const paid = await ctx.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amountCents: 8_000,
        details: expect.objectContaining({ method: "bank_transfer", reference: "NL-2026-118" }),
      }),
    ]);
    expect(await ctx.t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(
      1,
    );
    expect(await enrolmentsOf(paidCourse)).toEqual([expect.objectContaining({ orderId })]);
    await ctx.t.app.services.jobQueue.drain();
    const [mail] = await outboxMailsTo(ctx.dataDir!, "eva.enrol@example.org");
    expect(mail!.text).toMatch(/filename="?invoice-[^"\s]+\.pdf/);

    const listed = await call("GET", url(), ctx.admin.token);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ courseId: paidCourse, order: { id: orderId, number: order!.number } }),
      ]),
    );
    // The course's page lists its learners, with the order that gave access.
    expect(await ctx.t.app.services.manualEnrolment.learners(ctx.companyId, paidCourse)).toEqual([
      expect.objectContaining({ name: "Eva Enrol", order: { id: orderId, number: order!.number } }),
    ]);
    // Bought access ends through its order (refund), never by deleting the enrolment.
    const removal = await call("DELETE", `${url()}/${paidCourse}`, ctx.admin.token);
    expect(removal).toMatchObject({ status: 422, body: { code: "ENROLMENT_BOUGHT" } });
    expect(await enrolmentsOf(paidCourse)).toHaveLength(1);
    const twice = await call("POST", url(), ctx.admin.token, {
      courseId: paidCourse,
      payment: { method: "cash", reference: "desk" },
    });
    expect(twice).toMatchObject({ status: 409, body: { code: "ALREADY_ENROLLED" } });
  });

  it("leaves the audit log an entry for each change", async () => {
    const log = await call("GET", "/api/admin/audit-log?entity=enrolment", ctx.admin.token);
    expect(log.status).toBe(200);
    const summaries = (log.body.items as { summary: string }[]).map((item) => item.summary);
    expect(summaries.some((summary) => summary.includes("without payment"))).toBe(true);
    expect(summaries.some((summary) => summary.includes("removed from"))).toBe(true);
  });
});
