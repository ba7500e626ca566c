import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi as adminApiAt } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

/**
 * Issue 19's back-office screens for taxes: a country enabled on /countries, a tax zone of it and a
 * tax made through the forms and listed, then the zone (with its tax) deleted with the confirm dialog.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON answers loosely
type Json = any;

const adminApi = (path: string, method?: string, body?: unknown) => adminApiAt(baseUrl, path, method, body);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("tax zones and taxes (admin screens)", () => {
  it("creates a tax zone and a tax through the forms and lists them; the zone is deleted with its tax", async () => {
    const stamp = Date.now();
    const zoneName = `Alps ${stamp}`;
    const taxName = `MWST ${stamp}`;
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    const [liechtenstein] = (await adminApi("/api/admin/countries?searchText=Liechtenstein")).items;
    try {
      // Only enabled countries can be in a zone: enable Liechtenstein (the demo school sells to NL and BE).
      if (!liechtenstein.enabled) {
        await page.goto(`${baseUrl}/countries?searchText=Liechtenstein`);
        await page.getByRole("button", { name: "Enable Liechtenstein" }).click();
        await page.getByRole("button", { name: "Disable Liechtenstein" }).waitFor();
      }
      await page.goto(`${baseUrl}/tax-zones`);
      await page.getByRole("heading", { level: 1, name: "Tax Zones" }).waitFor();
      await page.getByRole("button", { name: "Add tax zone" }).click();
      const zoneForm = page.getByRole("dialog", { name: "Add tax zone" });
      await zoneForm.getByRole("textbox", { name: "Name" }).fill(zoneName);
      await zoneForm.getByRole("button", { name: /Countries and states/ }).click();
      const places = page.getByRole("listbox", { name: /Countries and states/ });
      await places.getByRole("option", { name: "Liechtenstein", exact: true }).click();
      await page.keyboard.press("Escape");
      await places.waitFor({ state: "hidden" });
      await zoneForm.getByRole("button", { name: "Save" }).click();
      await zoneForm.waitFor({ state: "detached" });
      await page
        .getByRole("row", { name: new RegExp(zoneName) })
        .getByText("Liechtenstein", { exact: true })
        .waitFor();

      await page.goto(`${baseUrl}/taxes`);
      await page.getByRole("heading", { level: 1, name: "Taxes" }).waitFor();
      await page.getByRole("button", { name: "Add tax" }).click();
      const taxForm = page.getByRole("dialog", { name: "Add tax" });
      await taxForm.getByRole("button", { name: /Tax zone/ }).click();
      await page.getByRole("listbox").getByRole("option", { name: zoneName, exact: true }).click();
      await taxForm.getByRole("textbox", { name: "Name" }).fill(taxName);
      // A rate that is not a percentage is refused with a clear message, then corrected.
      await taxForm.getByRole("textbox", { name: "Rate (%)" }).fill("eight");
      await taxForm.getByRole("button", { name: "Save" }).click();
      await taxForm.getByText("Enter the rate as a percentage, e.g. 21 or 5.5").waitFor();
      await taxForm.getByRole("textbox", { name: "Rate (%)" }).fill("8,1");
      await taxForm.getByRole("button", { name: "Save" }).click();
      await taxForm.waitFor({ state: "detached" });
      const row = page.getByRole("row", { name: new RegExp(taxName) });
      await row.getByText(zoneName).waitFor();
      await row.getByText("8.1").waitFor();

      await page.goto(`${baseUrl}/tax-zones`);
      await page
        .getByRole("row", { name: new RegExp(zoneName) })
        .getByText(taxName)
        .waitFor();
      await page.getByRole("button", { name: `Delete ${zoneName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
      await page.getByRole("row", { name: new RegExp(zoneName) }).waitFor({ state: "detached" });
      const taxes = await adminApi(`/api/admin/taxes?searchText=${encodeURIComponent(taxName)}`);
      expect(taxes.items).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      // A failed attempt leaves nothing behind for the next one (deleting a zone deletes its taxes).
      const zones = await adminApi("/api/admin/tax-zones");
      for (const zone of zones.items.filter((item: Json) => item.name === zoneName)) {
        await adminApi(`/api/admin/tax-zones/${zone.id}`, "DELETE");
      }
      await adminApi(`/api/admin/countries/${liechtenstein.id}`, "PATCH", { enabled: liechtenstein.enabled });
      await page.context().close();
    }
  });
});
