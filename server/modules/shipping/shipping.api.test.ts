import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { NO_CARRIER_MESSAGE } from "../checkout/quote";
import { orders, payments } from "../orders/orders.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let workbook: string;
let course: string;
const carriers: Record<string, string> = {};
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const countryId = async (isoCode: string) => {
  const list = await call("GET", `/api/admin/countries?searchText=${isoCode}&limit=50`, admin.token);
  return list.body.items.find((country: Json) => country.isoCode === isoCode).id as string;
};

const address = (country: string, carrierId?: string) => ({
  name: "Anna de Vries",
  line1: "Kerkstraat 1",
  postalCode: "1000",
  city: "Brussel",
  country,
  phone: "+32 2 123 45 67",
  ...(carrierId ? { carrierId } : {}),
});

/** The options of a quote among this test's own carriers (the demo school has its own). */
const own = (options: Json[]) => options.filter((option) => option.name in carriers);

const orderCount = async () =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.companyId, t.companyId)))[0]!.n;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 5000 });
  const created = await call("POST", "/api/admin/products", admin.token, {
    type: "physical",
    title: { en: "Fractions workbook" },
    priceCents: 1500,
    quantity: 100,
    measurements: { length: null, width: null, height: null, weight: 450, volume: null },
  });
  expect(created.status).toBe(201);
  workbook = created.body.id;

  const benelux = await call("POST", "/api/admin/shipping-zones", admin.token, {
    name: "Benelux",
    members: [{ countryId: await countryId("NL") }, { countryId: await countryId("BE") }],
  });
  expect(benelux.status).toBe(201);
  const germany = await call("POST", "/api/admin/shipping-zones", admin.token, {
    name: "Germany",
    members: [{ countryId: await countryId("DE") }],
  });
  const carrier = async (body: Record<string, unknown>) => {
    const saved = await call("POST", "/api/admin/shipping-carriers", admin.token, body);
    expect(saved.status).toBe(201);
    carriers[saved.body.name] = saved.body.id;
    return saved.body;
  };
  await carrier({
    name: "Test Post",
    speedGrade: "standard",
    trackingUrlTemplate: "https://jouw.postnl.nl/track-and-trace/{tracking}",
    costBasis: "weight",
    zones: [
      {
        zoneId: benelux.body.id,
        ranges: [
          { min: 0, max: 1000, costCents: 495 },
          { min: 1000, max: null, costCents: 995 },
        ],
      },
      { zoneId: germany.body.id, ranges: [{ min: 0, max: null, costCents: 1495 }] },
    ],
  });
  await carrier({
    name: "Bike courier",
    speedGrade: "express",
    costBasis: "order_total",
    zones: [
      {
        zoneId: benelux.body.id,
        ranges: [
          { min: 0, max: 5000, costCents: 695 },
          { min: 5000, max: null, costCents: 0 },
        ],
      },
    ],
  });
  await carrier({
    name: "DHL Express",
    disabled: true,
    zones: [{ zoneId: benelux.body.id, ranges: [{ min: 0, max: null, costCents: 100 }] }],
  });
});

afterAll(async () => {
  await t.close();
});

