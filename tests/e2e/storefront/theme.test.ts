import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

/** The page background (the canvas token): light #f7f8f6, dark #0e1615. */
const LIGHT = "rgb(247, 248, 246)";
const DARK = "rgb(14, 22, 21)";

const themeCookie = (value: string) => ({ name: "theme", value, url: baseUrl });

async function newPage(options: BrowserContextOptions = {}, cookies: { name: string; value: string }[] = []) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);

describe("dark theme without a flash", () => {
  it("is chosen in the server HTML from the theme cookie", async () => {
    const html = async (cookie?: string) => {
      const response = await fetch(`${baseUrl}/`, { headers: cookie ? { cookie } : {} });
      return (await response.text()).match(/<html[^>]*>/)?.[0];
    };
    expect(await html("theme=dark")).toMatch(/class="dark"/);
    expect(await html("theme=light")).toMatch(/class="light"/);
    // No choice yet: no class, the stylesheet follows the system.
    expect(await html()).not.toMatch(/class=/);
  });

  it("paints dark from the first frame with scripts disabled, for the cookie and for the system preference", async () => {
    const fromCookie = await newPage({ javaScriptEnabled: false, colorScheme: "light" }, [
      themeCookie("dark"),
    ]);
    await fromCookie.page.goto(`${baseUrl}/`);
    expect(await background(fromCookie.page)).toBe(DARK);
    await fromCookie.context.close();

    const fromSystem = await newPage({ javaScriptEnabled: false, colorScheme: "dark" });
    await fromSystem.page.goto(`${baseUrl}/catalog`);
    expect(await background(fromSystem.page)).toBe(DARK);
    await fromSystem.context.close();

    // A light choice wins over a dark system.
    const lightChoice = await newPage({ javaScriptEnabled: false, colorScheme: "dark" }, [
      themeCookie("light"),
    ]);
    await lightChoice.page.goto(`${baseUrl}/`);
    expect(await background(lightChoice.page)).toBe(LIGHT);
    await lightChoice.context.close();
  });
});

describe("theme toggle", () => {
  it("switches the storefront at once and keeps the choice across reloads", async () => {
    const { context, page, errors } = await newPage({ colorScheme: "light" });
    await page.goto(`${baseUrl}/`);
    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await background(page)).toBe(LIGHT);

    await toggle.click();
    await expect.poll(() => background(page)).toBe(DARK);
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    const cookie = (await context.cookies()).find((item) => item.name === "theme");
    expect(cookie).toMatchObject({ value: "dark", sameSite: "Lax", httpOnly: false });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 60 * 60);

    await page.reload();
    expect(await htmlClass(page)).toBe("dark");
    expect(await background(page)).toBe(DARK);
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");

    await toggle.click();
    await expect.poll(() => background(page)).toBe(LIGHT);
    await page.reload();
    expect(await htmlClass(page)).toBe("light");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows a dark system until the visitor chooses, and speaks Dutch", async () => {
    const { context, page } = await newPage({ colorScheme: "dark" });
    await page.goto(`${baseUrl}/?lng=nl`);
    const toggle = page.getByRole("banner").getByRole("button", { name: "Donker thema" });
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await background(page)).toBe(DARK);
    await toggle.click();
    await expect.poll(() => background(page)).toBe(LIGHT);
    expect((await context.cookies()).find((item) => item.name === "theme")?.value).toBe("light");
    await context.close();
  });

  it("works in the admin header too", async () => {
    const { context, page, errors } = await newPage({ colorScheme: "light" });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await toggle.click();
    await expect.poll(() => background(page)).toBe(DARK);
    await page.reload();
    expect(await htmlClass(page)).toBe("dark");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });
});
