import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { horizontalOverflow, signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (width: number) => signedInAdmin(browser, baseUrl, width);
const overflow = horizontalOverflow;

describe("credit notes and money on the dashboard", () => {
  it("a partial refund issues a credit note shown with the invoice, and the dashboard shows refunds", async () => {
    const { page, errors } = await signedIn(1440);
    const list = await page.request.get(`${baseUrl}/api/orders?status=delivered`);
    expect(list.status()).toBe(200);
    const orders = ((await list.json()) as { items: { id: string; number: number }[] }).items;
    const order = orders.at(-1)!;

    await page.goto(`${baseUrl}/order/${order.id}`);
    await page.getByRole("heading", { name: "Refund part of the payment" }).waitFor();
    await page.getByLabel(/^Amount \(/).fill("1.50");
    await page.getByLabel("Reason", { exact: true }).fill("E2E goodwill");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/Refund €1\.50 to the customer\?/).waitFor();
    await dialog.getByRole("button", { name: "Yes, refund" }).click();
    await page.getByText("€1.50 refunded.").waitFor();

    await page.getByRole("heading", { name: "Credit notes" }).waitFor();
    const download = page.getByRole("link", { name: /^Download credit note CN-\d+ \(PDF\)$/ }).last();
    await download.waitFor();
    const href = await download.getAttribute("href");
    const pdf = await page.request.get(`${baseUrl}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText(/^Refunded \(cancels, returns and partial refunds\): €[\d.,]+ today/).waitFor();
    await page.getByText(/Sales are the money actually received minus the money refunded/).waitFor();
    expect(errors).toEqual([]);
  });

  it("fits a phone: the credit notes of an order and the dashboard", async () => {
    const { page, errors } = await signedIn(375);
    const list = await page.request.get(`${baseUrl}/api/orders?status=delivered`);
    const orders = ((await list.json()) as { items: { id: string }[] }).items;
    await page.goto(`${baseUrl}/order/${orders.at(-1)!.id}`);
    await page.getByRole("heading", { name: "Credit notes" }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText(/^Refunded \(cancels, returns and partial refunds\)/).waitFor();
    expect(errors).toEqual([]);
  });
});
