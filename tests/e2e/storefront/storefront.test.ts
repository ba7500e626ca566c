import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryList, CourseDetail, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";

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

describe("site header", () => {
  it("shows the shop name in full beside the menu and controls from 1024 to 1440 px, in English and Dutch", async () => {
    for (const language of ["en", "nl"]) {
      for (const width of [1024, 1280, 1440]) {
        const { page, errors } = await openPage(`/?lng=${language}`, width);
        const where = `${language} at ${width} px`;
        const banner = page.getByRole("banner");
        await banner.getByRole("link", { name: /^Cart|^Winkelwagen/ }).waitFor();
        // The logo link's name: its text is the whole shop name, neither clipped nor cut off by line-clamp.
        const name = await banner
          .getByRole("link")
          .first()
          .evaluate((link) => {
            const text = link.querySelector<HTMLElement>(":scope > span > span")!;
            return {
              text: text.textContent ?? "",
              clipped: text.scrollWidth > text.clientWidth || text.scrollHeight > text.clientHeight,
            };
          });
        expect(name.text, where).not.toBe("");
        expect(name.clipped, `shop name "${name.text}" clipped, ${where}`).toBe(false);
        expect(await banner.getByRole("navigation", { name: /^(Main|Hoofdmenu)$/ }).isVisible(), where).toBe(
          width >= 1200,
        );
        // No control overlaps another or runs past the window.
        const overlaps = await banner.evaluate((header) => {
          const boxes = [...header.querySelectorAll("a, button, select")]
            .map((element) => ({
              label: element.textContent?.trim() || element.getAttribute("aria-label"),
              box: element.getBoundingClientRect(),
            }))
            .filter(({ box }) => box.width > 0 && box.height > 0);
          const found: string[] = [];
          for (const [index, a] of boxes.entries()) {
            if (a.box.right > document.documentElement.clientWidth)
              found.push(`${a.label} runs past the window`);
            for (const b of boxes.slice(index + 1)) {
              const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
              const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
              if (x > 0.5 && y > 0.5) found.push(`${a.label} overlaps ${b.label}`);
            }
          }
          return found;
        });
        expect(overlaps, where).toEqual([]);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
          where,
        ).toBe(true);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });
});
