import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A rejected import answers 400 on purpose; Chromium logs that response as a console error. */
const REJECTED = /Failed to load resource: the server responded with a status of 400/;

async function signedIn(path: string): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL((url) => url.pathname === "/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === path);
  return { page, errors: () => seen.filter((message) => !REJECTED.test(message)) };
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox").fill(text);
  await page.waitForURL((url) => url.searchParams.get("searchText") === text);
}

const table = (page: Page) => page.getByRole("table");

describe("customers in the back office", () => {
  it("creates, finds, edits and deletes a customer", async () => {
    const { page, errors } = await signedIn("/customers");
    await page.getByRole("heading", { level: 1, name: "Customers" }).waitFor();

    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a customer" });
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await dialog.getByText("Please enter a name").waitFor();

    const email = `grace.${run}@example.org`;
    await dialog.getByLabel("Name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("+31 20 555 0101");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await page.getByText("Grace Hopper has been added.").waitFor();
    await dialog.waitFor({ state: "detached" });

    await search(page, email);
    await table(page).getByRole("link", { name: "Grace Hopper", exact: true }).waitFor();

    await page.getByRole("button", { name: "Edit Grace Hopper" }).click();
    const edit = page.getByRole("dialog", { name: "Edit customer" });
    await edit.getByLabel("Name").fill("Grace B. Hopper");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Grace B. Hopper has been updated.").waitFor();
    await table(page).getByRole("link", { name: "Grace B. Hopper", exact: true }).waitFor();

    await page.getByRole("button", { name: "Delete Grace B. Hopper" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete").waitFor();
    await confirm.getByRole("button", { name: "Yes, Delete It" }).click();
    await page.getByText("Grace B. Hopper has been deleted.").waitFor();
    await expect
      .poll(() => table(page).getByRole("link", { name: "Grace B. Hopper", exact: true }).count())
      .toBe(0);
    expect(errors()).toEqual([]);
  });

  it("rejects an import with one bad row, writes nothing, then imports a good file", async () => {
    const { page, errors } = await signedIn("/customers");
    const bad = [
      "name,email,phone,address",
      `Ada Import,ada.${run}@example.org,,`,
      "Existing Learner,learner@example.com,,",
    ].join("\n");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import customers" });
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText("The import was rejected").waitFor();
    expect(await dialog.getByRole("progressbar", { name: "Import progress" }).count()).toBe(1);
    await dialog.getByText("Row 3").waitFor();
    await dialog.getByText("A customer with this email already exists.").waitFor();
    await dialog.getByText("Nothing was imported.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await search(page, `ada.${run}`);
    await page.getByText("Nothing matches your search.").waitFor();

    const good = [
      "name,email,phone,address",
      `Ada Import,ada.${run}@example.org,,`,
      `Alan Import,alan.${run}@example.org,+44 1,Bletchley`,
    ].join("\n");
    await page.getByRole("button", { name: "Import CSV" }).click();
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByText("2 customers imported.").waitFor();
    await table(page).getByRole("link", { name: "Ada Import", exact: true }).waitFor();

    await table(page).getByRole("link", { name: "Ada Import", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/customer-order/"));
    await page.getByRole("heading", { level: 1, name: "Ada Import" }).waitFor();
    await page.getByText("This customer has no orders yet.").waitFor();
    expect(errors()).toEqual([]);
  });
});

describe("coupons in the back office", () => {
  it("creates, finds, edits and deletes a coupon", async () => {
    const { page, errors } = await signedIn("/coupons");
    await page.getByRole("heading", { level: 1, name: "Coupons" }).waitFor();
    const code = `E2E${run}`.toUpperCase();

    await page.getByRole("button", { name: "Add Coupon" }).click();
    const drawer = page.getByRole("dialog", { name: "Add a coupon" });
    await drawer.getByRole("button", { name: "Add Coupon" }).click();
    await drawer.getByText("Please enter a campaign name").waitFor();
    await drawer.getByLabel("Campaign name (English)").fill("Autumn learning week");
    await drawer.getByLabel("Campaign code").fill(code.toLowerCase());
    await drawer.getByRole("button", { name: "Add Coupon" }).click();
    await page.getByText(`Coupon ${code} has been added.`).waitFor();

    await search(page, code);
    const row = table(page).getByRole("row").filter({ hasText: code });
    await row.getByText("Autumn learning week").waitFor();
    await row.getByText("Active").waitFor();

    await page.getByRole("button", { name: `Edit ${code}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit coupon" });
    await edit.getByLabel("Campaign name (English)").fill("Winter learning week");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(`Coupon ${code} has been updated.`).waitFor();
    await row.getByText("Winter learning week").waitFor();

    await page.getByRole("button", { name: `Delete ${code}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
    await page.getByText(`Coupon ${code} has been deleted.`).waitFor();
    await expect.poll(() => table(page).getByRole("row").filter({ hasText: code }).count()).toBe(0);
    expect(errors()).toEqual([]);
  });
});
