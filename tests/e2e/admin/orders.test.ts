import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { CHECKOUT_CONSENTS } from "../../support/checkout-consents";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;

/** The 422 of the refused second return is expected; Chromium logs the response as a console error. */
const EXPECTED = /Failed to load resource: the server responded with a status of 422/;

/** A guest places a fresh two-course order through the checkout API: pending, holding its seats. */
async function placeGuestOrder(name: string): Promise<number> {
  const list = (await (await fetch(`${baseUrl}/api/courses?limit=50`)).json()) as {
    courses: { id: string; seatsLeft: number | null }[];
  };
  const courseIds = list.courses
    .filter((course) => course.seatsLeft === null || course.seatsLeft > 2)
    .slice(0, 2)
    .map((course) => course.id);
  const response = await fetch(`${baseUrl}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...CHECKOUT_CONSENTS,
      courseIds,
      guest: { name, email: `e2e.orders.${Date.now()}@example.org` },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { number: number }).number;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { page, errors: () => seen.filter((message) => !EXPECTED.test(message)) };
}

describe("admin dashboard and orders", () => {
  it("shows the dashboard, finds an order, moves it to delivered and returns a line once", async () => {
    const customer = `Orders E2E ${Date.now().toString(36)}`;
    const number = await placeGuestOrder(customer);
    const { page, errors } = await newPage();

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    for (const label of [
      "Today's sales",
      "Yesterday's sales",
      "This month",
      "All-time sales",
      "Total orders",
    ]) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole("heading", { name: "Weekly sales" }).waitFor();
    await page.getByRole("heading", { name: "Best-selling courses" }).waitFor();
    await page.locator(".recharts-bar-rectangle").first().waitFor();
    await page.getByRole("table", { name: "Recent orders" }).waitFor();

    await page.goto(`${baseUrl}/orders`);
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    await page
      .getByRole("button", { name: /Status/ })
      .first()
      .click();
    await page.getByRole("option", { name: "Pending", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "pending");
    await page.getByRole("button", { name: /Period/ }).click();
    await page.getByRole("option", { name: "Last 7 days" }).click();
    await page.waitForURL((url) => url.searchParams.get("days") === "7");
    await page.getByRole("searchbox").fill(customer);
    await page.waitForURL((url) => url.searchParams.get("searchText") === customer);
    await page.getByRole("link", { name: `View order ${number}` }).click();

    await page.getByRole("heading", { level: 1, name: `Order ${number}` }).waitFor();
    const changeTo = async (status: string) => {
      await page.getByRole("button", { name: /New status/ }).click();
      await page.getByRole("option", { name: status, exact: true }).click();
      await page.getByRole("button", { name: "Change status" }).click();
      await page.getByText(`Order ${number} is now ${status}.`).waitFor();
    };
    await changeTo("Processing");
    // An unpaid order cannot be delivered: the money is recorded first, after a confirmation.
    await page.getByRole("button", { name: /New status/ }).click();
    await page.getByRole("option", { name: "Delivered", exact: true }).click();
    await page.getByRole("button", { name: "Change status" }).click();
    await page.getByText("This order has not been paid. Mark it as paid").first().waitFor();
    await page.getByLabel("Reference").fill("Transfer 2026-118");
    await page.getByRole("button", { name: "Mark as paid" }).click();
    const record = page.getByRole("alertdialog", { name: /^Record €[\d.,]+ received by bank transfer\?$/ });
    await record.waitFor();
    await record.getByRole("button", { name: "Yes, record the payment" }).click();
    await page
      .getByText(/^Payment of €[\d.,]+ recorded\.$/)
      .first()
      .waitFor();
    await changeTo("Delivered");
    await page.getByText("Download PDF").waitFor();

    const returnForm = page.getByRole("heading", { name: "Return items" }).locator("..");
    await returnForm.getByRole("checkbox").first().check({ force: true });
    await page.getByRole("button", { name: "Return selected items" }).click();
    const refund = page.getByRole("alertdialog", { name: /^Return 1 course and refund €[\d.,]+\?$/ });
    await refund.waitFor();
    await refund.getByText("The learner loses access to the returned courses.").waitFor();
    await refund.getByRole("button", { name: "Yes, return and refund" }).click();
    await page.getByRole("alertdialog", { name: "Do you want to Re stock the products?" }).waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await page
      .getByText(/^Item returned in this bill\. €[\d.,]+ refunded;/)
      .first()
      .waitFor();
    await page.getByRole("alertdialog", { name: "Do you want to receipt for this return order?" }).waitFor();
    await page.getByRole("button", { name: "No" }).click();
    await page.getByText("Returned", { exact: true }).waitFor();
    // Once returned, the return form is gone (the server still refuses a second return).
    await page
      .getByText(/^Returned on .*refunded/)
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: "Return selected items" }).count()).toBe(0);

    // Cancelling the paid order from the list asks first, naming the amount and the loss of access.
    await page.goto(`${baseUrl}/orders?searchText=${encodeURIComponent(customer)}`);
    const pickCancel = async () => {
      await page.getByRole("button", { name: new RegExp(`Change status of order ${number}`) }).click();
      await page.getByRole("option", { name: "Cancel", exact: true }).click();
    };
    await pickCancel();
    const cancel = page.getByRole("alertdialog", {
      name: new RegExp(`^Cancel order #${number} and refund €`),
    });
    await cancel.waitFor();
    await cancel
      .getByText("The learner loses access to the order's courses; their seats are given back.")
      .waitFor();
    await cancel.getByRole("button", { name: "Go back" }).click();
    await cancel.waitFor({ state: "hidden" });
    await pickCancel();
    await cancel.getByRole("button", { name: "Go back" }).click();
    await cancel.waitFor({ state: "hidden" });
    // Confirmed: the toast says what it refunded (as it stood before the list reloaded).
    await pickCancel();
    await cancel.getByRole("button", { name: "Yes, cancel and refund" }).click();
    await page
      .getByText(
        new RegExp(
          `^Order ${number} is now Cancel\\w*\\. €[\\d.,]+ refunded; access to its courses has ended\\.$`,
        ),
      )
      .first()
      .waitFor();
    await cancel.waitFor({ state: "hidden" });
    expect(errors()).toEqual([]);
  });
});
