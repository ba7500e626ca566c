import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PRODUCTS_MESSAGE } from "~shared/product.constants";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { addFreeCarrier, shipTo } from "../../../tests/support/shipping";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertCompany } from "../../seed/factories";
import { orders } from "../orders/orders.tables";
import { stockMovements } from "./products.tables";
import { OUT_OF_STOCK_MESSAGE } from "./stock";
import { DOWNLOAD_LIMIT_MESSAGE } from "./store-products.service";

let t: CheckoutTestApp;
let admin: TestStaff;
/** Where the goods of these checkouts go: a free carrier to the Netherlands. */
let ship: ReturnType<typeof shipTo>;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const product = async (body: Record<string, unknown>) => {
  const created = await call("POST", "/api/admin/products", admin.token, { type: "physical", ...body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body as Json;
};

const stockOf = async (productId: string) =>
  (await call("GET", `/api/admin/products/${productId}`, admin.token)).body;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  ship = shipTo(await addFreeCarrier(t, admin.token));
});

afterAll(async () => {
  await t.close();
});

describe("products in the cart and the order, beside courses", () => {
  it("buys a course and a workbook variant in one order; the variant's price is charged and its stock moves", async () => {
    const size = (
      await call("POST", "/api/admin/attributes", admin.token, {
        title: { en: "Edition" },
        displayName: { en: "Edition" },
        optionType: "variants",
        values: [{ label: { en: "Student" } }, { label: { en: "Teacher" } }],
      })
    ).body;
    const workbook = await product({
      title: { en: "Fractions workbook", nl: "Breuken werkboek" },
      priceCents: 1500,
      variantAttributeIds: [size.id],
    });
    const [student, teacher] = workbook.variants;
    await call("PATCH", `/api/admin/products/${workbook.id}`, admin.token, {
      variants: [
        { ...student, quantity: 10, sku: "FR-S" },
        { ...teacher, priceCents: 2420, quantity: 3, sku: "FR-T" },
      ].map(({ id, combination, priceCents, quantity, sku }) => ({
        id,
        combination,
        priceCents,
        quantity,
        sku,
      })),
    });
    const course = await t.addCourse({ priceCents: 5000 });
    const buyer = await t.addCustomer("Family");

    const page = await call("GET", `/api/products/${workbook.slug}`);
    expect(page.body.options[0].values.map((value: Json) => value.label)).toEqual(["Student", "Teacher"]);
    expect(page.body.variants[1]).toMatchObject({
      label: "Teacher",
      priceCents: 2420,
      priceExclTaxCents: 2000,
      quantity: 3,
    });

    const noVariant = await call("POST", "/api/checkout/quote", buyer.token, {
      courseIds: [course],
      items: [{ productId: workbook.id }],
    });
    expect(noVariant.status).toBe(422);
    expect(noVariant.body.message).toBe("Choose a variant of Fractions workbook.");

    const cart = {
      courseIds: [course],
      items: [{ productId: workbook.id, variantId: teacher.id, quantity: 2 }],
    };
    const quote = await call("POST", "/api/checkout/quote", buyer.token, cart);
    expect(quote.status).toBe(200);
    expect(quote.body.productLines[0]).toMatchObject({
      variantLabel: "Teacher",
      unitPriceCents: 2420,
      quantity: 2,
      totalCents: 4840,
      soldOut: false,
    });
    expect(quote.body.totalCents).toBe(5000 + 4840);
    expect(quote.body.paymentPlan).toBeNull();

    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      ...cart,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.totalCents).toBe(9840);
    expect(placed.body.lines).toHaveLength(2);
    expect(placed.body.lines[1]).toMatchObject({
      productId: workbook.id,
      variantId: teacher.id,
      quantity: 2,
    });
    expect((await stockOf(workbook.id)).variants[1].quantity).toBe(1);

    const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });
    expect(paid.body.status).toBe("succeeded");
    const history = await call("GET", `/api/admin/products/${workbook.id}/stock-history`, admin.token);
    expect(history.body.items[0]).toMatchObject({
      reason: "sale",
      change: -2,
      quantityAfter: 1,
      variantId: teacher.id,
      orderNumber: placed.body.number,
    });

    // Asking for more than is left: 409 with the product's words, nothing taken.
    const tooMany = await call("POST", "/api/checkout", (await t.addCustomer()).token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: workbook.id, variantId: teacher.id, quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(OUT_OF_STOCK_MESSAGE);
    expect((await stockOf(workbook.id)).variants[1].quantity).toBe(1);
  });

  it("never oversells: 100 buyers at once for 5 units get 5 orders", async () => {
    const kit = await product({ title: { en: "Lab kit" }, priceCents: 3000, quantity: 5 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/checkout",
          payload: {
            ...CHECKOUT_CONSENTS,
            shipping: ship,
            items: [{ productId: kit.id }],
            guest: { name: `Buyer ${i}`, email: `kit-${i}@example.com` },
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(95);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set([OUT_OF_STOCK_MESSAGE]),
    );
    expect((await stockOf(kit.id)).quantity).toBe(0);
    const sales = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, kit.id), eq(stockMovements.reason, "sale")));
    expect(sales).toHaveLength(5);
    const listed = await call("GET", "/api/products?searchText=lab%20kit");
    expect(listed.body.items[0]).toMatchObject({ id: kit.id, inStock: false });
    expect((await call("GET", "/api/products?searchText=lab%20kit&inStock=true")).body.total).toBe(0);
  });

  it("gives stock back when an unpaid order is cancelled, and on a return with restock", async () => {
    const globe = await product({ title: { en: "Desk globe" }, priceCents: 4000, quantity: 3 });
    const first = await t.addCustomer("First");
    const placed = await call("POST", "/api/checkout", first.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: globe.id, quantity: 2 }],
    });
    expect((await stockOf(globe.id)).quantity).toBe(1);
    // Staff cancel the unpaid order: its two units come back.
    const cancelled = await call("PUT", `/api/orders/${placed.body.id}`, admin.token, { status: "cancel" });
    expect(cancelled.status).toBe(200);
    expect((await stockOf(globe.id)).quantity).toBe(3);

    const second = await t.addCustomer("Second");
    const bought = await call("POST", "/api/checkout", second.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: globe.id, quantity: 3 }],
    });
    await call("POST", `/api/checkout/${bought.body.id}/pay`, second.token, { card: CARD });
    expect((await stockOf(globe.id)).quantity).toBe(0);
    const order = (await call("GET", `/api/orders/${bought.body.id}`, admin.token)).body;
    const returned = await call("POST", `/api/orders/${bought.body.id}/returns`, admin.token, {
      lineIds: [order.lines[0].id],
      restock: true,
    });
    expect(returned.status).toBe(201);
    expect((await stockOf(globe.id)).quantity).toBe(3);
    const history = (await call("GET", `/api/admin/products/${globe.id}/stock-history`, admin.token)).body
      .items;
    expect(history.map((row: Json) => [row.reason, row.change])).toEqual([
      ["return", 3],
      ["sale", -3],
      ["cancel", 2],
      ["sale", -2],
      ["initial", 3],
    ]);
  });

  it("prices a bundle at its own price, shows the saving, and takes its products' stock", async () => {
    const reader = await product({ title: { en: "Reader" }, priceCents: 1200, quantity: 10 });
    const cards = await product({ title: { en: "Flash cards" }, priceCents: 800, quantity: 10 });
    const bundle = await product({
      type: "bundle",
      title: { en: "Reading box" },
      priceCents: 2500,
      bundleItems: [
        { productId: reader.id, quantity: 2 },
        { productId: cards.id, quantity: 1 },
      ],
    });
    const page = await call("GET", `/api/products/${bundle.id}`);
    expect(page.body.bundle).toMatchObject({ separateCents: 3200, savingCents: 700 });
    expect(page.body.bundle.items.map((item: Json) => [item.title, item.quantity])).toEqual([
      ["Reader", 2],
      ["Flash cards", 1],
    ]);
    const buyer = await t.addCustomer();
    const quote = await call("POST", "/api/checkout/quote", buyer.token, {
      items: [{ productId: bundle.id, quantity: 2 }],
    });
    expect(quote.body.totalCents).toBe(5000);
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: bundle.id, quantity: 2 }],
    });
    expect(placed.status).toBe(201);
    expect((await stockOf(reader.id)).quantity).toBe(6);
    expect((await stockOf(cards.id)).quantity).toBe(8);
  });

  it("delivers a digital download after payment, at most its download limit times", async () => {
    const pack = await product({
      type: "digital",
      title: { en: "Printable pack" },
      priceCents: 700,
      downloadLimit: 2,
    });
    const upload = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${pack.id}/file?name=pack.pdf`,
      headers: { ...bearer(admin.token), "content-type": "application/pdf" },
      payload: Buffer.from("%PDF-1.4 printable pack"),
    });
    expect(upload.statusCode).toBe(200);
    const buyer = await t.addCustomer();
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: pack.id }],
    });
    expect((await call("GET", "/api/downloads", buyer.token)).body.items).toEqual([]);
    await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card: CARD });

    const list = (await call("GET", "/api/downloads", buyer.token)).body.items;
    expect(list).toMatchObject([
      { title: "Printable pack", fileName: "pack.pdf", remaining: 2, available: true },
    ]);
    const download = () => call("GET", `/api/downloads/${list[0].id}/file`, buyer.token);
    const first = await download();
    expect(first.status).toBe(200);
    expect(first.raw.body).toBe("%PDF-1.4 printable pack");
    expect(first.raw.headers["content-disposition"]).toContain("pack.pdf");
    expect((await download()).status).toBe(200);
    const third = await download();
    expect(third.status).toBe(403);
    expect(third.body.message).toBe(DOWNLOAD_LIMIT_MESSAGE);
    const someoneElse = await t.addCustomer();
    expect((await call("GET", `/api/downloads/${list[0].id}/file`, someoneElse.token)).status).toBe(404);
    expect((await call("GET", "/api/downloads")).status).toBe(401);
  });

  it("refuses unknown, unpublished and one-at-a-time products, and lists an empty shop", async () => {
    const single = await product({
      title: { en: "Signed poster" },
      priceCents: 900,
      quantity: 5,
      sellIndividualUnits: false,
    });
    const hidden = await product({ title: { en: "Hidden" }, priceCents: 900, quantity: 5, published: false });
    const buyer = await t.addCustomer();
    const two = await call("POST", "/api/checkout/quote", buyer.token, {
      items: [{ productId: single.id, quantity: 2 }],
    });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe("Signed poster can be bought one at a time.");
    const gone = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      shipping: ship,
      items: [{ productId: hidden.id }],
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("This product is no longer available.");
    const nothing = await call("POST", "/api/checkout/quote", buyer.token, { courseIds: [], items: [] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain("Choose at least one course or product.");
    const [placedAny] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, buyer.id));
    expect(placedAny).toBeUndefined();

    // A school without products: an empty list (the shop page shows NO_PRODUCTS_MESSAGE).
    const other = await insertCompany(t.database.db, { slug: "empty-shop", name: "Empty Shop" });
    const empty = await t.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { company: other.slug },
    });
    expect(empty.json()).toMatchObject({ items: [], total: 0 });
    expect(NO_PRODUCTS_MESSAGE).toBe("Sorry, There are no products right now.");
    // Text the database cannot hold is bad input, not a server error.
    for (const url of ["/api/products/%00", "/api/products?searchText=%00", "/api/products?category=%00"]) {
      expect((await call("GET", url)).status).toBe(400);
    }
  });
});
