import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

/**
 * International › Translations (issue 21): a text changed in the back office is what the next
 * storefront page says, in that language only, and 'Reset to default' brings the code's text back.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const KEY = "footer.tagline";
const storefront = async (language: string) => (await fetch(`${baseUrl}/?lng=${language}`)).text();

describe("translations (admin screen)", () => {
  it("overrides the Dutch footer tagline through the form and resets it", async () => {
    const text = `Rustige lessen voor elk gezin ${Date.now()}`;
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    try {
      await page.goto(`${baseUrl}/translations?language=nl&searchText=${KEY}`);
      await page.getByRole("heading", { level: 1, name: "Translations" }).waitFor();
      await page.getByRole("button", { name: `Edit the text of ${KEY}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit text" });
      await dialog.getByRole("textbox", { name: "Text" }).fill(text);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await page
        .getByRole("row", { name: new RegExp(KEY) })
        .getByText(text)
        .waitFor();

      expect(await storefront("nl")).toContain(text);
      expect(await storefront("en")).not.toContain(text);

      await page.getByRole("button", { name: `Reset ${KEY} to the default text` }).click();
      await page
        .getByRole("row", { name: new RegExp(KEY) })
        .getByText(text)
        .waitFor({ state: "detached" });
      expect(await storefront("nl")).not.toContain(text);
      expect(errors).toEqual([]);
    } finally {
      await adminApi(baseUrl, `/api/admin/translations?language=nl&key=${KEY}`, "DELETE");
      await page.context().close();
    }
  });
});
