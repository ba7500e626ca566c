import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseCard, CourseList } from "~server/modules/catalog/catalog.schemas";
import { formatFullMoney, formatMoney } from "~shared/money";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";
import { payWithDemoCard } from "../../support/demo-payment";

/** The demo school offers EUR (the shop currency), USD and GBP: a visitor pays in the one they pick. */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;
const dollars = (cents: number) => formatMoney(cents, "USD", "en");

async function signUp(page: Page, email: string) {
  await page.goto(`${baseUrl}/customer-signup`);
  await page.getByLabel("Full name").fill("Dana Dollar");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("dollar-password-1");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(onPath("/user-dashboard"));
}

describe("prices in the visitor's currency", () => {
  it("shows cards in the currency picked in the header, and orders, charges and invoices in it", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(page, `dollar.${Date.now().toString(36)}@example.org`);

    // The home page starts in euros; picking USD re-renders the cards in dollars without a reload.
    await page.goto(`${baseUrl}/`);
    const picker = page.getByRole("banner").getByRole("combobox", { name: "Currency" });
    expect(await picker.inputValue()).toBe("EUR");
    const options = await picker.locator("option").allTextContents();
    expect(options).toEqual(["EUR", "GBP", "USD"]);
    const home = (await (await fetch(`${baseUrl}/api/courses?limit=8`)).json()) as CourseList;
    const first = home.courses[0]!;
    const firstCard = page
      .getByRole("main")
      .locator("article")
      .filter({ has: page.getByRole("heading", { name: first.title, exact: true }) })
      .first();
    await firstCard.getByText(formatMoney(first.salePriceCents ?? first.priceCents, "EUR", "en")).waitFor();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await picker.selectOption("USD");
    const inDollars = (await (
      await fetch(`${baseUrl}/api/courses?limit=100&currency=USD`)
    ).json()) as CourseList;
    const firstInDollars = inDollars.courses.find((course) => course.id === first.id)!;
    expect(firstInDollars.currency).toBe("USD");
    await firstCard.getByText(dollars(firstInDollars.salePriceCents ?? firstInDollars.priceCents)).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await picker.inputValue()).toBe("USD");
    expect(await page.getByRole("main").locator("article").getByText("€").count()).toBe(0);

    // The course page, the cart and the checkout are in dollars too (the choice is kept in a cookie).
    const course = inDollars.courses.find(
      (item: CourseCard) => item.totalSeats === null && item.salePriceCents === null && item.priceCents > 0,
    )!;
    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await page.getByRole("main").getByText(dollars(course.priceCents)).first().waitFor();
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await page.getByRole("link", { name: "Go to cart" }).click();
    await page.waitForURL(onPath("/cart"));
    await page.getByRole("heading", { name: course.title }).waitFor();
    await expect.poll(() => page.getByTestId("order-total").textContent()).toBe(dollars(course.priceCents));
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(onPath("/checkout"));
    await expect.poll(() => page.getByTestId("order-total").textContent()).toBe(dollars(course.priceCents));
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();

    // The payment page charges the order's amount in dollars; the demo card pays it.
    await page.waitForURL(/\/payment\?order=[0-9a-f-]+$/);
    await page.getByRole("button", { name: `Pay ${dollars(course.priceCents)}` }).waitFor();
    await payWithDemoCard(page);
    expect(await page.getByTestId("order-total").textContent()).toBe(dollars(course.priceCents));

    // The invoice is in the order's currency, whatever the visitor picks afterwards.
    await context.addCookies([{ name: "currency", value: "GBP", url: baseUrl }]);
    await page.goto(`${baseUrl}/user-invoice`);
    await page
      .getByRole("link", { name: /^View invoice / })
      .first()
      .click();
    await page.waitForURL(/\/single-invoice\/[0-9a-f-]+$/);
    const main = page.getByRole("main");
    await main.getByText(course.title).first().waitFor();
    const total = formatFullMoney(course.priceCents, "USD", "en");
    expect(await main.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
    expect(await main.getByText("£").count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads the choice from the cookie, fits a phone, and shows the shop currency for one not offered", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addCookies([{ name: "currency", value: "GBP", url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/catalog`);
    await page.getByRole("main").locator("article").getByText("£").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // On a phone the picker sits in the menu, to leave the header room for the school's name.
    expect(await page.getByRole("combobox", { name: "Currency" }).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const picker = page.getByRole("dialog").getByRole("combobox", { name: "Currency" });
    expect(await picker.inputValue()).toBe("GBP");
    await picker.selectOption("USD");
    await page.getByRole("main").locator("article").getByText("$").first().waitFor();
    expect(await page.getByRole("main").locator("article").getByText("£").count()).toBe(0);
    // A currency the school does not offer shows the shop currency.
    await context.addCookies([{ name: "currency", value: "CHF", url: baseUrl }]);
    await page.reload();
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await picker.inputValue()).toBe("EUR");
    await context.close();
  });
});
