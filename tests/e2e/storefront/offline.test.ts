import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clientBuildDir } from "~server/lib/paths";
import { launchBrowser, watchErrors } from "../../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Offline, Chromium logs every request that cannot reach the server (API calls, unsaved images). */
const NETWORK_ERROR = /Failed to load resource|Failed to fetch/;

async function newPage(
  options: { reducedMotion?: "reduce" } = {},
): Promise<{ context: BrowserContext; page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { context, page, errors: () => seen.filter((message) => !NETWORK_ERROR.test(message)) };
}

/** The first visit installs the service worker, which says when the site works offline. */
async function installServiceWorker(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole("alert").filter({ hasText: "Ready to work offline" }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();

describe("offline storefront", () => {
  it("reloads visited pages offline, keeps cart changes and explains that checkout needs a connection", async () => {
    const { context, page, errors } = await newPage();
    await installServiceWorker(page);
    const homeHeading = await heading(page);

    await page.goto(`${baseUrl}/catalog`);
    const courseLink = page.locator('main a[href^="/single-course/"]');
    const coursePath = (await courseLink.first().getAttribute("href")) ?? "";
    const otherPath = (await courseLink.last().getAttribute("href")) ?? "";
    expect(otherPath).not.toBe(coursePath);
    await page.goto(`${baseUrl}${coursePath}`);
    const courseTitle = await heading(page);
    await page.goto(`${baseUrl}/checkout`);

    await context.setOffline(true);
    await page.goto(`${baseUrl}/`);
    expect(await heading(page)).toBe(homeHeading);
    await page.goto(`${baseUrl}/catalog`);
    expect(await heading(page)).toBe("All courses");
    expect(await page.locator('main a[href^="/single-course/"]').count()).toBeGreaterThan(0);
    await page.goto(`${baseUrl}${coursePath}`);
    expect(await heading(page)).toBe(courseTitle);

    // Adding to the cart offline is kept (the cart lives in the browser).
    await page
      .getByRole("button", { name: /Add to cart/ })
      .first()
      .click();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    await page.reload();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    await page.getByRole("link", { name: "Cart, 1 item" }).click();
    await page.waitForURL(`${baseUrl}/cart`);
    await page.getByRole("heading", { name: courseTitle ?? "" }).waitFor();

    // Checkout opens, and says why it cannot go on.
    await page.goto(`${baseUrl}/checkout`);
    await page.getByText("You are offline. Checking out needs an internet connection").waitFor();

    // A page never opened before says it was not kept for offline use.
    await page.goto(`${baseUrl}/catalog`);
    await page.locator(`main a[href="${otherPath}"]`).first().click();
    await page.getByRole("heading", { name: "You are offline" }).waitFor();

    await context.setOffline(false);
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole("heading", { name: courseTitle ?? "" }).waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });

  it("keeps only public storefront pages, and drops them when the visitor signs in or out", async () => {
    // A visitor who prefers reduced motion: the 'Ready to work offline' toast must stay up for them too.
    const { context, page, errors } = await newPage({ reducedMotion: "reduce" });
    await installServiceWorker(page);
    await page.goto(`${baseUrl}/catalog`);
    await page.goto(`${baseUrl}/customer-signin`);
    await page.goto(`${baseUrl}/login`);
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open("offline-pages");
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      });
    await expect.poll(kept).toEqual(["/", "/catalog"]);

    // Continuing as a guest (signing in) and logging out each drop what the previous visitor saw.
    await page.goto(`${baseUrl}/customer-signin`);
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Guest Logout" }).waitFor();
    await expect.poll(kept).not.toContain("/catalog");
    await page.goto(`${baseUrl}/catalog`);
    await expect.poll(kept).toContain("/catalog");
    await page.getByRole("banner").getByRole("button", { name: "Guest Logout" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).waitFor();
    await expect.poll(kept).not.toContain("/catalog");
    expect(errors()).toEqual([]);
    await context.close();
  });

  it("serves the manifest, icons and service worker for installing the storefront", async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string }[];
    };
    // Named after the store, as the pages are (the settings tests may have renamed it).
    const catalogTitle = (await (await fetch(`${baseUrl}/catalog`)).text()).match(
      /<title>[^|]*\| ([^<]+)<\/title>/,
    );
    expect(body).toMatchObject({ name: catalogTitle?.[1], start_url: "/", display: "standalone" });
    for (const icon of body.icons) {
      const response = await fetch(`${baseUrl}${icon.src}`);
      expect(response.headers.get("content-type"), icon.src).toBe("image/png");
    }
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toMatch(/<link[^>]*rel="manifest"[^>]*href="\/manifest\.webmanifest"/);
    expect(html).toMatch(/<link[^>]*rel="apple-touch-icon"/);
  });
});

describe("a new version", () => {
  it("asks 'New content available. Reload?' and reloads into the new service worker", async () => {
    const { context, page, errors } = await newPage();
    await installServiceWorker(page);
    await page.goto(`${baseUrl}/catalog`);
    await page.goto(`${baseUrl}/`);
    /** The kept catalogue page's CSP header: its nonce is new whenever the page was fetched again. */
    const keptCatalog = () =>
      page.evaluate(async () => {
        const response = await (await caches.open("offline-pages")).match("/catalog");
        return response?.headers.get("content-security-policy") ?? null;
      });
    const catalogBefore = await keptCatalog();
    expect(catalogBefore).toMatch(/nonce-/);

    // Deploy a new service worker: the same one, answering which version it is.
    const file = join(clientBuildDir, "sw.js");
    const original = readFileSync(file, "utf8");
    deploy(
      file,
      `${original}\nself.addEventListener("message", (event) => { if (event.data === "version?") event.ports[0].postMessage("next"); });\n`,
    );
    try {
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByRole("alert").filter({ hasText: "New content available. Reload?" });
      await prompt.waitFor();
      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
    } finally {
      deploy(file, original);
    }

    const version = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage("version?", [channel.port2]);
          setTimeout(() => resolve("no answer"), 5000);
        }),
    );
    expect(version).toBe("next");
    // The new version renewed the kept pages (the old copies pointed at the old build's files).
    const catalogAfter = await keptCatalog();
    expect(catalogAfter).toMatch(/nonce-/);
    expect(catalogAfter).not.toBe(catalogBefore);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

/** Writes a client file as the build does: with its precompressed copies (scripts/precompress.mjs). */
function deploy(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
