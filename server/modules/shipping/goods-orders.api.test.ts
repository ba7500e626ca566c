import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SHIPPED_MESSAGE } from "~shared/order-status";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { orders } from "../orders/orders.tables";
import { products } from "../products/products.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let globe: string;
let course: string;
let carrierId: string;
let zoneId: string;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };
const TERMS_ONLY = { acceptTerms: true } as const;

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const countryId = async (isoCode: string) => {
  const list = await call("GET", `/api/admin/countries?searchText=${isoCode}&limit=50`, admin.token);
  return list.body.items.find((country: Json) => country.isoCode === isoCode).id as string;
};

const shipTo = (country: string) => ({
  line1: "Kerkstraat 1",
  postalCode: "1000",
  city: "Brussel",
  country,
  phone: "+32 2 123 45 67",
  carrierId,
});

const stockOf = async (productId: string) =>
  (
    await t.database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, productId))
  )[0]!.quantity;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 5000 });
  const created = await call("POST", "/api/admin/products", admin.token, {
    type: "physical",
    title: { en: "Desk globe" },
    priceCents: 4000,
    quantity: 5,
  });
  expect(created.status).toBe(201);
  globe = created.body.id;
  const zone = await call("POST", "/api/admin/shipping-zones", admin.token, {
    name: "Low countries",
    members: [{ countryId: await countryId("BE") }],
  });
  expect(zone.status).toBe(201);
  zoneId = zone.body.id;
  const carrier = await call("POST", "/api/admin/shipping-carriers", admin.token, {
    name: "Globe Post",
    trackingUrlTemplate: "https://track.example.com/{tracking}",
    zones: [{ zoneId, ranges: [{ min: 0, max: null, costCents: 500 }] }],
  });
  expect(carrier.status).toBe(201);
  carrierId = carrier.body.id;
});

afterAll(async () => {
  await t.close();
});

