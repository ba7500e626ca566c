import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertCompany } from "../../seed/factories";
import type { AuditList } from "../audit/audit.schemas";
import type { Coupon, CouponList } from "./coupons.schemas";

let t: CheckoutTestApp;
let admin: TestStaff;
let driver: TestStaff;
let accountant: TestStaff;

type Method = "GET" | "POST" | "PUT" | "DELETE";

async function call(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
let counter = 0;

function couponBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    campaignName: { en: `Spring sale ${counter}`, nl: `Voorjaarsactie ${counter}` },
    code: `spring${counter}x`,
    startsAt: iso(-1),
    endsAt: iso(30),
    discountType: "percentage",
    discountValue: 20,
    minimumAmountCents: 0,
    published: true,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  driver = await createStaff(t, t.companyId, "Driver");
  accountant = await createStaff(t, t.companyId, "Accountant");
});

afterAll(async () => {
  await t.close();
});

describe("POST /api/admin/coupons", () => {
  it("creates a coupon with an upper-case code, audited, that checkout then applies", async () => {
    const { status, body } = await call("POST", "/api/admin/coupons", {
      token: admin.token,
      body: couponBody({ code: " summer25 ", discountValue: 25 }),
    });
    expect(status).toBe(201);
    const coupon = body as Coupon;
    expect(coupon).toMatchObject({
      code: "SUMMER25",
      discountType: "percentage",
      discountValue: 25,
      status: "active",
    });

    const course = await t.addCourse({ priceCents: 10_000 });
    const quote = await call("POST", "/api/checkout/quote", {
      body: { courseIds: [course], couponCode: "Summer25" },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.coupon).toEqual({ code: "SUMMER25", discountType: "percentage", value: 25 });

    const audit = (await call("GET", "/api/admin/audit-log?entity=coupon", { token: admin.token }))
      .body as AuditList;
    expect(audit.items.some((item) => item.entityId === coupon.id && item.action === "create")).toBe(true);
  });

  it("makes fixed coupons with a minimum that checkout enforces", async () => {
    const created = await call("POST", "/api/admin/coupons", {
      token: admin.token,
      body: couponBody({
        code: "FIXED500",
        discountType: "fixed",
        discountValue: 500,
        minimumAmountCents: 8000,
      }),
    });
    expect(created.status).toBe(201);
    const cheap = await t.addCourse({ priceCents: 2000 });
    const below = await call("POST", "/api/checkout/quote", {
      body: { courseIds: [cheap], couponCode: "fixed500" },
    });
    expect(below.status).toBe(422);
    expect(below.body.code).toBe("COUPON_BELOW_MINIMUM");
  });

  it("refuses a duplicate code in any case with 409", async () => {
    await call("POST", "/api/admin/coupons", { token: admin.token, body: couponBody({ code: "ONCEONLY" }) });
    const again = await call("POST", "/api/admin/coupons", {
      token: admin.token,
      body: couponBody({ code: "onceOnly" }),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "COUPON_CODE_TAKEN",
      message: "A coupon with this code already exists.",
    });
  });

  it("answers 400 with details for bad input, and writes nothing", async () => {
    const before = (await call("GET", "/api/admin/coupons", { token: admin.token })).body as CouponList;
    const cases = [
      couponBody({ endsAt: iso(-2) }),
      couponBody({ discountValue: 101 }),
      couponBody({ discountValue: 0, discountType: "fixed" }),
      couponBody({ code: "a b" }),
      couponBody({ campaignName: { en: " " } }),
      { ...couponBody(), extra: true },
    ];
    for (const body of cases) {
      const { status, body: answer } = await call("POST", "/api/admin/coupons", { token: admin.token, body });
      expect(status).toBe(400);
      expect(answer.code).toBe("VALIDATION_ERROR");
    }
    const after = (await call("GET", "/api/admin/coupons", { token: admin.token })).body as CouponList;
    expect(after.total).toBe(before.total);
  });

  it("needs a staff session (401) with write access to coupons (403)", async () => {
    expect((await call("POST", "/api/admin/coupons", { body: couponBody() })).status).toBe(401);
    expect(
      (await call("POST", "/api/admin/coupons", { token: driver.token, body: couponBody() })).status,
    ).toBe(403);
    const customer = await t.addCustomer();
    expect(
      (await call("POST", "/api/admin/coupons", { token: customer.token, body: couponBody() })).status,
    ).toBe(401);
  });
});

describe("GET /api/admin/coupons", () => {
  it("lists, searches, filters by status and sorts", async () => {
    await call("POST", "/api/admin/coupons", {
      token: admin.token,
      body: couponBody({ code: "LATERON", startsAt: iso(5), endsAt: iso(10) }),
    });
    await call("POST", "/api/admin/coupons", {
      token: admin.token,
      body: couponBody({ code: "GONEBY", startsAt: iso(-10), endsAt: iso(-5), published: false }),
    });
    const search = (await call("GET", "/api/admin/coupons?searchText=lateron", { token: admin.token }))
      .body as CouponList;
    expect(search.items.map((item) => item.code)).toEqual(["LATERON"]);
    expect(search.items[0]!.status).toBe("scheduled");

    const expired = (await call("GET", "/api/admin/coupons?status=expired", { token: admin.token }))
      .body as CouponList;
    expect(expired.items.every((item) => item.status === "expired")).toBe(true);
    expect(expired.items.some((item) => item.code === "GONEBY")).toBe(true);

    const unpublished = (await call("GET", "/api/admin/coupons?published=false", { token: admin.token }))
      .body as CouponList;
    expect(unpublished.items.every((item) => !item.published)).toBe(true);

    const sorted = (
      await call("GET", "/api/admin/coupons?sort=code&order=asc&limit=100", { token: admin.token })
    ).body as CouponList;
    const codes = sorted.items.map((item) => item.code);
    expect(codes).toEqual([...codes].sort());
  });

  it("reads with read access, refuses roles without it and bad queries", async () => {
    expect((await call("GET", "/api/admin/coupons", { token: accountant.token })).status).toBe(403);
    expect((await call("GET", "/api/admin/coupons", { token: driver.token })).status).toBe(403);
    expect((await call("GET", "/api/admin/coupons")).status).toBe(401);
    expect((await call("GET", "/api/admin/coupons?status=soon", { token: admin.token })).status).toBe(400);
    expect((await call("GET", "/api/admin/coupons?sort=nope", { token: admin.token })).status).toBe(400);
  });

  it("shows only the company's own coupons", async () => {
    const other = await insertCompany(t.database.db, {
      slug: `coupons-other-${Date.now()}`,
      name: "Other School",
    });
    const otherAdmin = await createStaff(t, other.id, "Admin");
    const headers = { company: other.slug };
    const list = await call("GET", "/api/admin/coupons", { token: otherAdmin.token, headers });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    // The same code may exist in another company.
    const created = await call("POST", "/api/admin/coupons", {
      token: otherAdmin.token,
      headers,
      body: couponBody({ code: "ONCEONLY" }),
    });
    expect(created.status).toBe(201);
    const ours = (await call("GET", "/api/admin/coupons?searchText=ONCEONLY", { token: admin.token }))
      .body as CouponList;
    expect(ours.total).toBe(1);
    const theirId = (created.body as Coupon).id;
    expect((await call("GET", `/api/admin/coupons/${theirId}`, { token: admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/admin/coupons/${theirId}`, { token: admin.token })).status).toBe(404);
    expect(
      (await call("PUT", `/api/admin/coupons/${theirId}`, { token: admin.token, body: couponBody() })).status,
    ).toBe(404);
  });
});

describe("GET, PUT, DELETE /api/admin/coupons/{id}", () => {
  it("reads, replaces and deletes one coupon", async () => {
    const created = (await call("POST", "/api/admin/coupons", { token: admin.token, body: couponBody() }))
      .body as Coupon;
    const one = await call("GET", `/api/admin/coupons/${created.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created);

    const replaced = await call("PUT", `/api/admin/coupons/${created.id}`, {
      token: admin.token,
      body: couponBody({ code: "renamed1", discountType: "fixed", discountValue: 1250 }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ code: "RENAMED1", discountType: "fixed", discountValue: 1250 });

    // Keeping its own code is not a duplicate; taking another's is.
    expect(
      (
        await call("PUT", `/api/admin/coupons/${created.id}`, {
          token: admin.token,
          body: couponBody({ code: "Renamed1" }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("PUT", `/api/admin/coupons/${created.id}`, {
          token: admin.token,
          body: couponBody({ code: "oncEonly" }),
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("PUT", `/api/admin/coupons/${created.id}`, { token: driver.token, body: couponBody() }))
        .status,
    ).toBe(403);

    expect((await call("DELETE", `/api/admin/coupons/${created.id}`, { token: driver.token })).status).toBe(
      403,
    );
    const deleted = await call("DELETE", `/api/admin/coupons/${created.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await call("GET", `/api/admin/coupons/${created.id}`, { token: admin.token })).status).toBe(404);
    expect((await call("GET", "/api/admin/coupons/not-a-uuid", { token: admin.token })).status).toBe(400);
  });

  it("deletes several at once", async () => {
    const ids = [];
    for (let index = 0; index < 2; index += 1) {
      ids.push(
        (
          (await call("POST", "/api/admin/coupons", { token: admin.token, body: couponBody() }))
            .body as Coupon
        ).id,
      );
    }
    const { status, body } = await call("POST", "/api/admin/coupons/delete", {
      token: admin.token,
      body: { ids },
    });
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(
      (await call("POST", "/api/admin/coupons/delete", { token: admin.token, body: { ids: [] } })).status,
    ).toBe(400);
  });
});