describe("shipping zones and carriers (admin)", () => {
  it("refuses a tracking URL without {tracking}, overlapping ranges and unknown zones, saving nothing", async () => {
    const before = (await call("GET", "/api/admin/shipping-carriers", admin.token)).body.items.length;
    const noPlaceholder = await call("POST", "/api/admin/shipping-carriers", admin.token, {
      name: "Bad",
      trackingUrlTemplate: "https://track.example.com/",
    });
    expect(noPlaceholder.status).toBe(400);
    expect(JSON.stringify(noPlaceholder.body)).toContain("{tracking}");
    const overlapping = await call("POST", "/api/admin/shipping-carriers", admin.token, {
      name: "Bad",
      zones: [
        {
          zoneId: "00000000-0000-4000-8000-000000000000",
          ranges: [
            { min: 0, max: 1000, costCents: 1 },
            { min: 500, max: null, costCents: 2 },
          ],
        },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(JSON.stringify(overlapping.body)).toContain("Cost ranges must not overlap");
    const unknownZone = await call("POST", "/api/admin/shipping-carriers", admin.token, {
      name: "Bad",
      zones: [{ zoneId: "00000000-0000-4000-8000-000000000000", ranges: [{ min: 0, costCents: 1 }] }],
    });
    expect(unknownZone.status).toBe(400);
    expect(unknownZone.body.message).toBe("Choose shipping zones from the list.");
    const duplicate = await call("POST", "/api/admin/shipping-carriers", admin.token, { name: "test post" });
    expect(duplicate.status).toBe(409);
    expect((await call("GET", "/api/admin/shipping-carriers", admin.token)).body.items).toHaveLength(before);
  });

  it("is for staff only", async () => {
    const buyer = await t.addCustomer();
    expect([401, 403]).toContain((await call("GET", "/api/admin/shipping-carriers", buyer.token)).status);
    expect((await call("GET", "/api/admin/shipping-zones")).status).toBe(401);
  });
});

describe("carriers and their cost at checkout", () => {
  it("prices by weight range and by zone, by order total, and never offers a disabled carrier", async () => {
    const one = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: workbook }],
      shipping: address("BE"),
    });
    expect(one.status).toBe(200);
    expect(own(one.body.shipping.options).map((o: Json) => [o.name, o.costCents])).toEqual([
      ["Test Post", 495],
      ["Bike courier", 695],
    ]);
    expect(one.body.shipping.costCents).toBe(0);

    // 3 × 450 g = 1350 g: the second weight range.
    const three = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: workbook, quantity: 3 }],
      shipping: address("BE", carriers["Test Post"]),
    });
    expect(three.body.shipping.options.find((o: Json) => o.name === "Test Post").costCents).toBe(995);
    expect(three.body.shipping).toMatchObject({
      carrierId: carriers["Test Post"],
      costCents: 995,
      message: null,
    });
    expect(three.body.totalCents).toBe(3 * 1500 + 995);

    // Another zone: its own ranges, and the courier does not go there.
    const germany = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: workbook }],
      shipping: address("DE"),
    });
    expect(own(germany.body.shipping.options).map((o: Json) => [o.name, o.costCents])).toEqual([
      ["Test Post", 1495],
    ]);

    const disabled = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: workbook }],
      shipping: address("NL", carriers["DHL Express"]),
    });
    expect(disabled.body.shipping.options.map((o: Json) => o.name)).not.toContain("DHL Express");
    expect(disabled.body.shipping.costCents).toBe(0);
    const buyer = await t.addCustomer();
    const refused = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      items: [{ productId: workbook }],
      shipping: address("NL", carriers["DHL Express"]),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      "This carrier does not deliver to this address: choose one of the carriers offered.",
    );
  });

  it("answers an address no carrier serves with a clear message: no order, nothing charged", async () => {
    const quote = await call("POST", "/api/checkout/quote", undefined, {
      items: [{ productId: workbook }],
      shipping: address("US"),
    });
    expect(quote.body.shipping).toMatchObject({ options: [], costCents: 0, message: NO_CARRIER_MESSAGE });
    expect(quote.body.totalCents).toBe(1500);
    const buyer = await t.addCustomer();
    const before = await orderCount();
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      items: [{ productId: workbook }],
      shipping: address("US", carriers["Test Post"]),
    });
    expect(placed.status).toBe(422);
    expect(placed.body.message).toBe(NO_CARRIER_MESSAGE);
    expect(await orderCount()).toBe(before);
    const charged = await t.database.db
      .select({ n: count() })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.companyId, t.companyId), eq(orders.customerId, buyer.id)));
    expect(charged[0]!.n).toBe(0);
  });

  it("asks for the address and phone when goods are shipped; a courses-only cart is unchanged", async () => {
    const buyer = await t.addCustomer();
    const missing = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      items: [{ productId: workbook }],
      shipping: { country: "BE", carrierId: carriers["Test Post"] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details.fields).toMatchObject({
      line1: "Enter the street and house number.",
      phone: "Enter a phone number for the carrier.",
    });
    const courses = await call("POST", "/api/checkout/quote", undefined, { courseIds: [course] });
    expect(courses.body).toMatchObject({ shipping: null, totalCents: 5000 });
  });
});

