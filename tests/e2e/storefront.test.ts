import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryList, CourseDetail, CourseList } from "../../server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../support/browser";

const baseUrl = inject("baseUrl");
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

describe("home page", () => {
  it("is rendered on the server with the course links in the HTML", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    const links = new Set(html.match(/href="\/single-course\/[^"]+"/g));
    expect(links.size).toBeGreaterThanOrEqual(6);
  });

  it("switches the popular courses with the category tabs", async () => {
    const { page, errors } = await openPage("/");
    const tabs = page.getByRole("tablist").getByRole("tab");
    const { categories } = await api<CategoryList>("/api/categories");
    const topLevel = categories.filter((c) => c.parentId === null && c.courseCount > 0);
    expect(await tabs.count()).toBe(topLevel.length + 1);
    await expect.poll(() => tabs.first().getAttribute("aria-selected")).toBe("true");

    const category = topLevel[1]!;
    const tab = page.getByRole("tab", { name: category.name });
    await tab.click();
    await page.waitForURL((url) => url.searchParams.get("category") === category.slug);
    await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");

    const expected = await api<CourseList>(`/api/courses?category=${category.slug}&limit=8`);
    const panel = page.getByRole("tabpanel");
    const titles = expected.courses.map((course) => course.title);
    await expect
      .poll(async () => (await panel.getByRole("heading").allInnerTexts()).map((text) => text.trim()))
      .toEqual(titles);

    // Arrow keys move between tabs (WAI-ARIA tabs pattern).
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    const next = page.getByRole("tab", { name: topLevel[2]!.name });
    await expect.poll(() => next.getAttribute("aria-selected")).toBe("true");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens a course page from a course card", async () => {
    const { page, errors } = await openPage("/");
    const { courses } = await api<CourseList>("/api/courses?limit=8");
    const course = courses[0]!;
    await page.getByRole("tabpanel").getByRole("link", { name: course.title }).first().click();
    await page.waitForURL(`**/single-course/${course.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(course.title);
    const detail = await api<CourseDetail>(`/api/courses/${course.slug}`);
    for (const lesson of detail.lessons) {
      expect(await page.getByText(lesson.title, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.title()).toContain(course.title);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("course page", () => {
  it("holds title, description, Open Graph tags and Course JSON-LD in the server HTML", async () => {
    const { courses } = await api<CourseList>("/api/courses?limit=1");
    const course = courses[0]!;
    const response = await fetch(`${baseUrl}/single-course/${course.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<title>[^<]*${course.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\.svg"/);
    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s);
    expect(jsonLd).not.toBeNull();
    const data = JSON.parse(jsonLd![1]!);
    expect(data["@type"]).toBe("Course");
    expect(data.name).toBe(course.title);
  });

  it("answers 404 with a not-found page for unknown courses and paths", async () => {
    for (const path of ["/single-course/no-such-course", "/no/such/page"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(404);
    }
    const { page } = await openPage("/no/such/page");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });

  it("renders in Dutch when asked", async () => {
    const html = await (await fetch(`${baseUrl}/?lng=nl`)).text();
    expect(html).toContain('<html lang="nl"');
    const { courses } = await api<CourseList>("/api/courses?limit=1&lng=nl");
    expect(html).toContain(courses[0]!.title.replace(/&/g, "&amp;"));
  });
});
