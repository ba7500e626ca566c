import type { Browser, Page } from "playwright-core";
import { watchErrors } from "./browser";
import { E2E_ADMIN } from "./e2e-server";

/** A page of a new context `width` px wide, signed in to the back office as the e2e admin. */
export async function signedInAdmin(
  browser: Browser,
  baseUrl: string,
  width: number,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  return { page, errors };
}

/** How far the page scrolls sideways (0 or less: it fits the screen). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
