import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../../support/admin-api";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

const baseUrl = inject("baseUrl");
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("customer credit in the back office", () => {
  it("tops up a customer's credit on their page after a confirmation naming the amount", async () => {
    const customer = await adminApi(baseUrl, "/api/customer/create", "POST", {
      name: `Cleo Credit ${run}`,
      email: `cleo.credit.${run}@example.org`,
    });
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    try {
      await page.goto(`${baseUrl}/customer-order/${customer.id}`);
      await page.getByRole("heading", { level: 1, name: `Cleo Credit ${run}` }).waitFor();
      expect(await page.getByTestId("credit-balance").textContent()).toBe("€0");
      await page.getByLabel("Amount (EUR)").fill("25.50");
      await page.getByRole("button", { name: "Top up", exact: true }).click();
      const dialog = page.getByRole("alertdialog", {
        name: `Top up the credit of Cleo Credit ${run} by €25.50?`,
      });
      await dialog.waitFor();
      await dialog.getByText("The balance becomes €25.50.", { exact: false }).waitFor();
      await dialog.getByRole("button", { name: "Top up" }).click();
      await page.getByText("Credit changed.").waitFor();
      await expect.poll(() => page.getByTestId("credit-balance").textContent()).toBe("€25.50");
      const ledger = page.locator("table", { has: page.locator("caption", { hasText: "Credit ledger" }) });
      await ledger.getByRole("cell", { name: "Top-up" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe("cash drawer sessions", () => {
  it("opens a drawer, takes cash in, closes it with a count and prints the Z-report", async () => {
    const register = `Desk ${run}`;
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    try {
      await page.goto(`${baseUrl}/pos-drawers`);
      await page.getByRole("heading", { level: 1, name: "Cash drawers" }).waitFor();
      await page.getByLabel("Register").fill(register);
      await page.getByLabel("Opening float (EUR)").fill("100.00");
      await page.getByRole("button", { name: "Open drawer" }).click();
      await page.getByRole("heading", { level: 1, name: `Drawer: ${register}` }).waitFor();

      await page.getByLabel("Amount (EUR)").fill("20");
      await page.getByLabel("Reason").first().fill("Change from the bank");
      await page.getByRole("button", { name: "Record" }).click();
      await page.getByText("Cash movement recorded.").waitFor();
      await page.getByRole("cell", { name: "Change from the bank" }).waitFor();

      await page.getByLabel("Counted cash (EUR)").fill("119.50");
      await page.getByRole("button", { name: "Close drawer" }).click();
      const dialog = page.getByRole("alertdialog", {
        name: `Close the drawer of ${register} with €119.50 counted?`,
      });
      await dialog.getByText("Expected: €120. Difference: -€0.50.", { exact: false }).waitFor();
      await dialog.getByRole("button", { name: "Close drawer" }).click();
      await page.getByText("Drawer closed.").waitFor();
      await page.getByText("Closed", { exact: true }).first().waitFor();

      await page.getByRole("link", { name: "Print Z-report" }).click();
      await page.getByRole("heading", { level: 1, name: `Z-report: ${register}` }).waitFor();
      const report = page.getByRole("main");
      await report.getByText("Expected in the drawer").waitFor();
      expect(await report.textContent()).toContain("Counted cash: €119.50");
      expect(await report.textContent()).toContain("Difference: -€0.50");
      await page.getByRole("button", { name: "Print" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
