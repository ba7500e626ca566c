import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { settingsAction } from "~/features/settings-content/settings-page.server";
import { CHILD_PRODUCTS_OFF_CONFIRMATION, UNIT_CHANGE_CONFIRMATION } from "~shared/product.constants";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
type Json = any;

const ctx = adminTestContext({ dataDir: true });
const { call } = ctx;
let cashier: TestStaff;
let size: { id: string; values: { id: string; label: { en: string } }[] };
let colour: { id: string; values: { id: string; label: { en: string } }[] };

const variantsAttribute = (title: string, labels: string[]) => ({
  title: { en: title },
  displayName: { en: title },
  optionType: "variants",
  values: labels.map((label) => ({ label: { en: label } })),
});

beforeAll(async () => {
  cashier = await createStaff(ctx.t, ctx.companyId, "Cashier");
  size = (await call("POST", "/api/admin/attributes", ctx.admin.token, variantsAttribute("Size", ["S", "M"])))
    .body;
  colour = (
    await call("POST", "/api/admin/attributes", ctx.admin.token, variantsAttribute("Colour", ["Red", "Blue"]))
  ).body;
});

const workbook = {
  type: "physical",
  title: { en: "Algebra workbook", nl: "Algebra werkboek" },
  sku: "WB-ALG",
  priceCents: 1210,
  quantity: 8,
  tags: ["maths", "print", "maths"],
  childCategories: ["Grade 7"],
  measurements: { length: 29.7, width: 21, height: 1, weight: 450, volume: null },
  extras: [{ name: { en: "Gift wrap" }, priceCents: 250 }],
};

