import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi as adminApiAt } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

/**
 * Issue 21's Menu Editor: an entry added and moved up through the form shows in the storefront
 * header at once (the shared page cache does not keep the old menu). The menus are put back after.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

const adminApi = (path: string, method?: string, body?: unknown) => adminApiAt(baseUrl, path, method, body);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("menu editor (admin screen)", () => {
  it("adds a header entry, moves it up, saves, and the storefront header shows it", async () => {
    const label = `Open day ${Date.now()}`;
    const before = await adminApi("/api/admin/menus");
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    try {
      // The storefront home page, rendered (and shared) before the change.
      const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await visitor.goto(`${baseUrl}/`);
      const mainNav = visitor.getByRole("navigation", { name: "Main" });
      await mainNav.getByRole("link", { name: "All courses" }).waitFor();

      await page.goto(`${baseUrl}/store/menu-editor`);
      await page.getByRole("heading", { level: 1, name: "Menu Editor" }).waitFor();
      const n = before.header.length + 1;
      await page.getByRole("button", { name: "Add an entry to the Header menu" }).click();
      await page.getByRole("textbox", { name: `Header entry ${n} label (English)` }).fill(label);
      await page.getByRole("combobox", { name: `Header entry ${n} links to` }).selectOption("url");
      await page.getByRole("textbox", { name: `Header entry ${n} address` }).fill("/offers");
      await page.getByRole("button", { name: `Move Header entry ${n} up` }).click();
      await page.getByRole("textbox", { name: `Header entry ${n - 1} label (English)` }).waitFor();
      await page.getByRole("button", { name: "Save menus" }).first().click();
      await page.getByText("Your changes have been saved.").first().waitFor();

      const saved = await adminApi("/api/admin/menus");
      expect(saved.header[n - 2].label.en).toBe(label);

      await visitor.reload();
      const link = mainNav.getByRole("link", { name: label });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe("/offers");
      expect(errors).toEqual([]);
      await visitor.close();
    } finally {
      // The menus as they were (a school that had not saved any gets the same entries, now saved).
      await adminApi("/api/admin/menus", "PUT", { header: before.header, footer: before.footer });
      await page.context().close();
    }
  });
});
