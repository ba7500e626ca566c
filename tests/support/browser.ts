import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  const found = candidates.find((path) => existsSync(path as string));
  if (!found) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");
  return found as string;
}

/**
 * The browser for e2e tests. By default every page load waits until the page has hydrated (see
 * `waitingForHydration`): right for tests about something else (navigation, a table, a dialog).
 * A test about what a person does while the page loads passes `{ waitForHydration: false }` and
 * uses tests/support/before-hydration.ts.
 */
export async function launchBrowser(options: { waitForHydration?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    // Through a script that keeps Chromium from raising its threads' priority above the servers'.
    executablePath: fileURLToPath(new URL("./chromium-at-normal-priority.sh", import.meta.url)),
    env: { ...process.env, CHROMIUM_BINARY: chromiumPath() },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
  });
  return options.waitForHydration === false ? browser : waitingForHydration(browser);
}

/**
 * Waits until React has hydrated the page (root.tsx marks `<html data-hydrated>`). The pages work
 * without JavaScript, but their scripts load after the first frame (app/lib/deferred-hydration.ts),
 * so a test that acts at once could meet a control that only works hydrated. A page without the
 * app's hydration script (JSON, a plain error page) is not waited for.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      !document.querySelector('script[type="module"]'),
    undefined,
    { timeout: 45_000 },
  );
}

/**
 * Page loads (goto, reload, back, forward, waitForURL) of every page of this browser end hydrated,
 * except in a context with JavaScript turned off (nothing hydrates there).
 *
 * This is what a robot does, not a person: people type, tick and press as soon as they see the
 * fields, and a test that always waits hides every bug of that window (issue 26: fields emptied at
 * hydration). Keep it for tests about something else; forms are tested before hydration too, by
 * the forms-before-hydration tests in tests/e2e/storefront and tests/e2e/admin with tests/support/before-hydration.ts.
 */
function waitingForHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    return options?.javaScriptEnabled === false ? context : contextWaitingForHydration(context);
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    return options?.javaScriptEnabled === false ? page : pageWaitingForHydration(page);
  };
  return browser;
}

function contextWaitingForHydration(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => pageWaitingForHydration(await newPage());
  return context;
}

const PAGE_LOADS = ["goto", "reload", "goBack", "goForward", "waitForURL"] as const;

function pageWaitingForHydration(page: Page): Page {
  for (const name of PAGE_LOADS) {
    const load = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await load(...args);
      await hydrated(page);
      return result;
    };
  }
  return page;
}

/** Collects console errors and uncaught page errors, so tests can assert a page stays clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
