import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";
import { lastMailTo, outboxMailsTo } from "../../support/outbox";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
let browser: Browser;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(path: string, width = 1440): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === path);
  return { page, errors: () => seen };
}

describe("pending staff invitations", () => {
  it("lists an invitation, sends it again and withdraws it; its link then says so", async () => {
    const email = `pending.${run}@example.org`;
    const { page, errors } = await signedIn("/our-staff", 375);
    await page.getByRole("button", { name: "Invite staff" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: /Role/ }).click();
    await page.getByRole("option", { name: "Cashier", exact: true }).click();
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`The invitation has been sent to ${email}.`).waitFor();
    await lastMailTo(dataDir, email);

    const pending = page.getByRole("list", { name: "Pending invitations" });
    await pending.getByText(email).waitFor();
    await page.getByRole("button", { name: `Send the invitation to ${email} again` }).click();
    await page.getByText(`A new invitation link has been sent to ${email}.`).waitFor();
    await expect.poll(async () => (await outboxMailsTo(dataDir, email)).length, { timeout: 8000 }).toBe(2);

    await page.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
    await page.getByText(`The invitation to ${email} has been withdrawn.`).waitFor();
    await expect.poll(() => page.getByText(email, { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const mail = await lastMailTo(dataDir, email);
    const link = /https?:\/\/\S+\/signup\?invitation=[\w%-]+/.exec(mail.text)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page
      .getByText("This invitation has been withdrawn by an administrator.", { exact: false })
      .waitFor();
    expect(errors()).toEqual([]);
  });
});

describe("coupon limits and the audit log", () => {
  it("saves a coupon's usage limit, shows its use, and the audit log says before → after in English and Dutch", async () => {
    const { page, errors } = await signedIn("/coupons");
    const code = `LIM${run}`.toUpperCase();
    await page.getByRole("button", { name: "Add Coupon" }).click();
    const drawer = page.getByRole("dialog", { name: "Add a coupon" });
    await drawer.getByLabel("Campaign name (English)").fill("Limited week");
    await drawer.getByLabel("Campaign code").fill(code);
    await drawer.getByRole("textbox", { name: "Usage limit in total" }).fill("5");
    await drawer.getByRole("button", { name: "Add Coupon" }).click();
    await page.getByText(`Coupon ${code} has been added.`).waitFor();
    await page.getByRole("searchbox").fill(code);
    await page.waitForURL((url) => url.searchParams.get("searchText") === code);
    const row = page.getByRole("table").getByRole("row").filter({ hasText: code });
    await row.getByText("0 of 5").waitFor();

    await page.getByRole("button", { name: `Edit ${code}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit coupon" });
    await edit.getByRole("textbox", { name: "Usage limit in total" }).fill("10");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(`Coupon ${code} has been updated.`).waitFor();
    await row.getByText("0 of 10").waitFor();

    await page.goto(`${baseUrl}/audit-log?entity=coupon&action=update`);
    const entry = page.getByRole("row").filter({ hasText: code }).first();
    await entry.getByText("Usage limit: 5 → 10").waitFor();
    await page.context().addCookies([{ name: "i18next", value: "nl", url: baseUrl }]);
    await page.reload();
    await page
      .getByRole("row")
      .filter({ hasText: code })
      .first()
      .getByText("Gebruikslimiet: 5 → 10")
      .waitFor();
    expect(errors()).toEqual([]);
  });
});
