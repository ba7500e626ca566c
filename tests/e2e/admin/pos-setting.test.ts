import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("POS Setting", () => {
  it("saves the receipt width and the cashier override, and names the field a bad value is in", async () => {
    const before = await adminApi(baseUrl, "/api/admin/pos-settings");
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1280);
    try {
      await page.goto(`${baseUrl}/pos-setting`);
      await page.getByRole("button", { name: /Receipt width/ }).click();
      await page.getByRole("option", { name: before.receiptWidth === 80 ? "58 mm" : "80 mm" }).click();
      await page.getByText("Let cashiers override items in use", { exact: true }).click();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "saved" }).waitFor();
      expect(await adminApi(baseUrl, "/api/admin/pos-settings")).toMatchObject({
        receiptWidth: before.receiptWidth === 80 ? 58 : 80,
        cashierOverride: !before.cashierOverride,
      });

      // A bad number: the field says what is wrong, and nothing is saved.
      await page.getByRole("textbox", { name: "Products on the POS home page" }).fill("0");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The number of products must be at least 1").waitFor();
      expect((await adminApi(baseUrl, "/api/admin/pos-settings")).homeProducts).toBe(before.homeProducts);
      // The refused save is a 400 the browser logs; nothing else may be.
      expect(errors.filter((message) => !/status of 400/.test(message))).toEqual([]);
    } finally {
      await adminApi(baseUrl, "/api/admin/pos-settings", "PUT", before);
      await page.context().close();
    }
  });
});
