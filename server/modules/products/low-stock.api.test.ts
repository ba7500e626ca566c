import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { addFreeCarrier, shipTo } from "../../../tests/support/shipping";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { products } from "./products.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let manager: TestStaff;
let cashier: TestStaff;
/** Where the goods of these checkouts go: a free carrier to the Netherlands. */
let ship: ReturnType<typeof shipTo>;

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

const call = apiCall(() => t.app);

const buy = async (productId: string, quantity: number, variantId?: string) => {
  const placed = await call("POST", "/api/checkout", undefined, {
    ...CHECKOUT_CONSENTS,
    items: [{ productId, quantity, ...(variantId ? { variantId } : {}) }],
    shipping: ship,
    guest: { name: "Parent", email: `parent-${Date.now()}-${Math.random()}@example.com` },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.id as string;
};

/** The low-stock mails to `email` that name `title`, once every job has run. */
async function lowStockMails(email: string, title: string) {
  await t.app.services.jobQueue.drain();
  const mails = await outboxMailsTo(t.dataDir, email);
  return mails.filter((mail) => /^Subject: Low stock at /m.test(mail.text) && mail.text.includes(title));
}

const physical = async (title: string, priceCents: number, quantity: number) => {
  const created = await call("POST", "/api/admin/products", admin.token, {
    type: "physical",
    title: { en: title },
    priceCents,
    quantity,
  });
  expect(created.status).toBe(201);
  return created.body;
};

const notifiedAt = async (id: string) =>
  (
    await t.database.db.select({ at: products.lowStockNotifiedAt }).from(products).where(eq(products.id, id))
  )[0]?.at ?? null;

const lowList = async () =>
  (await call("GET", "/api/admin/products?lowStock=true&limit=100", admin.token)).body.items.map(
    (item: Json) => item.title.en,
  );

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  ship = shipTo(await addFreeCarrier(t, admin.token));
  manager = await createStaff(t, t.companyId, "Manager");
  cashier = await createStaff(t, t.companyId, "Cashier");
  const settings = (await call("GET", "/api/admin/product-settings", admin.token)).body;
  const saved = await call("PUT", "/api/admin/product-settings", admin.token, {
    ...settings,
    lowStockThreshold: 3,
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe("low stock", () => {
  it("lists a product at the low-stock value and mails catalogue staff once, again only after a restock", async () => {
    const planner = await physical("Weekly planner", 900, 6);
    expect(planner.lowStock).toBe(false);
    await buy(planner.id, 2);
    expect(await lowList()).not.toContain("Weekly planner");
    expect(await lowStockMails(admin.email, "Weekly planner")).toHaveLength(0);

    // 4 → 3: at the value. On the list, marked, and one mail to each staff member who may change the catalogue.
    await buy(planner.id, 1);
    expect(await lowList()).toContain("Weekly planner");
    expect(await notifiedAt(planner.id)).not.toBeNull();
    const first = await lowStockMails(admin.email, "Weekly planner");
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain("Weekly planner: 3 left");
    expect(first[0]!.text).toContain("/products?lowStock=true");
    expect(await lowStockMails(manager.email, "Weekly planner")).toHaveLength(1);
    expect(await lowStockMails(cashier.email, "Weekly planner")).toHaveLength(0);

    // Lower still: no second mail.
    await buy(planner.id, 2);
    expect(await lowStockMails(admin.email, "Weekly planner")).toHaveLength(1);

    // Restocked above the value: off the list, the mark is gone; the next fall mails again.
    const restocked = await call("POST", `/api/admin/products/${planner.id}/stock`, admin.token, {
      change: 9,
      note: "Delivery",
    });
    expect(restocked.body).toMatchObject({ quantity: 10, lowStock: false });
    expect(await notifiedAt(planner.id)).toBeNull();
    expect(await lowList()).not.toContain("Weekly planner");
    await buy(planner.id, 8);
    const again = await lowStockMails(admin.email, "Weekly planner");
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain("Weekly planner: 2 left");
  });

  it("mails once when buyers take the last units at the same moment, and a cancel above the value resets it", async () => {
    const kit = await physical("Microscope kit", 4500, 12);
    const placed = await Promise.all(Array.from({ length: 10 }, () => buy(kit.id, 1)));
    expect(await lowStockMails(admin.email, "Microscope kit")).toHaveLength(1);
    expect((await call("GET", `/api/admin/products/${kit.id}`, admin.token)).body.quantity).toBe(2);

    // Staff cancel two unpaid orders: back to 4, above the value, and the mark is reset.
    expect(await notifiedAt(kit.id)).not.toBeNull();
    for (const id of placed.slice(0, 2)) {
      expect((await call("PUT", `/api/orders/${id}`, admin.token, { status: "cancel" })).status).toBe(200);
    }
    expect(await notifiedAt(kit.id)).toBeNull();
  });

  it("a variant at the value puts its product on the list; a new low-stock value re-reads every product", async () => {
    const size = (
      await call("POST", "/api/admin/attributes", admin.token, {
        title: { en: "Shirt size" },
        displayName: { en: "Size" },
        optionType: "variants",
        values: [{ label: { en: "S" } }, { label: { en: "L" } }],
      })
    ).body;
    const shirt = (
      await call("POST", "/api/admin/products", admin.token, {
        type: "physical",
        title: { en: "School shirt" },
        priceCents: 2000,
        variantAttributeIds: [size.id],
      })
    ).body;
    // New variants start at 0, at the value: one mail naming each low size.
    const created = await lowStockMails(admin.email, "School shirt");
    expect(created).toHaveLength(1);
    expect(created[0]!.text).toContain("School shirt (S): 0 left");
    const [small, large] = shirt.variants as Json[];
    await call("POST", `/api/admin/products/${shirt.id}/stock`, admin.token, {
      variantId: small.id,
      change: 10,
    });
    expect(await notifiedAt(shirt.id)).not.toBeNull();
    await call("POST", `/api/admin/products/${shirt.id}/stock`, admin.token, {
      variantId: large.id,
      change: 10,
    });
    expect(await notifiedAt(shirt.id)).toBeNull();
    await buy(shirt.id, 7, large.id);
    const low = await lowStockMails(admin.email, "School shirt");
    expect(low).toHaveLength(2);
    expect(low[1]!.text).toContain("School shirt (L): 3 left");
    expect(low[1]!.text).not.toContain("(S)");

    // The value goes down to 1: nothing is low any more, every mark is cleared.
    const settings = (await call("GET", "/api/admin/product-settings", admin.token)).body;
    await call("PUT", "/api/admin/product-settings", admin.token, { ...settings, lowStockThreshold: 1 });
    expect(await notifiedAt(shirt.id)).toBeNull();
    expect(await lowList()).not.toContain("School shirt");
    // Back up to 3: the shirt is low again and staff are told.
    await call("PUT", "/api/admin/product-settings", admin.token, { ...settings, lowStockThreshold: 3 });
    expect(await notifiedAt(shirt.id)).not.toBeNull();
    expect(await lowStockMails(admin.email, "School shirt")).toHaveLength(3);
  });
});
