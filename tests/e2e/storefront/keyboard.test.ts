import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

/**
 * What axe cannot check: the keyboard walk (skip link, menus, dialogs, drawers: Escape closes them
 * and focus returns to what opened them), a visible focus ring in both themes, reduced motion, and
 * the route-change announcement.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(response.status).toBe(200);
  adminToken = ((await response.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  path: string,
  options: {
    width?: number;
    theme?: "light" | "dark";
    admin?: boolean;
    reducedMotion?: "reduce" | "no-preference";
  } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
  });
  await context.addCookies([
    { name: "theme", value: options.theme ?? "light", url: baseUrl },
    ...(options.admin ? [{ name: "admin_session", value: adminToken, url: baseUrl }] : []),
  ]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  return { page, context, errors };
}

/** The focused element's accessible name (aria-label, else its text), for readable assertions. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });

/** Whether the focused element draws a focus indicator: a visible outline or a box-shadow ring. */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
    return { outline, color: style.outlineColor, shadow: style.boxShadow !== "none" };
  });

describe("skip link and focus ring", () => {
  it.each(["light", "dark"] as const)(
    "the first Tab shows the skip link, which moves focus to the main content (%s)",
    async (theme) => {
      const { page, context, errors } = await open("/catalog", { theme });
      await page.keyboard.press("Tab");
      expect(await focusedName(page)).toBe("Skip to content");
      const box = await page.getByRole("link", { name: "Skip to content" }).boundingBox();
      expect(box!.width).toBeGreaterThan(40);
      expect((await focusIndicator(page)).outline).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");

      // The next Tab stops on a control inside the page, which shows the theme's focus ring.
      await page.keyboard.press("Tab");
      const inMain = await page.evaluate(() =>
        document.getElementById("main")!.contains(document.activeElement),
      );
      expect(inMain).toBe(true);
      const ring = await focusIndicator(page);
      expect(ring.outline || ring.shadow).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("the admin area has its own skip link and sidebar navigation landmark", async () => {
    const { page, context } = await open("/dashboard", { admin: true, width: 1440 });
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Skip to content");
    expect(await page.getByRole("navigation", { name: "Admin menu" }).count()).toBe(1);
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("main").count()).toBe(1);
    await context.close();
  });
});

describe("storefront mobile navigation", () => {
  it("opens from the keyboard, keeps focus inside, closes with Escape and returns focus", async () => {
    const { page, context, errors } = await open("/", { width: 375 });
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    expect(await focusedName(page)).toBe("Close menu");
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || !!active.closest("dialog[open]");
      });
      expect(inside, `Tab ${step + 1} stays in the menu`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    expect(await focusedName(page)).toBe("Open menu");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("admin menus and dialogs", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ page, context } = await open("/currencies", { admin: true, width: 1440 }));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("the account menu opens with Enter, moves with the arrow keys and closes with Escape", async () => {
    const trigger = page.getByRole("button", { name: /Account menu/ });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Account" });
    await menu.waitFor();
    expect(await focusedName(page)).toBe("Dashboard");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("Edit Profile");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("Log Out");
    await page.keyboard.press("ArrowUp");
    expect(await focusedName(page)).toBe("Edit Profile");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => focusedName(page)).toMatch(/Account menu$/);
  });

  it("the confirm-delete dialog takes focus, keeps it, and gives it back on Escape", async () => {
    const trigger = page.getByRole("button", { name: /^Delete / }).first();
    const name = await trigger.getAttribute("aria-label");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await focusedName(page)).toBe("No, Keep It");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Yes, Delete It");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("No, Keep It");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focusedName(page)).toBe(name);
  });

  it("a form dialog closes with Escape and gives focus back to its button", async () => {
    await page.getByRole("button", { name: "Add currency" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add currency" });
    await dialog.waitFor();
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(inside).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focusedName(page)).toBe("Add currency");
  });

  it("the account menu button and the settings tabs show a focus ring; arrow keys switch tabs", async () => {
    await page.getByRole("button", { name: /Account menu/ }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toMatch(/Account menu$/);
    expect((await focusIndicator(page)).outline).toBe(true);

    await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
    const tabs = page.getByRole("tablist", { name: "Settings" });
    const common = tabs.getByRole("tab", { name: "Common settings" });
    await common.focus();
    await page.keyboard.press("ArrowRight");
    const invoice = tabs.getByRole("tab", { name: "Invoice" });
    await expect.poll(() => invoice.getAttribute("aria-selected")).toBe("true");
    expect(await focusedName(page)).toBe("Invoice");
    expect((await focusIndicator(page)).outline).toBe(true);
    await page.keyboard.press("End");
    await expect
      .poll(() => tabs.getByRole("tab", { name: "Products" }).getAttribute("aria-selected"))
      .toBe("true");
    await page.keyboard.press("Home");
    await expect.poll(() => common.getAttribute("aria-selected")).toBe("true");
    await page.goto(`${baseUrl}/currencies`, { waitUntil: "networkidle" });
  });

  it("the navigation drawer on a phone closes with Escape and gives focus back", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Admin menu" });
    await drawer.waitFor();
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(inside).toBe(true);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expect.poll(() => focusedName(page)).toBe("Open menu");
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe("reduced motion", () => {
  it("turns off transitions, animations and smooth scrolling when the visitor asks for it", async () => {
    const { page, context } = await open("/", { width: 375, reducedMotion: "reduce" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    const durations = await page.evaluate(() =>
      [...document.querySelectorAll("dialog, a, button")].flatMap((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDuration, style.animationDuration].flatMap((value) =>
          value.split(",").map((part) => Number.parseFloat(part) * (part.trim().endsWith("ms") ? 1 : 1000)),
        );
      }),
    );
    expect(Math.max(...durations)).toBeLessThanOrEqual(0.01);
    await context.close();

    // Without the preference the drawer slides in and the page scrolls smoothly.
    const moving = await open("/", { width: 375, reducedMotion: "no-preference" });
    expect(await moving.page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
      "smooth",
    );
    // The drawer is rendered from its first opening on (a lazy chunk).
    await moving.page.getByRole("button", { name: "Open menu" }).click();
    await moving.page.getByRole("dialog", { name: "Menu" }).waitFor();
    const drawerTransition = await moving.page.evaluate(
      () => getComputedStyle(document.querySelector("dialog")!).transitionDuration,
    );
    expect(drawerTransition).toContain("0.25s");
    await moving.context.close();
  });
});

describe("route announcer", () => {
  it("says 'Navigated to {page} page.' 500 ms after a client-side navigation, not on the first load", async () => {
    const { page, context, errors } = await open("/");
    const announcement = page.getByRole("status").filter({ hasText: /^Navigated to/ });
    expect(await announcement.count()).toBe(0);

    // Time, inside the page, from the history change to the announcement.
    await page.evaluate(() => {
      const timing = { pushed: 0, announced: 0 };
      (window as unknown as { timing: typeof timing }).timing = timing;
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        timing.pushed = performance.now();
        push(...args);
      };
      new MutationObserver((mutations) => {
        const announced = mutations.some((mutation) =>
          (mutation.target.textContent ?? "").startsWith("Navigated to"),
        );
        if (announced && !timing.announced) timing.announced = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "All courses" }).click();
    await page.waitForURL(`${baseUrl}/catalog`);
    await expect.poll(() => announcement.textContent()).toBe("Navigated to All courses page.");
    const timing = await page.evaluate(
      () => (window as unknown as { timing: { pushed: number; announced: number } }).timing,
    );
    expect(timing.pushed).toBeGreaterThan(0);
    expect(timing.announced - timing.pushed).toBeGreaterThanOrEqual(490);
    expect(await announcement.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("announces in the admin area too", async () => {
    const { page, context } = await open("/dashboard", { admin: true, width: 1440 });
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Orders" }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    const announcement = page.getByRole("status").filter({ hasText: /^Navigated to/ });
    await expect.poll(() => announcement.textContent()).toBe("Navigated to Orders page.");
    await context.close();
  });
});