describe("/api/admin/products", () => {
  it("creates a product with its fields and opening stock, and lists and finds it", async () => {
    const created = await call("POST", "/api/admin/products", ctx.admin.token, workbook);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "physical",
      slug: "algebra-workbook",
      quantity: 8,
      priceCents: 1210,
      priceExclTaxCents: 1000,
      tags: ["maths", "print"],
      childCategories: ["Grade 7"],
      stockStatus: "selling",
      published: true,
      lowStock: false,
    });
    expect(created.body.extras[0]).toMatchObject({ name: { en: "Gift wrap" }, priceCents: 250 });

    const found = await call("GET", "/api/admin/products?searchText=werkboek", ctx.admin.token);
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    expect((await call("GET", "/api/admin/products?searchText=wb-alg", ctx.admin.token)).body.total).toBe(1);

    const history = await call(
      "GET",
      `/api/admin/products/${created.body.id}/stock-history`,
      ctx.admin.token,
    );
    expect(history.body.items).toMatchObject([{ reason: "initial", change: 8, quantityAfter: 8 }]);
  });

  it("generates a variant per Size × Colour combination, each with its own SKU, price and stock", async () => {
    const created = await call("POST", "/api/admin/products", ctx.admin.token, {
      type: "physical",
      title: { en: "School T-shirt" },
      priceCents: 1500,
      variantAttributeIds: [size.id, colour.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.variants.map((variant: { label: string }) => variant.label)).toEqual([
      "S / Red",
      "S / Blue",
      "M / Red",
      "M / Blue",
    ]);
    expect(created.body.quantity).toBe(0);
    const variants = created.body.variants.map((variant: Record<string, unknown>, index: number) => ({
      id: variant.id,
      combination: variant.combination,
      sku: `TS-${index}`,
      priceCents: index === 3 ? 1815 : 1500,
      quantity: index + 1,
    }));
    const edited = await call("PATCH", `/api/admin/products/${created.body.id}`, ctx.admin.token, {
      variants,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.quantity).toBe(1 + 2 + 3 + 4);
    expect(edited.body.variants[3]).toMatchObject({ sku: "TS-3", priceCents: 1815, priceExclTaxCents: 1500 });
    // Low stock (default value 5): every variant is at or below it.
    const low = await call("GET", "/api/admin/products?lowStock=true", ctx.admin.token);
    expect(low.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
    // The lists read the variants of each product (not of another row): counted, priced from the lowest.
    const row = (await call("GET", "/api/admin/products?searchText=school%20t-shirt", ctx.admin.token)).body
      .items[0];
    expect(row).toMatchObject({ id: created.body.id, variantCount: 4, quantity: 10 });
    const card = (await call("GET", "/api/products?searchText=school%20t-shirt")).body.items[0];
    expect(card).toMatchObject({ id: created.body.id, hasVariants: true, inStock: true, priceCents: 1500 });

    const moved = await call("POST", `/api/admin/products/${created.body.id}/stock`, ctx.admin.token, {
      variantId: edited.body.variants[0].id,
      change: 10,
      note: "Delivery",
    });
    expect(moved.body.variants[0].quantity).toBe(11);
    const tooMuch = await call("POST", `/api/admin/products/${created.body.id}/stock`, ctx.admin.token, {
      variantId: edited.body.variants[0].id,
      change: -12,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe("The stock cannot go below 0.");
    expect(
      (await call("POST", `/api/admin/products/${created.body.id}/stock`, ctx.admin.token, { change: 1 }))
        .status,
    ).toBe(400);

    // Dropping an attribute regenerates the combinations, keeping none of the old stock rows.
    const sizesOnly = await call("PATCH", `/api/admin/products/${created.body.id}`, ctx.admin.token, {
      variantAttributeIds: [size.id],
    });
    expect(sizesOnly.body.variants.map((variant: { label: string }) => variant.label)).toEqual(["S", "M"]);

    const duplicate = await call("PATCH", `/api/admin/products/${created.body.id}`, ctx.admin.token, {
      variants: [
        { combination: { [size.id]: size.values[0]!.id }, priceCents: 100 },
        { combination: { [size.id]: size.values[0]!.id }, priceCents: 100 },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe("Two variants have the same combination.");
  });

  it("refuses what cannot be sold: bad prices, wrong attributes, bundles without products, taken slugs", async () => {
    const bad = async (body: Record<string, unknown>) =>
      call("POST", "/api/admin/products", ctx.admin.token, { ...workbook, ...body });
    expect((await bad({ salePriceCents: 1210 })).body.message).toBe(
      "The sale price must be lower than the price.",
    );
    expect((await bad({ type: "book" })).status).toBe(400);
    expect((await bad({ priceCents: -1 })).status).toBe(400);
    expect((await bad({ images: ["https://elsewhere.example/x.gif"] })).status).toBe(400);
    const dropdown = (
      await call("POST", "/api/admin/attributes", ctx.admin.token, {
        ...variantsAttribute("Format", ["A4"]),
        optionType: "dropdown",
      })
    ).body;
    expect((await bad({ variantAttributeIds: [dropdown.id] })).body.message).toBe(
      "Only attributes of option type Variants make variants.",
    );
    expect((await bad({ type: "digital", variantAttributeIds: [size.id] })).body.message).toBe(
      "Only physical products have variants.",
    );
    expect((await bad({ type: "bundle" })).body.message).toBe("A bundle holds at least one product.");
    expect((await bad({ parentProductId: ctx.companyId })).body.message).toBe(
      "Turn on child products in the product settings first.",
    );
    expect((await bad({ slug: "algebra-workbook" })).status).toBe(409);
    const second = await bad({});
    expect(second.body.slug).toBe("algebra-workbook-2");
  });

  it("keeps a bundle's products and refuses a bundle in a bundle", async () => {
    const book = (
      await call("POST", "/api/admin/products", ctx.admin.token, { ...workbook, slug: "bundle-book" })
    ).body;
    const bundle = await call("POST", "/api/admin/products", ctx.admin.token, {
      type: "bundle",
      title: { en: "Maths box" },
      priceCents: 2000,
      bundleItems: [{ productId: book.id, quantity: 2 }],
    });
    expect(bundle.status).toBe(201);
    expect(bundle.body).toMatchObject({ quantity: null, bundleItems: [{ productId: book.id, quantity: 2 }] });
    const nested = await call("POST", "/api/admin/products", ctx.admin.token, {
      type: "bundle",
      title: { en: "Box of boxes" },
      priceCents: 2000,
      bundleItems: [{ productId: bundle.body.id, quantity: 1 }],
    });
    expect(nested.body.message).toBe("A bundle cannot hold another bundle.");
  });

  it("takes JPEG, WebP and PNG images up to the images-per-product setting, and a digital product's file", async () => {
    const product = (
      await call("POST", "/api/admin/products", ctx.admin.token, { ...workbook, slug: "img-book" })
    ).body;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a7" } })
      .png()
      .toBuffer();
    const upload = (url: string, body: Buffer, type: string) =>
      ctx.t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${ctx.admin.token}`, "content-type": type },
        payload: body,
      });
    const added = await upload(`/api/admin/products/${product.id}/images`, png, "image/png");
    expect(added.statusCode).toBe(200);
    expect(added.json().images[0]).toMatch(/^\/media\/images\/products\/.+\.webp$/);
    const gif = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");
    expect((await upload(`/api/admin/products/${product.id}/images`, gif, "image/gif")).statusCode).toBe(400);

    const pack = (
      await call("POST", "/api/admin/products", ctx.admin.token, {
        type: "digital",
        title: { en: "Printable pack" },
        priceCents: 500,
        downloadLimit: 3,
      })
    ).body;
    expect(pack.quantity).toBeNull();
    const file = await upload(
      `/api/admin/products/${pack.id}/file?name=pack.pdf`,
      Buffer.from("%PDF-1.4 pack"),
      "application/pdf",
    );
    expect(file.statusCode).toBe(200);
    expect(file.json().download).toEqual({ name: "pack.pdf", limit: 3 });
    expect(
      (await upload(`/api/admin/products/${product.id}/file?name=x.pdf`, Buffer.from("x"), "application/pdf"))
        .statusCode,
    ).toBe(422);
  });

  it("asks before the unit system changes, with the spec's words", async () => {
    const settings = (await call("GET", "/api/admin/product-settings", ctx.admin.token)).body;
    expect(settings).toMatchObject({
      unitSystem: "metric",
      lengthUnit: "cm",
      weightUnit: "g",
      volumeUnit: "ml",
    });
    const imperial = {
      ...settings,
      unitSystem: "imperial",
      lengthUnit: "inch",
      weightUnit: "pound",
      volumeUnit: "gallon",
    };
    const asked = await call("PUT", "/api/admin/product-settings", ctx.admin.token, imperial);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(UNIT_CHANGE_CONFIRMATION);
    expect((await call("GET", "/api/admin/product-settings", ctx.admin.token)).body.unitSystem).toBe(
      "metric",
    );
    const mixed = await call("PUT", "/api/admin/product-settings", ctx.admin.token, {
      ...imperial,
      weightUnit: "g",
      confirm: true,
    });
    expect(mixed.status).toBe(400);
    const custom = await call("PUT", "/api/admin/product-settings", ctx.admin.token, {
      ...settings,
      unitSystem: "custom",
      lengthUnit: "yard",
      weightUnit: "ounce",
      volumeUnit: "pint",
      confirm: true,
    });
    expect(custom.status).toBe(200);
    expect((await call("GET", "/api/admin/product-settings", ctx.admin.token)).body.lengthUnit).toBe("yard");
  });

  it("unpublishes child products when the feature is turned off, after the spec's question", async () => {
    const settings = (await call("GET", "/api/admin/product-settings", ctx.admin.token)).body;
    await call("PUT", "/api/admin/product-settings", ctx.admin.token, { ...settings, childProducts: true });
    const master = (
      await call("POST", "/api/admin/products", ctx.admin.token, { ...workbook, slug: "master-kit" })
    ).body;
    const child = await call("POST", "/api/admin/products", ctx.admin.token, {
      ...workbook,
      slug: "child-kit",
      parentProductId: master.id,
    });
    expect(child.status).toBe(201);
    const off = { ...settings, childProducts: false };
    const asked = await call("PUT", "/api/admin/product-settings", ctx.admin.token, off);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(CHILD_PRODUCTS_OFF_CONFIRMATION);
    expect((await call("GET", `/api/admin/products/${child.body.id}`, ctx.admin.token)).body.published).toBe(
      true,
    );
    expect(
      (await call("PUT", "/api/admin/product-settings", ctx.admin.token, { ...off, confirm: true })).status,
    ).toBe(200);
    expect((await call("GET", `/api/admin/products/${child.body.id}`, ctx.admin.token)).body.published).toBe(
      false,
    );
    expect((await call("GET", `/api/admin/products/${master.id}`, ctx.admin.token)).body.published).toBe(
      true,
    );
  });

  it("the settings page's Products tab asks the same question first, then saves", async () => {
    const settings = (await call("GET", "/api/admin/product-settings", ctx.admin.token)).body;
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.set("intent", "products");
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const context = await pageContext(ctx.t, {
        staffSession: await ctx.t.app.services.sessions.resolve(ctx.admin.token),
      });
      return (await settingsAction(
        context,
        new Request("http://localhost/settings", { method: "POST", body: form }),
      )) as Json;
    };
    const metric = {
      unitSystem: settings.unitSystem,
      lengthUnit: settings.lengthUnit,
      weightUnit: settings.weightUnit,
      volumeUnit: settings.volumeUnit,
      imagesPerProduct: "4",
      lowStockThreshold: "2",
    };
    const other = settings.unitSystem === "imperial" ? "metric" : "imperial";
    const units = other === "imperial" ? ["inch", "pound", "gallon"] : ["cm", "g", "ml"];
    const changed = {
      ...metric,
      unitSystem: other,
      lengthUnit: units[0]!,
      weightUnit: units[1]!,
      volumeUnit: units[2]!,
    };
    const asked = await send(changed);
    expect(asked).toMatchObject({ ok: false, needsConfirmation: true, message: UNIT_CHANGE_CONFIRMATION });
    expect((await call("GET", "/api/admin/product-settings", ctx.admin.token)).body.unitSystem).toBe(
      settings.unitSystem,
    );
    expect(await send({ ...changed, confirm: "true" })).toEqual({ ok: true, intent: "products" });
    expect((await call("GET", "/api/admin/product-settings", ctx.admin.token)).body).toMatchObject({
      unitSystem: other,
      imagesPerProduct: 4,
      lowStockThreshold: 2,
      childProducts: false,
    });
    const bad = await send({ ...changed, imagesPerProduct: "0" });
    expect(bad.ok).toBe(false);
    expect(bad.fields.imagesPerProduct).toMatch(/images per product/);
  });

  it("needs a session (401) and permission (403), and stays in its company", async () => {
    expect((await call("GET", "/api/admin/products")).status).toBe(401);
    expect((await call("GET", "/api/admin/products", ctx.driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/products", cashier.token)).status).toBe(200);
    expect((await call("POST", "/api/admin/products", cashier.token, workbook)).status).toBe(403);
    const settings = (await call("GET", "/api/admin/product-settings", cashier.token)).body;
    expect((await call("PUT", "/api/admin/product-settings", cashier.token, settings)).status).toBe(403);
    const mine = (await call("POST", "/api/admin/products", ctx.admin.token, { ...workbook, slug: "mine" }))
      .body;
    const theirs = await call("GET", `/api/admin/products/${mine.id}`, ctx.other.admin.token);
    expect(theirs.status).toBe(404);
    expect((await call("GET", "/api/admin/products", ctx.other.admin.token)).body.total).toBe(0);
    expect(
      (await call("POST", `/api/admin/products/${mine.id}/stock`, ctx.other.admin.token, { change: 1 }))
        .status,
    ).toBe(404);
    expect((await call("DELETE", `/api/admin/products/${mine.id}`, ctx.admin.token)).status).toBe(204);
  });
});
