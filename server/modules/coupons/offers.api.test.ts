import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as offersLoader } from "~/routes/storefront/offers";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";

let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 9_900 });
});
afterAll(() => t.close());

const day = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);

async function addCoupon(code: string, changes: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/coupons",
    headers: bearer(admin.token),
    payload: {
      campaignName: { en: `Campaign ${code}`, nl: `Actie ${code}` },
      code,
      bannerImage: null,
      startsAt: isoDay(-2),
      endsAt: isoDay(10),
      discountType: "percentage",
      discountValue: 15,
      minimumAmountCents: 0,
      published: true,
      usageLimit: null,
      usageLimitPerCustomer: null,
      courseIds: [],
      categoryIds: [],
      productIds: [],
      ...changes,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function offers(language: "en" | "nl") {
  const data = await offersLoader({
    request: new Request("http://localhost/offers"),
    context: await pageContext(t, { language }),
    params: {},
  } as never);
  return data.offers.filter((offer) => offer.code.startsWith("OFR"));
}

describe("/offers", () => {
  it("lists the published coupons running today that are not used up, with their text", async () => {
    await addCoupon("OFR-ACTIVE", { minimumAmountCents: 5_000 });
    await addCoupon("OFR-FIXED", { discountType: "fixed", discountValue: 1_000, courseIds: [course] });
    await addCoupon("OFR-HIDDEN", { published: false });
    await addCoupon("OFR-LATER", { startsAt: isoDay(3), endsAt: isoDay(20) });
    await addCoupon("OFR-OVER", { startsAt: isoDay(-20), endsAt: isoDay(-1) });
    await addCoupon("OFR-ONCE", { usageLimit: 1, endsAt: isoDay(30) });
    expect((await offers("en")).map((offer) => offer.code).sort()).toEqual([
      "OFR-ACTIVE",
      "OFR-FIXED",
      "OFR-ONCE",
    ]);

    // An order that uses OFR-ONCE uses it up: it leaves the page.
    const buyer = await t.addCustomer("Otto Offer");
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: bearer(buyer.token),
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course], couponCode: "OFR-ONCE" },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const shown = await offers("en");
    expect(shown.map((offer) => offer.code)).toEqual(["OFR-ACTIVE", "OFR-FIXED"]);
    expect(shown[0]).toMatchObject({
      campaignName: "Campaign OFR-ACTIVE",
      discountType: "percentage",
      discountValue: 15,
      minimumAmountCents: 5_000,
      restricted: false,
      bannerImage: null,
    });
    expect(shown[1]).toMatchObject({ discountType: "fixed", discountValue: 1_000, restricted: true });
    expect((await offers("nl"))[0]!.campaignName).toBe("Actie OFR-ACTIVE");

    // Unpublishing a coupon takes it off the page at once.
    const list = await t.app.inject({
      url: "/api/admin/coupons?searchText=OFR-FIXED",
      headers: bearer(admin.token),
    });
    const id = list.json().items[0].id as string;
    const current = list.json().items[0];
    const { id: _id, usedCount: _u, status: _s, createdAt: _c, updatedAt: _up, ...body } = current;
    const unpublished = await t.app.inject({
      method: "PUT",
      url: `/api/admin/coupons/${id}`,
      headers: bearer(admin.token),
      payload: { ...body, published: false },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect((await offers("en")).map((offer) => offer.code)).toEqual(["OFR-ACTIVE"]);
  });
});
