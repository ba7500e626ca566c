import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoSeriousViolations } from "./axe";

/**
 * What the accessibility tests (tests/e2e/storefront/accessibility.test.ts and
 * tests/e2e/admin/accessibility.test.ts) share: axe-core (WCAG 2.0/2.1/2.2 A and AA, plus best
 * practices) on each page in the light and the dark theme (one load: see expectNoSeriousViolations);
 * serious or critical violations fail,
 * and each page has exactly one <h1> and one <main>.
 */
export async function signInToken(
  baseUrl: string,
  path: string,
  body: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A browser context in the light theme (the `theme` cookie), optionally with a session cookie. */
export async function contextFor(
  browser: Browser,
  baseUrl: string,
  session?: { name: string; value: string },
  width = 1280,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "theme", value: "light", url: baseUrl },
    ...(session ? [{ ...session, url: baseUrl }] : []),
  ]);
  return context;
}

/** Opens the path; the browser waits until the page has hydrated (tests/support/browser.ts). */
export async function visit(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
}

/** The page is served in the light theme; exactly one <h1> and one <main>; axe finds nothing serious in either theme. */
export async function checkPage(page: Page, label: string) {
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), label).toBe(false);
  expect(await page.locator("h1").count(), `one h1 on ${label}`).toBe(1);
  expect(await page.getByRole("main").count(), `one main on ${label}`).toBe(1);
  await expectNoSeriousViolations(page, label);
}

/** The href of the first link on the page that starts with `prefix` (a detail page to check next). */
export async function firstHref(page: Page, prefix: string, exclude?: string): Promise<string> {
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => candidate !== exclude);
  if (!href) throw new Error(`no link starting with ${prefix} on ${page.url()}`);
  return href;
}
