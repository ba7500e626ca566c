import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseDetail, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  return (await (await fetch(`${baseUrl}${path}`, { headers })).json()) as T;
}

async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(baseUrl)).find((cookie) => cookie.name === "i18next")?.value;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** A seeded course whose Dutch title differs from its English one. */
async function bilingualCourse(): Promise<{ slug: string; en: string; nl: string }> {
  const [en, nl] = await Promise.all([
    api<CourseList>("/api/courses?limit=20"),
    api<CourseList>("/api/courses?limit=20&lng=nl"),
  ]);
  const course = en.courses.find(
    (candidate) => nl.courses.find((dutch) => dutch.id === candidate.id)?.title !== candidate.title,
  );
  if (!course) throw new Error("the demo catalogue should have a course with a Dutch title");
  return { slug: course.slug, en: course.title, nl: nl.courses.find((c) => c.id === course.id)!.title };
}

describe("language detection on the server", () => {
  it("renders ?lng=nl in Dutch, with <html lang> set, and caches it in the i18next cookie", async () => {
    const response = await fetch(`${baseUrl}/?lng=nl`, { headers: { "accept-language": "en-GB,en" } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => /^i18next=nl;/.test(cookie))).toBe(true);
    const html = await response.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain("Inloggen");
    expect(html).not.toContain(">Login<");

    // The cookie alone decides the next request, over the browser's Accept-Language.
    const next = await fetch(`${baseUrl}/`, { headers: { cookie: "i18next=nl", "accept-language": "en" } });
    expect(await next.text()).toContain('<html lang="nl"');
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it("falls back to English for an unknown language", async () => {
    const html = await (await fetch(`${baseUrl}/?lng=xx`, { headers: { "accept-language": "fr" } })).text();
    expect(html).toContain('<html lang="en"');
  });
});

describe("language detection in the browser", () => {
  it("uses the browser language when nothing else is set, and caches it", async () => {
    const context = await browser.newContext({ locale: "nl-NL" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    expect(await htmlLang(page)).toBe("nl");
    await expect.poll(() => page.getByRole("link", { name: "Inloggen" }).count()).toBeGreaterThan(0);
    expect(await languageCookie(context)).toBe("nl");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("nl");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("honours local storage over the browser language, and the cookie afterwards", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    await context.addInitScript(() => {
      if (!localStorage.getItem("i18nextLng")) localStorage.setItem("i18nextLng", "nl");
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    await expect.poll(() => page.getByRole("link", { name: "Inloggen" }).count()).toBeGreaterThan(0);
    expect(await languageCookie(context)).toBe("nl");

    // The server now renders Dutch straight away: the cookie came back with the request.
    const html = await page.evaluate(async () => (await fetch("/")).text());
    expect(html).toContain('<html lang="nl"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("honours session storage when local storage holds nothing", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    await context.addInitScript(() => sessionStorage.setItem("i18nextLng", "nl"));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    expect(await languageCookie(context)).toBe("nl");
    await context.close();
  });
});

describe("language switcher", () => {
  it("switches the storefront without a full reload and keeps the choice", async () => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const course = await bilingualCourse();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(course.en);
    // A marker on window survives client-side updates but not a page load.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    const switcher = page.getByRole("banner").getByRole("combobox", { name: "Language" });
    await switcher.focus();
    await switcher.selectOption("nl");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(course.nl);
    expect(await htmlLang(page)).toBe("nl");
    expect(page.url()).toBe(`${baseUrl}/single-course/${course.slug}`);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await languageCookie(context)).toBe("nl");
    await expect
      .poll(() => page.getByRole("banner").getByRole("combobox", { name: "Taal" }).inputValue())
      .toBe("nl");

    // Persists across navigation and reload.
    await page.getByRole("banner").getByRole("link", { name: "Inloggen" }).click();
    await page.waitForURL("**/customer-signin");
    expect(await htmlLang(page)).toBe("nl");
    await page.reload();
    expect(await htmlLang(page)).toBe("nl");
    await expect
      .poll(() => page.getByRole("banner").getByRole("combobox", { name: "Taal" }).inputValue())
      .toBe("nl");

    // And back to English.
    await page.getByRole("banner").getByRole("combobox", { name: "Taal" }).selectOption("en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect(await languageCookie(context)).toBe("en");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is in the mobile menu on small screens", async () => {
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Language" }).selectOption("nl");
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    expect(await languageCookie(context)).toBe("nl");
    await context.close();
  });
});

describe("admin language switcher", () => {
  it("switches the back office and edits translatable fields in every published language", async () => {
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/login?redirectTo=/courses`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/courses");
    const menu = page.getByRole("navigation", { name: "Admin menu" });
    await expect
      .poll(() => menu.getByRole("link", { name: "Customers" }).count(), { timeout: 10_000 })
      .toBe(1);

    await page.getByRole("banner").getByRole("combobox", { name: "Language" }).selectOption("nl");
    const dutchMenu = page.getByRole("navigation", { name: "Beheermenu" });
    await expect
      .poll(() => dutchMenu.getByRole("link", { name: "Klanten" }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe("/courses");
    expect(await languageCookie(context)).toBe("nl");

    // A course's title is edited side by side in each published language (seeded: English, Dutch).
    const course = await bilingualCourse();
    const { id } = await api<CourseDetail>(`/api/courses/${course.slug}`);
    await page.goto(`${baseUrl}/course/${id}`);
    await expect
      .poll(() =>
        page
          .getByRole("textbox", { name: /\(English\)/ })
          .first()
          .inputValue(),
      )
      .toBe(course.en);
    expect(
      await page
        .getByRole("textbox", { name: /\(Nederlands\)/ })
        .first()
        .inputValue(),
    ).toBe(course.nl);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("translated content", () => {
  it("comes back in the requested language from the API, English as fallback", async () => {
    const course = await bilingualCourse();
    const byQuery = await api<CourseDetail>(`/api/courses/${course.slug}?lng=nl`);
    expect(byQuery.title).toBe(course.nl);
    const byHeader = await api<CourseDetail>(`/api/courses/${course.slug}`, {
      "accept-language": "nl-BE,nl;q=0.9",
    });
    expect(byHeader.title).toBe(course.nl);
    const fallback = await api<CourseDetail>(`/api/courses/${course.slug}?lng=de`);
    expect(fallback.title).toBe(course.en);
  });

  it("renders a course page in Dutch on the server", async () => {
    const course = await bilingualCourse();
    const html = await (await fetch(`${baseUrl}/single-course/${course.slug}?lng=nl`)).text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain(course.nl.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
  });
});
