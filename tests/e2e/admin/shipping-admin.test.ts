import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi as adminApiAt } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

/**
 * Issue 19's back-office screens for shipping: a zone of two countries and a carrier with a cost
 * range there, made through the forms, offered at checkout, then deleted with the confirm dialog.
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

describe("shipping zones and carriers (admin screens)", () => {
  it("creates a zone and a carrier through the forms; checkout offers it; both are deleted again", async () => {
    const stamp = Date.now();
    const zoneName = `Nordics ${stamp}`;
    const carrierName = `Fjord Post ${stamp}`;
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    try {
      await page.goto(`${baseUrl}/shipping-zones`);
      await page.getByRole("heading", { level: 1, name: "Shipping Zones" }).waitFor();
      await page.getByRole("button", { name: "Add shipping zone" }).click();
      const zoneForm = page.getByRole("dialog", { name: "Add shipping zone" });
      await zoneForm.getByRole("textbox", { name: "Name" }).fill(zoneName);
      await zoneForm.getByRole("button", { name: /Countries and states/ }).click();
      const places = page.getByRole("listbox", { name: /Countries and states/ });
      await places.getByRole("option", { name: "Iceland", exact: true }).click();
      await places.getByRole("option", { name: "Norway", exact: true }).click();
      await page.keyboard.press("Escape");
      await places.waitFor({ state: "hidden" });
      await zoneForm.getByRole("button", { name: "Save" }).click();
      await zoneForm.waitFor({ state: "detached" });
      await page
        .getByRole("row", { name: new RegExp(zoneName) })
        .getByText("Iceland; Norway")
        .waitFor();

      await page.goto(`${baseUrl}/store/shipping-carriers`);
      await page.getByRole("heading", { level: 1, name: "Shipping carriers" }).waitFor();
      await page.getByRole("switch", { name: "Offer cash on delivery" }).waitFor();
      await page.getByRole("button", { name: "Add carrier" }).click();
      const carrierForm = page.getByRole("dialog", { name: "Add carrier" });
      await carrierForm.getByRole("textbox", { name: "Name" }).fill(carrierName);
      await carrierForm
        .getByRole("textbox", { name: "Tracking URL template" })
        .fill("https://fjord.example/track/{tracking}");
      await carrierForm.getByRole("button", { name: "Add cost range" }).click();
      await carrierForm.getByRole("button", { name: /Zone/ }).click();
      await page.getByRole("listbox").getByRole("option", { name: zoneName, exact: true }).click();
      await carrierForm.getByRole("textbox", { name: "Cost (€)" }).fill("7.50");
      await carrierForm.getByRole("button", { name: "Save" }).click();
      await carrierForm.waitFor({ state: "detached" });
      await page
        .getByRole("row", { name: new RegExp(carrierName) })
        .getByText(zoneName)
        .waitFor();

      // Checkout offers it for an address in the zone, at its cost.
      const products = await adminApi(
        `/api/admin/products?searchText=${encodeURIComponent("Fractions workbook")}`,
      );
      const workbook = products.items.find((item: Json) => item.slug === "fractions-workbook");
      const quote = await fetch(`${baseUrl}/api/checkout/quote`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          items: [{ productId: workbook.id }],
          shipping: {
            country: "NO",
            line1: "Fjordveien 1",
            postalCode: "5003",
            city: "Bergen",
            phone: "+47 55 00 00 00",
          },
        }),
      }).then((response) => response.json() as Promise<Json>);
      const offer = quote.shipping.options.find((option: Json) => option.name === carrierName);
      expect(offer?.costCents).toBeGreaterThan(0);

      // Deleted with the confirm dialog: the carrier, then the zone.
      await page.getByRole("button", { name: `Delete ${carrierName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
      await page.getByRole("row", { name: new RegExp(carrierName) }).waitFor({ state: "detached" });
      await page.goto(`${baseUrl}/shipping-zones`);
      await page.getByRole("button", { name: `Delete ${zoneName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
      await page.getByRole("row", { name: new RegExp(zoneName) }).waitFor({ state: "detached" });
      expect(errors).toEqual([]);
    } finally {
      // A failed attempt leaves nothing behind for the next one.
      const carriers = await adminApi("/api/admin/shipping-carriers");
      for (const carrier of carriers.items.filter((item: Json) => item.name === carrierName)) {
        await adminApi(`/api/admin/shipping-carriers/${carrier.id}`, "DELETE");
      }
      const zones = await adminApi("/api/admin/shipping-zones");
      for (const zone of zones.items.filter((item: Json) => item.name === zoneName)) {
        await adminApi(`/api/admin/shipping-zones/${zone.id}`, "DELETE");
      }
      await page.context().close();
    }
  });
});
