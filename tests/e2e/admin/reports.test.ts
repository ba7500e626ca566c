import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

const REPORTS = [
  "Sales over time",
  "Sales by course and product",
  "Sales by category",
  "Sales by payment method",
  "Sales by channel",
  "Refunds and returns",
  "Taxes collected by country and rate",
  "New and returning customers",
];

describe("reports", () => {
  it("opens from the menu, changes the period, refuses a reversed one and downloads each report as CSV (and one as PDF)", async () => {
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
    await page.getByRole("link", { name: "Reports", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/reports");
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    for (const title of REPORTS) await page.getByRole("heading", { level: 2, name: title }).waitFor();
    // The default period: the last 30 days.
    const last30 = page.getByRole("link", { name: "Last 30 days" });
    expect(await last30.getAttribute("aria-current")).toBe("page");

    // A preset: the last 7 days, one row a day in the sales table.
    await page.getByRole("link", { name: "Last 7 days" }).click();
    await page.waitForURL((url) => url.searchParams.has("from"));
    await expect
      .poll(() => page.getByRole("link", { name: "Last 7 days" }).getAttribute("aria-current"))
      .toBe("page");
    const sales = page.getByRole("table", { name: "Sales over time" });
    await expect.poll(() => sales.locator("tbody tr").count()).toBe(7);
    const to = new URL(page.url()).searchParams.get("to")!;

    // A custom period by month: the six months up to today's.
    const [year, month] = to.split("-").map(Number) as [number, number];
    const from = new Date(Date.UTC(year, month - 6, 1)).toISOString().slice(0, 10);
    const months = 6;
    await page.getByLabel("From").fill(from);
    await page.getByLabel("To", { exact: true }).fill(to);
    await page.getByLabel("Group sales by").selectOption("month");
    await page.getByRole("button", { name: "Show reports" }).click();
    await page.waitForURL((url) => url.searchParams.get("groupBy") === "month");
    await expect.poll(() => sales.locator("tbody tr").count()).toBe(months);

    // The CSV of the sales: a header and one row per month, as the table shows.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV (Sales over time)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-${from}-${to}.csv`);
    const csv = (await readFile((await download.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("period,orders,gross_cents,discount_cents,tax_cents,net_cents,total_cents,currency");
    expect(csv).toHaveLength(months + 1);
    expect(csv[1]!.startsWith(`${from},`)).toBe(true);
    // The same report and period as PDF, from the button beside the CSV's.
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF (Sales over time)" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`sales-${from}-${to}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Every other report downloads too, with its header row.
    for (const title of REPORTS.slice(1)) {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: `Download CSV (${title})` }).click(),
      ]);
      const text = await readFile((await file.path())!, "utf8");
      expect(text.replace(/^\uFEFF/, "").split("\r\n")[0], title).toMatch(/^[a-z_]+(,[a-z_]+)+$/);
    }

    // A period that ends before it starts: the reason, and no figures.
    await page.getByLabel("From").fill(to);
    await page.getByLabel("To", { exact: true }).fill(from);
    await page.getByRole("button", { name: "Show reports" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "The start date must be on or before the end date." })
      .waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Sales over time" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