describe("PUT and DELETE /api/admin/shipping-zones/:zoneId, DELETE /api/admin/shipping-carriers/:carrierId", () => {
  it("renames a zone and replaces its countries: its carriers follow; deleting takes them out of checkout", async () => {
    const zone = await call("POST", "/api/admin/shipping-zones", admin.token, {
      name: "Alps",
      members: [{ countryId: await countryId("AT") }],
    });
    const carrier = await call("POST", "/api/admin/shipping-carriers", admin.token, {
      name: "Alp Express",
      zones: [{ zoneId: zone.body.id, ranges: [{ min: 0, max: null, costCents: 900 }] }],
    });
    const offered = async (country: string) =>
      (
        await call("POST", "/api/checkout/quote", undefined, {
          items: [{ productId: globe }],
          shipping: { ...shipTo(country), carrierId: undefined },
        })
      ).body.shipping.options.map((option: Json) => option.name);
    expect(await offered("CH")).not.toContain("Alp Express");

    const taken = await call("PUT", `/api/admin/shipping-zones/${zone.body.id}`, admin.token, {
      name: "Low countries",
      members: [{ countryId: await countryId("CH") }],
    });
    expect(taken.status).toBe(409);
    const renamed = await call("PUT", `/api/admin/shipping-zones/${zone.body.id}`, admin.token, {
      name: "Alps and Switzerland",
      members: [{ countryId: await countryId("AT") }, { countryId: await countryId("CH") }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Alps and Switzerland");
    expect(renamed.body.members.map((member: Json) => member.countryCode).sort()).toEqual(["AT", "CH"]);
    expect(await offered("CH")).toContain("Alp Express");

    expect((await call("DELETE", `/api/admin/shipping-zones/${zone.body.id}`, admin.token)).status).toBe(200);
    expect(await offered("CH")).not.toContain("Alp Express");
    const left = (await call("GET", "/api/admin/shipping-carriers", admin.token)).body.items.find(
      (item: Json) => item.id === carrier.body.id,
    );
    expect(left.zones).toEqual([]);

    expect(
      (await call("DELETE", `/api/admin/shipping-carriers/${carrier.body.id}`, admin.token)).body,
    ).toEqual({
      deleted: 1,
    });
    const again = await call("DELETE", `/api/admin/shipping-carriers/${carrier.body.id}`, admin.token);
    expect(again.status).toBe(404);
    expect((await call("DELETE", `/api/admin/shipping-zones/${zone.body.id}`, admin.token)).status).toBe(404);
  });
});

describe("the withdrawal consent follows the cart's digital content", () => {
  it("places a goods-only order without the immediate-access consent; a course still needs it", async () => {
    const goodsQuote = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: globe }],
    });
    expect(goodsQuote.body.digitalContent).toBe(false);
    const mixedQuote = await call("POST", "/api/checkout/quote", undefined, {
      courseIds: [course],
      items: [{ productId: globe }],
    });
    expect(mixedQuote.body.digitalContent).toBe(true);

    const buyer = await t.addCustomer("Goods only");
    const goods = await call("POST", "/api/checkout", buyer.token, {
      ...TERMS_ONLY,
      items: [{ productId: globe }],
      shipping: shipTo("BE"),
    });
    expect(goods.status).toBe(201);
    const [row] = await t.database.db
      .select({ waived: orders.withdrawalWaivedAt, terms: orders.termsAcceptedAt })
      .from(orders)
      .where(eq(orders.id, goods.body.id));
    expect(row!.terms).not.toBeNull();
    expect(row!.waived).toBeNull();

    const mixed = await call("POST", "/api/checkout", buyer.token, {
      ...TERMS_ONLY,
      courseIds: [course],
      items: [{ productId: globe }],
      shipping: shipTo("BE"),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe("IMMEDIATE_ACCESS_NOT_CONFIRMED");
  });
});

describe("an order with goods: Processing (packed), then Delivered once shipped", () => {
  it("is Processing when paid, refuses Delivered until shipped, and a returned line's stock comes back", async () => {
    const buyer = await t.addCustomer("Parcel");
    const before = await stockOf(globe);
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      items: [{ productId: globe, quantity: 2 }],
      shipping: shipTo("BE"),
    });
    expect(placed.status).toBe(201);
    expect(await stockOf(globe)).toBe(before! - 2);
    const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    expect(paid.status).toBe(200);
    const id = placed.body.id;
    // Paid: the course is open at once, the parcel still has to be packed.
    const processing = await call("GET", `/api/orders/${id}`, buyer.token);
    expect(processing.body.status).toBe("processing");
    const courses = await call("GET", "/api/customer-courses", buyer.token);
    expect(JSON.stringify(courses.body)).toContain(course);

    const early = await call("PUT", `/api/orders/${id}`, admin.token, { status: "delivered" });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: "ORDER_NOT_SHIPPED", message: NOT_SHIPPED_MESSAGE });
    const back = await call("PUT", `/api/orders/${id}`, admin.token, { status: "pending" });
    expect(back.status).toBe(422);

    const shipped = await call("POST", `/api/orders/${id}/shipment`, admin.token, { trackingNumber: "GP-1" });
    expect(shipped.body.status).toBe("processing");
    const delivered = await call("PUT", `/api/orders/${id}`, admin.token, { status: "delivered" });
    expect(delivered.status).toBe(200);
    expect(delivered.body.status).toBe("delivered");
    expect((await call("GET", `/api/orders/${id}`, buyer.token)).body.status).toBe("delivered");

    const line = delivered.body.lines.find((item: Json) => item.courseId === null);
    const returned = await call("POST", `/api/orders/${id}/returns`, admin.token, {
      lineIds: [line.id],
      restock: true,
    });
    expect(returned.status).toBe(201);
    expect(await stockOf(globe)).toBe(before);
  });

  it("delivers a courses-only order at payment, as before", async () => {
    const buyer = await t.addCustomer("Courses");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
    });
    await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    expect((await call("GET", `/api/orders/${placed.body.id}`, buyer.token)).body.status).toBe("delivered");
  });
});
