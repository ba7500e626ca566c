import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi as adminApiAt } from "../../support/admin-api";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";
import { payWithDemoCard } from "../../support/demo-payment";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;

let imagePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  imagePath = join(await mkdtemp(join(tmpdir(), "shop-e2e-")), "journal.png");
  await writeFile(
    imagePath,
    await sharp({ create: { width: 800, height: 800, channels: 3, background: "#2f7383" } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await browser?.close();
});

/** A call to the admin API as the e2e administrator. */
const adminApi = (path: string, method?: string, body?: unknown) => adminApiAt(baseUrl, path, method, body);

/** A page of the back office, signed in as the e2e administrator, at `path`. */
async function signedInStaff(path: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === new URL(path, baseUrl).pathname);
  return page;
}

describe("the shop", () => {
  it("buys a course and a curriculum box edition in one order; the edition's stock goes down", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);

    // The shop, from the main navigation, lists the demo school's products.
    await page.goto(`${baseUrl}/`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    await page.getByRole("heading", { name: "Shop", level: 1 }).waitFor();
    await page.getByRole("searchbox", { name: "Search products" }).fill("curriculum box");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/searchText=curriculum/);
    await page.getByRole("link", { name: "Science curriculum box, year 3", exact: true }).click();
    await page.waitForURL(`${baseUrl}/product/science-curriculum-box`);

    // The product page: the Student edition first, then the Teacher edition with its own price and stock.
    await page.getByRole("heading", { name: "Science curriculum box, year 3", level: 1 }).waitFor();
    await page.getByRole("radio", { name: "Student" }).waitFor();
    expect(await page.getByRole("radio", { name: "Student" }).isChecked()).toBe(true);
    await page.getByText("12 in stock").waitFor();
    await page.getByText("Teacher", { exact: true }).click();
    await page.getByText("4 in stock").waitFor();
    await page.getByText("€119").first().waitFor();
    await page.getByText("SKU: BOX-SCI-3-T").waitFor();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart.").waitFor();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();

    // A course beside it.
    await page.goto(`${baseUrl}/`);
    const course = page
      .locator("article")
      .filter({ has: page.getByRole("button", { name: /^Enroll/ }) })
      .first();
    const courseTitle = (await course.getByRole("heading").textContent())?.trim() ?? "";
    await course.getByRole("button", { name: /^Enroll/ }).click();
    await page.getByRole("link", { name: "Cart, 2 items" }).waitFor();

    // The cart holds both, the box with its edition.
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole("heading", { name: courseTitle }).waitFor();
    const boxLine = page.getByRole("listitem").filter({ hasText: "Science curriculum box, year 3" });
    await boxLine.getByText("Teacher").waitFor();
    await boxLine.getByText(/^€119(\.00)? each$/).waitFor();
    await page.getByText("2 items").waitFor();

    // Checkout as a guest and pay.
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    await page.getByRole("textbox", { name: "Name" }).fill("Sam Shopper");
    await page.getByRole("textbox", { name: "Email" }).fill("sam.shop.e2e@example.com");
    await page.getByText("Science curriculum box, year 3").first().waitFor();
    // The box is shipped: address, phone and one of the carriers that serve the country, with its cost.
    await page.getByRole("combobox", { name: "Country to ship to" }).selectOption("NL");
    await page.getByRole("textbox", { name: "Street and house number" }).fill("Kerkstraat 1");
    await page.getByRole("textbox", { name: "Postal code" }).fill("1017 GC");
    await page.getByRole("textbox", { name: "City" }).fill("Amsterdam");
    await page.getByRole("textbox", { name: "Phone number" }).fill("+31 20 123 4567");
    await page.getByRole("radio", { name: /PostNL/ }).check();
    await page.getByText("Shipping (PostNL)").waitFor();
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithDemoCard(page);
    await page
      .getByText(/Science curriculum box, year 3/)
      .first()
      .waitFor();
    await page.getByText(courseTitle).first().waitFor();

    expect(errors).toEqual([]);
    await page.close();

    // Staff see the Teacher edition's stock go from 4 to 3, with the sale in its history, and the box
    // on the dashboard's low-stock list (the demo school's low-stock value is 5).
    const staff = await signedInStaff("/products?searchText=curriculum%20box");
    const staffErrors = watchErrors(staff);
    await staff.getByRole("link", { name: "Science curriculum box, year 3" }).first().click();
    await staff.getByRole("heading", { level: 1, name: /Science curriculum box, year 3/ }).waitFor();
    expect(await staff.getByRole("textbox", { name: "Quantity of Teacher", exact: true }).inputValue()).toBe(
      "3",
    );
    const sale = staff.getByRole("table", { name: "Stock movements, newest first" }).getByRole("row").nth(1);
    await sale.getByRole("cell", { name: /^Sale/ }).waitFor();
    await sale.getByRole("cell", { name: "Teacher", exact: true }).waitFor();
    await sale.getByRole("cell", { name: "-1", exact: true }).waitFor();
    await sale.getByRole("cell", { name: "3", exact: true }).waitFor();
    await sale.getByText(/^Order \d+$/).waitFor();
    await staff.goto(`${baseUrl}/dashboard`);
    const low = staff.getByRole("table", { name: "Low stock" });
    await low.getByRole("link", { name: "Science curriculum box, year 3" }).first().waitFor();
    expect(staffErrors).toEqual([]);
    await staff.context().close();
  });

  it("says there is nothing to show when no product matches", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/shop?searchText=no-such-product-anywhere`);
    await page.getByText("No products match these filters.").waitFor();
    await page.getByRole("link", { name: "Clear filters" }).waitFor();
    await page.close();
  });
});

describe("products in the back office", () => {
  it("creates a product with size variants, edits a variant's price and stock, adds a picture and finds it in the list", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent("/products")}`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/products");
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();

    // A new physical product whose variants are the sizes.
    const title = `Lab journal ${Date.now()}`;
    await page.getByRole("link", { name: "Add product" }).first().click();
    await page.waitForURL((url) => url.pathname === "/products/new");
    await page.getByRole("button", { name: "Create product" }).waitFor();
    await page.getByLabel("Title (English)").fill(title);
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("12.50");
    await page.getByRole("button", { name: /Attributes for variants$/ }).click();
    const listbox = page.getByRole("listbox", { name: "Attributes for variants" });
    await listbox.getByRole("option", { name: "Size", exact: true }).click();
    await page.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    await page.getByText("Published", { exact: true }).click();
    expect(await page.getByRole("switch", { name: "Published" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((url) => /^\/products\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    for (const size of ["S", "M", "L"])
      await page.getByRole("rowheader", { name: size, exact: true }).waitFor();

    // One variant costs more, another gets stock: both saved, the stock change in the history.
    await page.getByRole("button", { name: "Save product" }).waitFor();
    await page.getByRole("textbox", { name: "Price of L", exact: true }).fill("14.00");
    await page.getByRole("textbox", { name: "Quantity of M", exact: true }).fill("7");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Product saved.").waitFor();
    await expect
      .poll(() => page.getByRole("textbox", { name: "Price of L", exact: true }).inputValue())
      .toBe("14.00");
    expect(await page.getByRole("textbox", { name: "Quantity of M", exact: true }).inputValue()).toBe("7");
    await page.getByText("€11.57 excl. tax").waitFor();

    // A delivery of 5 of size S, by hand, with a note.
    await page.getByRole("combobox", { name: "Variant" }).selectOption({ label: "S (0)" });
    await page.getByRole("textbox", { name: "Change" }).fill("5");
    await page.getByRole("textbox", { name: "Note" }).fill("Delivery from the printer");
    await page.getByRole("button", { name: "Change stock" }).click();
    await page.getByText("Stock changed.").waitFor();
    await page.getByRole("cell", { name: "Delivery from the printer" }).waitFor();
    await page.getByRole("cell", { name: "Changed by staff" }).first().waitFor();

    // A picture (JPEG, WebP or PNG).
    await page.getByLabel("Add an image").setInputFiles(imagePath);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("img", { name: "Image 1" }).waitFor();

    // The list finds it by its title, with its stock and variants; the shop shows it from its lowest price.
    await page.goto(`${baseUrl}/products`);
    await page.getByRole("searchbox", { name: /Search by title/ }).fill(title);
    await page.waitForURL((url) => url.searchParams.get("searchText") === title);
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByText("3 variants").waitFor();
    await row.getByText("12", { exact: true }).waitFor();
    await page.goto(`${baseUrl}/shop?searchText=${encodeURIComponent(title)}`);
    const card = page.locator("article").filter({ hasText: title });
    await card.getByText("€12.50").waitFor();
    await card.getByRole("link", { name: /Choose options/ }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("product settings", () => {
  it("asks the spec's questions before the unit system changes and before child products are turned off", async () => {
    const page = await signedInStaff("/settings?tab=products");
    const errors = watchErrors(page);
    const question = page.getByRole("alertdialog");
    const save = () => page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = () => page.getByText("Your changes have been saved.").first().waitFor();
    const settled = () => page.getByRole("button", { name: "Save", exact: true }).waitFor();

    // Metric → Imperial: the question first; the units follow the system.
    await page.getByRole("button", { name: /Unit system/ }).click();
    await page.getByRole("option", { name: "Imperial" }).click();
    expect(await page.getByRole("textbox", { name: "Length unit" }).inputValue()).toBe("Inch");
    await save();
    await question
      .getByText(
        "Changing unit system could cause misbehavior of existing products and stocks. Are you sure you want to do this ?",
        { exact: true },
      )
      .waitFor();
    await question.getByRole("button", { name: "Yes, continue" }).click();
    await saved();
    expect((await adminApi("/api/admin/product-settings")).unitSystem).toBe("imperial");
    // And back, after the same question.
    await page.getByRole("button", { name: /Unit system/ }).click();
    await page.getByRole("option", { name: "Metric" }).click();
    await save();
    await question.getByRole("button", { name: "Yes, continue" }).click();
    await saved();
    // The first save's toast may still be up: wait for this save itself.
    await expect
      .poll(async () => (await adminApi("/api/admin/product-settings")).unitSystem, { timeout: 10_000 })
      .toBe("metric");
    // The form is rebuilt from the saved values once they are back (Save stops saying "Saving…").
    await settled();

    // Child products on: the editor offers a master product.
    await page.getByText("Master and child products", { exact: true }).click();
    await save();
    await saved();
    // The unit system's toasts may still be up: wait for this save itself.
    await expect
      .poll(async () => (await adminApi("/api/admin/product-settings")).childProducts, { timeout: 10_000 })
      .toBe(true);
    await settled();
    const master = await adminApi("/api/admin/products", "POST", {
      type: "physical",
      title: { en: `Uniform set ${Date.now()}` },
      priceCents: 4000,
      quantity: 20,
    });
    await page.goto(`${baseUrl}/products/new`);
    await page.getByLabel("Title (English)").fill("Uniform tie");
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("8.00");
    await page.getByRole("button", { name: /Master product/ }).click();
    await page.getByRole("option", { name: master.title.en }).click();
    await page.getByText("Published", { exact: true }).click();
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((url) => /^\/products\/[0-9a-f-]{36}$/.test(url.pathname));
    const childId = new URL(page.url()).pathname.split("/").at(-1)!;
    expect(await adminApi(`/api/admin/products/${childId}`)).toMatchObject({
      parentProductId: master.id,
      published: true,
    });

    // Off again: the question, then the child product is unpublished.
    await page.goto(`${baseUrl}/settings?tab=products`);
    await page.getByText("Master and child products", { exact: true }).click();
    await save();
    await question
      .getByText(
        "You already have child products in the system. Turning this feature off will unpublish them. Would you like to continue ?",
        { exact: true },
      )
      .waitFor();
    await question.getByRole("button", { name: "Yes, continue" }).click();
    await saved();
    expect((await adminApi(`/api/admin/products/${childId}`)).published).toBe(false);
    expect((await adminApi(`/api/admin/products/${master.id}`)).published).toBe(true);

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
