import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseCard, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";
import { CHECKOUT_CONSENTS } from "../../support/checkout-consents";

/**
 * Issue 21: My Orders lists a learner's pending order with 'Pay now', which opens that order's
 * payment page; the cart asks 'Are you sure you want to delete this Item?' before removing a line.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let course: CourseCard;

async function api(path: string, token: string | null, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseUrl}/api/courses`)).json()) as CourseList;
  course = list.courses.filter((one) => one.totalSeats === null && one.priceCents > 0).at(-1)!;
});
afterAll(async () => {
  await browser?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

describe("My Orders", () => {
  it("shows a learner's pending order, and 'Pay now' opens its payment", async () => {
    const tag = Date.now().toString(36);
    const learner = await api("/api/customer/register", null, {
      name: "Olga Orders",
      email: `olga.${tag}@example.com`,
      password: "orders-password-1",
      acceptTerms: true,
    });
    expect(learner.status).toBe(201);
    const token = learner.body.token as string;
    const placed = await api("/api/checkout", token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course.id],
      paymentMethod: "card",
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body as { id: string; number: number };

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${baseUrl}/user-orders`);
      await page.getByRole("heading", { name: "My orders" }).waitFor();
      const row = page.getByRole("row", { name: new RegExp(`#${order.number}\\b`) });
      await row.getByText(course.title).waitFor();
      await row.getByText("Pending").waitFor();
      await row.getByText("Not paid").waitFor();
      await row.getByRole("link", { name: `Pay now Order #${order.number}` }).click();
      await page.waitForURL(onPath("/payment"));
      expect(new URL(page.url()).searchParams.get("order")).toBe(order.id);
      await page.getByTestId("order-number").getByText(String(order.number)).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the cart", () => {
  it("asks 'Are you sure you want to delete this Item?' before removing a line", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${baseUrl}/single-course/${course.slug}`);
      await page.getByRole("button", { name: /^Add to cart/ }).click();
      await page.getByRole("link", { name: "Go to cart" }).click();
      await page.waitForURL(onPath("/cart"));
      const remove = page.getByRole("button", { name: `Remove ${course.title} from the cart` });

      await remove.click();
      const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this Item?" });
      await dialog.getByRole("button", { name: "No, Keep It" }).click();
      await dialog.waitFor({ state: "detached" });
      await remove.waitFor();

      await remove.click();
      await dialog.getByRole("button", { name: "Yes, Delete It" }).click();
      await page.getByRole("heading", { name: "Cart is empty" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
