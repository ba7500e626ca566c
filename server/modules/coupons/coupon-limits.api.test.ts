import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertCategory } from "../../seed/factories";
import type { AuditList } from "../audit/audit.schemas";
import { courses } from "../catalog/catalog.tables";
import type { Coupon, CouponList } from "./coupons.schemas";

let t: CheckoutTestApp;
let admin: TestStaff;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
});

afterAll(async () => {
  await t.close();
});

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };
let counter = 0;

async function call(method: "GET" | "POST" | "PUT", url: string, body?: object, token?: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function createCoupon(overrides: Record<string, unknown>): Promise<Coupon> {
  counter += 1;
  const created = await call(
    "POST",
    "/api/admin/coupons",
    {
      campaignName: { en: `Limited ${counter}` },
      code: `LIMIT${counter}X`,
      startsAt: iso(-1),
      endsAt: iso(30),
      discountType: "percentage",
      discountValue: 20,
      ...overrides,
    },
    admin.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Coupon;
}

const checkout = (token: string, body: object) =>
  call("POST", "/api/checkout", { ...CHECKOUT_CONSENTS, ...body }, token);

async function listed(code: string): Promise<Coupon> {
  const list = (await call("GET", `/api/admin/coupons?searchText=${code}`, undefined, admin.token))
    .body as CouponList;
  return list.items.find((item) => item.code === code)!;
}

describe("coupon usage limits", () => {
  it("gives the last use to exactly one of two buyers checking out at the same moment", async () => {
    const coupon = await createCoupon({ usageLimit: 1 });
    expect(coupon).toMatchObject({ usageLimit: 1, usedCount: 0 });
    const course = await t.addCourse({ priceCents: 10_000 });
    const [first, second] = await Promise.all([t.addCustomer("Ann"), t.addCustomer("Bob")]);
    const answers = await Promise.all(
      [first!, second!].map((buyer) =>
        checkout(buyer.token, { courseIds: [course], couponCode: coupon.code }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(refused.body).toMatchObject({ code: "COUPON_USED_UP", message: "This coupon has been used up." });
    const placed = answers.find((answer) => answer.status === 201)!;
    expect(placed.body.discountCents).toBe(2000);

    expect((await listed(coupon.code)).usedCount).toBe(1);
    const third = await t.addCustomer("Cleo");
    const quote = await call(
      "POST",
      "/api/checkout/quote",
      { courseIds: [course], couponCode: coupon.code },
      third.token,
    );
    expect(quote.status).toBe(422);
    expect(quote.body.code).toBe("COUPON_USED_UP");
  });

  it("sells exactly its limit when eight buyers check out with it at once", async () => {
    const coupon = await createCoupon({ usageLimit: 3 });
    const course = await t.addCourse({ priceCents: 8000 });
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.addCustomer(`Rush ${i}`)));
    const answers = await Promise.all(
      buyers.map((buyer) => checkout(buyer.token, { courseIds: [course], couponCode: coupon.code })),
    );
    expect(
      answers.filter((answer) => answer.status === 201),
      JSON.stringify(answers.map((a) => [a.status, a.body.code, a.body.message])),
    ).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.body.code).toBe("COUPON_USED_UP");
    expect((await listed(coupon.code)).usedCount).toBe(3);
  });

  it("lets a cancelled order give its use back", async () => {
    const coupon = await createCoupon({ usageLimit: 1 });
    const course = await t.addCourse({ priceCents: 5000 });
    const buyer = await t.addCustomer("Dana");
    const placed = await checkout(buyer.token, { courseIds: [course], couponCode: coupon.code });
    expect(placed.status).toBe(201);
    // Checking out again cancels the buyer's open order first: its use comes back for the new one.
    const again = await checkout(buyer.token, { courseIds: [course], couponCode: coupon.code });
    expect(again.status).toBe(201);
    expect((await listed(coupon.code)).usedCount).toBe(1);
  });

  it("holds each customer to the per-customer limit, with the reason in the answer", async () => {
    const coupon = await createCoupon({ usageLimitPerCustomer: 1 });
    const [one, two] = [await t.addCourse({ priceCents: 4000 }), await t.addCourse({ priceCents: 6000 })];
    const buyer = await t.addCustomer("Eve");
    const placed = await checkout(buyer.token, { courseIds: [one], couponCode: coupon.code });
    expect(placed.status).toBe(201);
    const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, { card: goodCard }, buyer.token);
    expect(paid.status).toBe(200);

    const quote = await call(
      "POST",
      "/api/checkout/quote",
      { courseIds: [two], couponCode: coupon.code },
      buyer.token,
    );
    expect(quote.status).toBe(422);
    expect(quote.body).toMatchObject({
      code: "COUPON_CUSTOMER_LIMIT",
      message: "You have already used this coupon as many times as it allows.",
    });
    const refused = await checkout(buyer.token, { courseIds: [two], couponCode: coupon.code });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("COUPON_CUSTOMER_LIMIT");

    const other = await t.addCustomer("Finn");
    expect((await checkout(other.token, { courseIds: [two], couponCode: coupon.code })).status).toBe(201);
    expect((await listed(coupon.code)).usedCount).toBe(2);
  });

  it("refuses limits below 1 and restrictions to records that do not exist, changing nothing", async () => {
    const attempt = (code: string, extra: object) =>
      call(
        "POST",
        "/api/admin/coupons",
        {
          campaignName: { en: code },
          code,
          startsAt: iso(-1),
          endsAt: iso(3),
          discountType: "percentage",
          discountValue: 5,
          ...extra,
        },
        admin.token,
      );
    const zero = await attempt("ZEROUSES", { usageLimit: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain("The usage limit must be a whole number of at least 1");
    const unknown = await attempt("GHOSTCOURSE", { courseIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: "COUPON_RESTRICTION_UNKNOWN",
      message: "Some of the chosen courses do not exist.",
    });
    expect(await listed("GHOSTCOURSE")).toBeUndefined();
    expect(await listed("ZEROUSES")).toBeUndefined();
  });
});

describe("coupon restrictions", () => {
  it("discounts only the courses it is restricted to", async () => {
    const [covered, other] = [
      await t.addCourse({ priceCents: 10_000 }),
      await t.addCourse({ priceCents: 5000 }),
    ];
    const coupon = await createCoupon({ courseIds: [covered], discountValue: 20 });
    const quote = await call("POST", "/api/checkout/quote", {
      courseIds: [covered, other],
      couponCode: coupon.code,
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ subtotalCents: 15_000, discountCents: 2000, totalCents: 13_000 });

    const none = await call("POST", "/api/checkout/quote", { courseIds: [other], couponCode: coupon.code });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      code: "COUPON_NOT_APPLICABLE",
      message: "This coupon does not apply to the courses or products in your cart.",
    });
    const buyer = await t.addCustomer("Gus");
    const refused = await checkout(buyer.token, { courseIds: [other], couponCode: coupon.code });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("COUPON_NOT_APPLICABLE");
  });

  it("covers the courses of a category and of its subcategories; a fixed discount stops at their price", async () => {
    const db = t.database.db;
    const parent = await insertCategory(db, t.companyId, {
      slug: "coupon-languages",
      name: { en: "Languages", nl: "Talen" },
      description: { en: "", nl: "" },
      icon: "languages",
    });
    const child = await insertCategory(
      db,
      t.companyId,
      {
        slug: "coupon-latin",
        name: { en: "Latin", nl: "Latijn" },
        description: { en: "", nl: "" },
        icon: "book",
      },
      { parentId: parent },
    );
    const latin = await t.addCourse({ priceCents: 3000 });
    await db.update(courses).set({ categoryId: child }).where(eq(courses.id, latin));
    const maths = await t.addCourse({ priceCents: 9000 });
    t.app.services.catalog.invalidate(t.companyId);
    const coupon = await createCoupon({ categoryIds: [parent], discountType: "fixed", discountValue: 5000 });
    expect(coupon.categoryIds).toEqual([parent]);

    const quote = await call("POST", "/api/checkout/quote", {
      courseIds: [latin, maths],
      couponCode: coupon.code,
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ subtotalCents: 12_000, discountCents: 3000, totalCents: 9000 });
    const buyer = await t.addCustomer("Hana");
    const placed = await checkout(buyer.token, { courseIds: [latin, maths], couponCode: coupon.code });
    expect(placed.status).toBe(201);
    expect(placed.body.discountCents).toBe(3000);
  });
});

describe("the audit log of a coupon update", () => {
  it("records each changed field before and after", async () => {
    const coupon = await createCoupon({ discountValue: 10 });
    const { id, status: _status, usedCount: _used, createdAt: _c, updatedAt: _u, ...body } = coupon;
    const updated = await call(
      "PUT",
      `/api/admin/coupons/${id}`,
      { ...body, discountValue: 15, usageLimit: 50 },
      admin.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const audit = (
      await call("GET", "/api/admin/audit-log?entity=coupon&action=update", undefined, admin.token)
    ).body as AuditList;
    const entry = audit.items.find((item) => item.entityId === id);
    expect(entry?.changes).toEqual({
      discountValue: { from: 10, to: 15 },
      usageLimit: { from: null, to: 50 },
    });
  });
});
