import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi as adminApiAt } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";

/**
 * Issue 19's browser test: a workbook shipped to Belgium and paid in cash on delivery; staff ship it
 * with a tracking number and record the cash; the buyer sees the carrier, the tracking link and an
 * invoice with each VAT rate.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let workbookId: string;

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON answers loosely
type Json = any;

/** A call to the admin API as the e2e administrator. */
const adminApi = (path: string, method?: string, body?: unknown) => adminApiAt(baseUrl, path, method, body);

beforeAll(async () => {
  browser = await launchBrowser();
  // Cash on delivery is off in the demo school; the workbook is a book, taxed at the reduced rate.
  await adminApi("/api/admin/shipping-settings", "PUT", { cashOnDelivery: true });
  const list = await adminApi(`/api/admin/products?searchText=${encodeURIComponent("Fractions workbook")}`);
  workbookId = list.items.find((item: Json) => item.slug === "fractions-workbook").id;
  await adminApi(`/api/admin/products/${workbookId}`, "PATCH", { taxClass: "reduced" });
});
afterAll(async () => {
  await adminApi("/api/admin/shipping-settings", "PUT", { cashOnDelivery: false });
  if (workbookId) await adminApi(`/api/admin/products/${workbookId}`, "PATCH", { taxClass: null });
  await browser?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${baseUrl}/customer-signup`);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("shipping-password-1");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(onPath("/user-dashboard"));
}

describe("shipping and cash on delivery", () => {
  it("buys a workbook shipped to Belgium, paid on delivery; staff ship it; the buyer tracks it and reads the invoice", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, "Lotte Peeters", `shipping.cod.${Date.now()}@example.com`);

    // The workbook and a course in the cart.
    await page.goto(`${baseUrl}/product/fractions-workbook`);
    await page.getByRole("heading", { name: "Fractions workbook", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart.").waitFor();
    await page.goto(`${baseUrl}/`);
    const course = page
      .locator("article")
      .filter({ has: page.getByRole("button", { name: /^Enroll/ }) })
      .first();
    const courseTitle = (await course.getByRole("heading").textContent())?.trim() ?? "";
    await course.getByRole("button", { name: /^Enroll/ }).click();
    await page.getByRole("link", { name: "Cart, 2 items" }).waitFor();

    // Checkout: the address in Belgium, the carrier that serves it with its cost, cash on delivery.
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(onPath("/checkout"));
    await page.getByText("Signed in as Lotte Peeters").waitFor();
    await page.getByText("Carrier", { exact: true }).waitFor();
    await page.getByText("Choose the country to ship to, to see the carriers and their cost.").waitFor();
    await page.getByRole("combobox", { name: "Country to ship to" }).selectOption("BE");
    await page.getByRole("textbox", { name: "Street and house number" }).fill("Grote Markt 1");
    await page.getByRole("textbox", { name: "Postal code" }).fill("1000");
    await page.getByRole("textbox", { name: "City" }).fill("Brussel");
    await page.getByRole("textbox", { name: "Phone number" }).fill("+32 2 123 45 67");
    const postnl = page.getByRole("radio", { name: /PostNL/ });
    // The workbook weighs 450 g: PostNL's first weight range.
    await page.getByText("€4.95").first().waitFor();
    await postnl.check();
    await page.getByText("Shipping (PostNL)").waitFor();
    await page.getByRole("checkbox", { name: /Pay cash on delivery/ }).check();
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Place order, pay on delivery" }).click();

    // No card: the order is placed and waits for the cash.
    await page.waitForURL(onPath("/thank-you"));
    await page.getByText("Your order is placed. You pay in cash when the parcel is delivered.").waitFor();
    const orderId = new URL(page.url()).searchParams.get("order")!;
    const orderNumber = (await page.getByTestId("order-number").textContent())!.replace(/\D+/g, "");
    const shipment = page.getByRole("region", { name: "Shipping" });
    await shipment.getByText("Not shipped yet").waitFor();
    await shipment.getByText("PostNL", { exact: true }).waitFor();
    await shipment.getByText(/Grote Markt 1/).waitFor();

    // Staff ship it with a tracking number, then record the cash and deliver it.
    const tracking = `3SABCD${Date.now()}`;
    const { page: staff, errors: staffErrors } = await signedInAdmin(browser, baseUrl, 1440);
    await staff.goto(`${baseUrl}/order/${orderId}`);
    await staff.getByRole("heading", { level: 1, name: `Order ${orderNumber}` }).waitFor();
    // Placed and unpaid: Pending until staff record the cash.
    await staff.getByText("Pending", { exact: true }).first().waitFor();
    await staff.getByRole("textbox", { name: "Tracking number" }).fill(tracking);
    await staff.getByRole("button", { name: "Mark shipped" }).click();
    await staff.getByText("Marked as shipped: the buyer now sees the tracking link.").first().waitFor();
    await staff.getByText(`Tracking number ${tracking}`).waitFor();

    await staff.getByRole("button", { name: /Method$/ }).click();
    await staff.getByRole("option", { name: "Cash", exact: true }).click();
    await staff.getByLabel("Reference").fill("Cash from PostNL");
    await staff.getByRole("button", { name: "Mark as paid" }).click();
    const record = staff.getByRole("alertdialog", { name: /^Record €[\d.,]+ received by cash\?$/ });
    await record.getByRole("button", { name: "Yes, record the payment" }).click();
    await staff
      .getByText(/^Payment of €[\d.,]+ recorded\.$/)
      .first()
      .waitFor();
    await staff.getByRole("button", { name: /New status/ }).click();
    await staff.getByRole("option", { name: "Delivered", exact: true }).click();
    await staff.getByRole("button", { name: "Change status" }).click();
    await staff.getByText(`Order ${orderNumber} is now Delivered.`).waitFor();
    expect(staffErrors).toEqual([]);
    await staff.context().close();

    // The buyer's order page: the carrier and its tracking link.
    await page.reload();
    const track = shipment.getByRole("link", { name: "Track the parcel with PostNL" });
    await track.waitFor();
    expect(await track.getAttribute("href")).toBe(`https://jouw.postnl.nl/track-and-trace/${tracking}`);

    // The invoice in the learner area: each VAT rate, the shipping line, and the tracking link again.
    await page.goto(`${baseUrl}/user-dashboard`);
    // The placed order's items left the cart: the header (not on the thank-you page) counts none.
    await page.getByRole("link", { name: "Cart, 0 items" }).waitFor();
    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", { name: "Invoices" })
      .click();
    await page.waitForURL(onPath("/user-invoice"));
    await page.getByRole("link", { name: /^View invoice / }).click();
    await page.waitForURL(/\/single-invoice\/[0-9a-f-]+$/);
    const main = page.getByRole("main");
    await main.getByText("Fractions workbook").first().waitFor();
    await main.getByText(courseTitle).first().waitFor();
    await main.getByText("Cash on delivery").first().waitFor();
    await main.getByText(/^VAT 6\s?% over .+ \(included\)$/).waitFor();
    await main.getByText(/^VAT 21\s?% over .+ \(included\)$/).waitFor();
    await main.getByText("Shipping (PostNL)").waitFor();
    const invoiceTrack = main.getByRole("link", { name: "Track the parcel with PostNL" });
    expect(await invoiceTrack.getAttribute("href")).toBe(
      `https://jouw.postnl.nl/track-and-trace/${tracking}`,
    );

    expect(errors).toEqual([]);
    await context.close();
  });
});
