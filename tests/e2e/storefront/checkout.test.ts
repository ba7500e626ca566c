import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The browser reports refused API calls (a declined card) as console errors: those are expected here. */
const expectedRefusals = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: the server responded with a status of 402/.test(error));

describe("guest checkout with the demo provider", () => {
  it("goes from a home page card to the thank-you page, with a coupon and a declined card on the way", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);

    // Add the first course card's course to the cart.
    const firstBuyable = page
      .locator("article")
      .filter({ has: page.getByRole("button", { name: /^Enroll/ }) })
      .first();
    const title = (await firstBuyable.getByRole("heading").textContent())?.trim() ?? "";
    const card = page
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
      .first();
    await card.getByRole("button", { name: /^Enroll/ }).click();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cartCourses") ?? "[]"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title, currency: "EUR" });

    // The card now links to the cart; the course page offers no second add either.
    await expect.poll(() => card.getByRole("link", { name: /In cart/ }).count()).toBe(1);
    await page.goto(`${baseUrl}/single-course/${stored[0].slug}`);
    await page.getByRole("link", { name: "Go to cart" }).waitFor();
    expect(await page.getByRole("button", { name: /Add to cart/ }).count()).toBe(0);
    await page.goto(`${baseUrl}/`);
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();

    // Cart → checkout as a guest with the WELCOME10 coupon.
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
    const totalBefore = await page.getByTestId("order-total").textContent();
    await page.getByRole("textbox", { name: "Name" }).fill("Greta Guest");
    await page.getByRole("textbox", { name: "Email" }).fill("greta.e2e@example.com");
    await page.getByRole("textbox", { name: "Coupon code" }).fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Coupon WELCOME10 applied.").waitFor();
    await page.getByText("Discount (WELCOME10)").waitFor();
    await expect.poll(() => page.getByTestId("order-total").textContent()).not.toBe(totalBefore);
    await page.getByText(/incl\. 21 % VAT/).waitFor();
    // Both consent boxes start unticked; placing the order without them says what is missing,
    // and each message goes as soon as its box is ticked.
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByText("Please accept the general terms and conditions to place your order.").waitFor();
    const access = /I want access to the course straight away/;
    await page.getByText(/Please confirm that you want access straight away/).waitFor();
    await page.getByRole("checkbox", { name: access }).check();
    await expect.poll(() => page.getByText(/Please confirm that you want access/).count()).toBe(0);
    await giveCheckoutConsents(page);
    await expect.poll(() => page.getByText(/Please accept the general terms/).count()).toBe(0);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/payment\?order=[0-9a-f-]+$/);

    // Payment: test mode, a declined card first, then the good one.
    await page.getByText("TEST MODE").waitFor();
    await page.getByText(/4242 4242 4242 4242: payment succeeds/).waitFor();
    // Paying with empty fields says what is missing; each message goes once its field is valid.
    await page.getByRole("button", { name: /^Pay / }).click();
    const expiry = page.getByRole("textbox", { name: "Expiry (MM/YY)" });
    await expect.poll(() => expiry.getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("textbox", { name: "Card number" }).fill("4000 0000 0000 0002");
    // The slash comes by itself as the expiry is typed.
    await expiry.pressSequentially("1239");
    expect(await expiry.inputValue()).toBe("12/39");
    await expect.poll(() => expiry.getAttribute("aria-invalid")).toBeNull();
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    expect(page.url()).toMatch(/\/payment\?order=/);

    await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/thank-you\?order=/);

    // Thank-you page: no header or footer, the order number, the course.
    await page.getByRole("heading", { name: "Thank you for your order!", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("order-number").textContent()).toMatch(/^Order number: \d+$/);
    expect(await page.locator("header nav, footer").count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Cart,/ }).count()).toBe(0);
    await page.getByText(title).first().waitFor();
    await page
      .getByText("Create an account with this email (greta.e2e@example.com) to find your courses.")
      .waitFor();

    // The cart was emptied.
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole("heading", { name: "Cart is empty" }).waitFor();
    await page.getByText("No items added in your cart.").waitFor();
    await page.getByRole("link", { name: "Cart, 0 items" }).waitFor();

    expect(expectedRefusals(errors)).toEqual([]);
    await page.close();
  });

  it("explains that checking out needs a connection when offline", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page
      .getByRole("button", { name: /^Enroll/ })
      .first()
      .click();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    await context.setOffline(true);
    await page.getByText(/You are offline\. Checking out needs an internet connection/).waitFor();
    expect(await page.getByRole("button", { name: "Continue to payment" }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
