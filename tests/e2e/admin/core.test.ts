import type { Browser, Page } from "playwright-core";
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

/** A rejected sign-in answers 401 on purpose; Chromium logs that response as a console error. */
const REJECTED = /Failed to load resource: the server responded with a status of 40[01]/;

async function newPage(width = 1440): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { page, errors: () => seen.filter((message) => !REJECTED.test(message)) };
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("admin sign-in, layout and sign-out", () => {
  it("sends a signed-out visitor to /login and back, then logs out through the header menu", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${baseUrl}/audit-log?action=create`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/audit-log?action=create");
    await expect.poll(() => page.locator("header, footer").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");

    await signIn(page, E2E_ADMIN.email, "not-the-password");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL((url) => url.pathname === "/audit-log" && url.search === "?action=create");
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Admin menu" });
    for (const name of [
      "Dashboard",
      "Courses",
      "Coupons",
      "Customers",
      "Orders",
      "Our Staff",
      "Settings",
      "Store settings",
    ]) {
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    expect(await nav.getByRole("link", { name: "Audit log" }).getAttribute("aria-current")).toBe("page");
    // The readable cookie mirrors name, email and image only.
    const cookies = await page.context().cookies();
    const info = JSON.parse(decodeURIComponent(cookies.find((cookie) => cookie.name === "adminInfo")!.value));
    expect(Object.keys(info).sort()).toEqual(["email", "image", "name"]);
    expect(info.name.en).toBe("School Administrator");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "admin_session")).toBe(false);
    await page.goto(`${baseUrl}/audit-log`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(errors()).toEqual([]);
  });

  it("opens the navigation as a drawer on a phone and explains Stripe when it is not configured", async () => {
    const { page, errors } = await newPage(375);
    await page.goto(`${baseUrl}/login?redirectTo=%2Fcoming-soon`);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL((url) => url.pathname === "/coming-soon");
    await page.getByRole("heading", { level: 1, name: "Coming soon" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Admin menu" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Admin menu" });
    await drawer.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL((url) => url.pathname === "/audit-log");
    await drawer.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Connect With Stripe" }).click();
    await page.getByRole("dialog").getByText("STRIPE_SECRET_KEY").waitFor();
    await page.keyboard.press("Escape");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.goto(`${baseUrl}/404`);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(errors().filter((message) => !message.includes("404"))).toEqual([]);
  });
});