describe("an order shipped, and cash on delivery", () => {
  it("stores address, phone, carrier and cost; staff ship it and the buyer sees the tracking link", async () => {
    const buyer = await t.addCustomer("Anna");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      items: [{ productId: workbook }],
      shipping: address("BE", carriers["Test Post"]),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.totalCents).toBe(1500 + 495);
    expect(placed.body.shipping).toMatchObject({
      address: { line1: "Kerkstraat 1", city: "Brussel", country: "BE" },
      phone: "+32 2 123 45 67",
      carrier: "Test Post",
      costCents: 495,
      trackingNumber: null,
      trackingUrl: null,
    });
    const unpaid = await call("POST", `/api/orders/${placed.body.id}/shipment`, admin.token, {
      trackingNumber: "3SABCD123",
    });
    expect(unpaid.status).toBe(422);

    const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    expect(paid.status).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.body.id));
    expect(payment!.amountCents).toBe(1995);

    const empty = await call("POST", `/api/orders/${placed.body.id}/shipment`, admin.token, {
      trackingNumber: " ",
    });
    expect(empty.status).toBe(400);
    const shipped = await call("POST", `/api/orders/${placed.body.id}/shipment`, admin.token, {
      trackingNumber: "3SABCD123",
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.shipping.trackingNumber).toBe("3SABCD123");

    const seen = await call("GET", `/api/orders/${placed.body.id}`, buyer.token);
    expect(seen.body.shipping).toMatchObject({
      carrier: "Test Post",
      trackingNumber: "3SABCD123",
      trackingUrl: "https://jouw.postnl.nl/track-and-trace/3SABCD123",
    });
    expect(seen.body.shipping.shippedAt).not.toBeNull();
  });

  it("keeps a cash-on-delivery order Pending until staff record the cash, then it is paid", async () => {
    const buyer = await t.addCustomer("Bram");
    const cart = {
      ...CHECKOUT_CONSENTS,
      items: [{ productId: workbook }],
      shipping: address("NL", carriers["Test Post"]),
      paymentMethod: "cod",
    };
    const off = await call("POST", "/api/checkout", buyer.token, cart);
    expect(off.status).toBe(422);
    expect(off.body.message).toBe("Cash on delivery is not offered: please pay by card.");

    expect(
      (await call("PUT", "/api/admin/shipping-settings", admin.token, { cashOnDelivery: true })).status,
    ).toBe(200);
    const quote = await call("POST", "/api/checkout/quote", buyer.token, {
      items: cart.items,
      shipping: cart.shipping,
    });
    expect(quote.body.shipping.cashOnDelivery).toBe(true);
    const coursesOnly = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      paymentMethod: "cod",
    });
    expect(coursesOnly.status).toBe(422);
    expect(coursesOnly.body.message).toBe("Cash on delivery is only for orders with goods to ship.");

    const placed = await call("POST", "/api/checkout", buyer.token, cart);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: "pending", paymentMethod: "cod", expiresAt: null });
    const byCard = await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    expect(byCard.status).toBe(422);

    // Another checkout by the same buyer leaves the cash-on-delivery order alone.
    await call("POST", "/api/checkout", buyer.token, { ...CHECKOUT_CONSENTS, courseIds: [course] });
    // Shipped while Pending: the carrier collects the cash.
    const shipped = await call("POST", `/api/orders/${placed.body.id}/shipment`, admin.token, {
      trackingNumber: "COD-42",
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe("pending");

    const recorded = await call("POST", `/api/orders/${placed.body.id}/payments`, admin.token, {
      method: "cash",
      reference: "PostNL COD-42",
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ status: "processing", paymentMethod: "cod" });
    expect(recorded.body.paidAt).not.toBeNull();
    const seen = await call("GET", `/api/orders/${placed.body.id}`, buyer.token);
    expect(seen.body).toMatchObject({ status: "processing", totalCents: 1995 });
  });
});
