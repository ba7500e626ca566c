import type { Page } from "playwright-core";

/** Pays on the payment page with the demo card that succeeds, up to the thank-you page. */
export async function payWithDemoCard(page: Page) {
  await page.waitForURL(/\/payment\?order=[0-9a-f-]+$/);
  await page.getByText("TEST MODE").waitFor();
  await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
  await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/39");
  await page.getByRole("textbox", { name: "CVC" }).fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/thank-you\?order=/);
  await page.getByRole("heading", { name: "Thank you for your order!", level: 1 }).waitFor();
}
