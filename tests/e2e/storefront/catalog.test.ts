import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryList, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";

const baseUrl = inject("baseUrl");
const EMPTY = "Sorry, There are no products right now.";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseUrl}${path}`)).json()) as T;
}

async function openPage(path: string, width = 1440): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}${path}`);
  return { page, errors };
}

/** The course titles on the listing, in order (each card's title is a level-2 heading in <main>). */
const cardTitles = async (page: Page) =>
  (await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts()).map((text) =>
    text.trim(),
  );

describe("course listing /catalog", () => {
  it("searches: fewer results, the filters in the URL, and a reload keeps them", async () => {
    const { page, errors } = await openPage("/catalog");
    const all = await api<CourseList>("/api/courses");
    expect(await cardTitles(page)).toHaveLength(20);

    // A word from one course's title that does not match every course.
    const word = all.courses[3]!.title.split(/\s+/)
      .find((w) => w.length >= 6)!
      .toLowerCase();
    const expected = await api<CourseList>(`/api/courses?searchText=${encodeURIComponent(word)}`);
    expect(expected.totalDoc).toBeGreaterThan(0);
    expect(expected.totalDoc).toBeLessThan(all.totalDoc);

    await page.getByLabel("Search courses").fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/catalog" && url.searchParams.get("searchText") === word,
    );
    const titles = expected.courses.map((course) => course.title);
    await expect.poll(() => cardTitles(page)).toEqual(titles);

    await page.reload();
    expect(await page.getByLabel("Search courses").inputValue()).toBe(word);
    expect(await cardTitles(page)).toEqual(titles);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sorts by price, low to high", async () => {
    const { page, errors } = await openPage("/catalog");
    await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
    const expected = await api<CourseList>("/api/courses?sort=price-asc");
    const prices = expected.courses.map((course) => course.salePriceCents ?? course.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect.poll(() => cardTitles(page)).toEqual(expected.courses.map((course) => course.title));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("has a second page with the rest, 20 per page, through the pagination", async () => {
    const all = await api<CourseList>("/api/courses");
    expect(all.totalDoc).toBeGreaterThan(20);
    const { page, errors } = await openPage("/catalog");
    const pagination = page.getByRole("navigation", { name: "Pages of courses" });
    await pagination.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(async () => (await cardTitles(page)).length).toBe(Math.min(20, all.totalDoc - 20));
    expect(await pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(
      await page.getByText(`Showing 21–${Math.min(40, all.totalDoc)} of ${all.totalDoc} courses`).count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("filters by a category including its sub-categories", async () => {
    const { categories } = await api<CategoryList>("/api/categories");
    const parent = categories.find(
      (category) => category.parentId === null && categories.some((child) => child.parentId === category.id),
    )!;
    const { page, errors } = await openPage("/catalog");
    await page.getByLabel("Category").selectOption(parent.slug);
    await page.waitForURL((url) => url.searchParams.get("category") === parent.slug);
    await expect.poll(async () => (await cardTitles(page)).length).toBe(parent.courseCount);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the empty text for a search without results", async () => {
    const { page, errors } = await openPage("/catalog?searchText=qwxzv%20nonsense");
    expect(await page.getByText(EMPTY, { exact: true }).isVisible()).toBe(true);
    expect(await cardTitles(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("falls back to defaults for invalid values and links back to page 1 beyond the last page", async () => {
    const invalid = await fetch(`${baseUrl}/catalog?sort=cheapest&page=abc&category=no-such-category`);
    expect(invalid.status).toBe(200);
    const { page } = await openPage("/catalog?page=99");
    expect(await page.getByText(EMPTY, { exact: true }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Back to page 1" }).click();
    await page.waitForURL(`${baseUrl}/catalog`);
    await expect.poll(async () => (await cardTitles(page)).length).toBe(20);
    await page.close();
  });

  it("works without JavaScript: the search form is a GET form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/catalog`);
    await page.getByLabel("Search courses").fill("qwxzv");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("searchText") === "qwxzv");
    expect(await page.getByText(EMPTY, { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("opens a course from its card's image inside the app (no reload), and Back returns", async () => {
    const { page, errors } = await openPage("/catalog");
    const card = page.getByRole("main").getByRole("article").first();
    const title = ((await card.getByRole("heading", { level: 2 }).textContent()) ?? "").trim();
    // A full page load would forget this; an in-app navigation keeps it.
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    await card.locator("img").click();
    await page.waitForURL((url) => url.pathname.startsWith("/single-course/"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.evaluate(() => "loadedOnce" in window)).toBe(true);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/catalog`);
    await expect.poll(() => cardTitles(page)).toContain(title);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is linked from the home page", async () => {
    const { page } = await openPage("/");
    await page.getByRole("link", { name: "View all courses" }).click();
    await page.waitForURL(`${baseUrl}/catalog`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("All courses");
    await page.close();
  });
});

describe("legal pages", () => {
  it("shows the terms with the governing law and a table of contents", async () => {
    const { page, errors } = await openPage("/general-terms-and-conditions");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("General terms and conditions");
    expect(await page.getByText("the Netherlands").first().isVisible()).toBe(true);
    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: /Governing law/ })
      .click();
    await page.waitForURL("**#governing-law");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the payment plan agreement, also in Dutch", async () => {
    const { page } = await openPage("/payment-plan-agreement");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Payment plan agreement");
    await page.goto(`${baseUrl}/payment-plan-agreement?lng=nl`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Overeenkomst betalingsregeling",
    );
    await page.close();
  });
});
