import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseList } from "~server/modules/catalog/catalog.schemas";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { expectNoSeriousViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { CHECKOUT_CONSENTS } from "../support/checkout-consents";
import { E2E_ADMIN } from "../support/e2e-server";

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA, plus best practices) on every storefront page, the learner
 * area and the main admin pages, in the light and the dark theme: serious or critical violations
 * fail. Each page also has exactly one <h1> and one <main>. One browser page per theme and visitor
 * kind walks all of its pages.
 */
const baseUrl = inject("baseUrl");
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

let browser: Browser;
let course: { id: string; slug: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { courses } = (await (await fetch(`${baseUrl}/api/courses?limit=20`)).json()) as CourseList;
  course = courses.find((candidate) => candidate.priceCents > 0)!;
  // /about-us and /privacy-policy answer 404 until staff publish them, /help lists the FAQ: give them content.
  const token = await signInToken("/api/admin/login", E2E_ADMIN);
  const save = (method: string, path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const html =
    '<h2>Who we are</h2><p>A small school team. <a href="https://example.org/contact">Write to us</a>.</p>' +
    "<ul><li>Calm courses</li><li>Real teachers</li></ul>";
  for (const slug of ["about-us", "privacy-policy"]) {
    const response = await save("PUT", `/api/admin/pages/${slug}`, {
      title: { en: slug },
      body: { en: html },
    });
    expect(response.status).toBe(200);
  }
  const faq = await save("POST", "/api/admin/faqs", {
    question: { en: "Can I follow a course with the keyboard only?" },
    answer: { en: "Yes: every page, menu and video control works with the keyboard." },
  });
  expect(faq.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

async function signInToken(path: string, body: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A browser context in the given theme (the `theme` cookie), optionally with a session cookie. */
async function contextFor(
  theme: Theme,
  session?: { name: string; value: string },
  width = 1280,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "theme", value: theme, url: baseUrl },
    ...(session ? [{ ...session, url: baseUrl }] : []),
  ]);
  return context;
}

/** Opens the path; the browser waits until the page has hydrated (tests/support/browser.ts). */
async function visit(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
}

/** axe finds nothing serious; exactly one <h1> and one <main>; the page is in the asked theme. */
async function checkPage(page: Page, label: string, theme: Theme) {
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), label).toBe(
    theme === "dark",
  );
  expect(await page.locator("h1").count(), `one h1 on ${label}`).toBe(1);
  expect(await page.getByRole("main").count(), `one main on ${label}`).toBe(1);
  await expectNoSeriousViolations(page, `${label} (${theme})`);
}

/** The href of the first link on the page that starts with `prefix` (a detail page to check next). */
async function firstHref(page: Page, prefix: string, exclude?: string): Promise<string> {
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => candidate !== exclude);
  if (!href) throw new Error(`no link starting with ${prefix} on ${page.url()}`);
  return href;
}

const STOREFRONT = [
  "/",
  "/catalog",
  "/catalog?searchText=no-course-is-called-this",
  "/customer-signin",
  "/customer-signup",
  "/user/forgot-password",
  "/user/reset-password/not-a-real-token",
  "/general-terms-and-conditions",
  "/payment-plan-agreement",
  "/about-us",
  "/privacy-policy",
  "/help",
  "/no/such/page",
  "/cart",
];

const STAFF_SIGN_IN = ["/login", "/signup", "/forgot-password", "/reset-password/not-a-real-token"];

const ADMIN = [
  "/dashboard",
  "/courses",
  "/categories",
  "/attributes",
  "/coupons",
  "/customers",
  "/orders",
  "/our-staff",
  "/our-staff/roles",
  "/edit-profile",
  "/settings",
  "/store/store-settings",
  "/store/customization",
  "/faq",
  "/email-templates",
  "/languages",
  "/currencies",
  "/audit-log",
  "/jobs",
  "/coming-soon",
  "/404",
];

describe.each(THEMES)("the %s theme", (theme) => {
  describe("storefront", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await contextFor(theme);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each([...STOREFRONT, ...STAFF_SIGN_IN])("%s", async (path) => {
      await visit(page, path);
      await checkPage(page, path, theme);
    });

    it("the course page, the filled cart, checkout, payment and thank-you pages", async () => {
      await visit(page, `/single-course/${course.slug}`);
      await checkPage(page, "/single-course/{id}", theme);
      await page
        .getByRole("button", { name: /Add to cart/ })
        .first()
        .click();
      await page.getByRole("link", { name: "Go to cart" }).waitFor();

      await visit(page, "/cart");
      await page.getByRole("link", { name: "Go to checkout" }).waitFor();
      await checkPage(page, "/cart (filled)", theme);
      await visit(page, "/checkout");
      await checkPage(page, "/checkout", theme);

      // A guest order through the API (the context keeps the guest session cookie), then its pages.
      const placed = await page.request.post(`${baseUrl}/api/checkout`, {
        data: {
          ...CHECKOUT_CONSENTS,
          courseIds: [course.id],
          guest: { name: "Ada Axe", email: `axe.${theme}@example.com` },
        },
      });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()) as { id: string };
      await visit(page, `/payment?order=${order.id}`);
      await checkPage(page, "/payment", theme);
      const paid = await page.request.post(`${baseUrl}/api/checkout/${order.id}/pay`, {
        data: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2039, cvc: "123" } },
      });
      expect(paid.status()).toBe(200);
      await visit(page, `/thank-you?order=${order.id}`);
      await checkPage(page, "/thank-you", theme);
    });

    it("the mobile navigation, open at 375 px", async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await visit(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      await expectNoSeriousViolations(page, `the open mobile navigation (${theme})`);
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });

  describe("learner area", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      const token = await signInToken("/api/customer/login", {
        email: DEMO_LEARNER.email,
        password: DEMO_LEARNER.password,
      });
      context = await contextFor(theme, { name: "session", value: token });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(["/user-dashboard", "/user-details", "/user-courses", "/user-invoice"])("%s", async (path) => {
      await visit(page, path);
      await checkPage(page, path, theme);
    });

    it("/single-invoice/{id}", async () => {
      await visit(page, "/user-invoice");
      await visit(page, await firstHref(page, "/single-invoice/"));
      await checkPage(page, "/single-invoice/{id}", theme);
    });

    it("/course-video/{id} as an enrolled learner", async () => {
      await visit(page, "/user-courses");
      await visit(page, await firstHref(page, "/course-video/"));
      await page.getByTestId("lesson-video").waitFor();
      await checkPage(page, "/course-video/{id}", theme);
    });
  });

  describe("admin", () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      const token = await signInToken("/api/admin/login", E2E_ADMIN);
      context = await contextFor(theme, { name: "admin_session", value: token }, 1440);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(ADMIN)("%s", async (path) => {
      await visit(page, path);
      await checkPage(page, path, theme);
    });

    it.each([
      ["/courses", "/course/", "/course/new"],
      ["/customers", "/customer-order/", undefined],
      ["/orders", "/order/", undefined],
    ])("the first %s row's detail page (%s…)", async (list, prefix, exclude) => {
      await visit(page, list);
      const detail = await firstHref(page, prefix, exclude);
      await visit(page, detail);
      await checkPage(page, `${prefix}{id}`, theme);
    });

    it("a confirm-delete dialog and a form dialog", async () => {
      await visit(page, "/currencies");
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await page.getByRole("alertdialog").waitFor();
      await expectNoSeriousViolations(page, `the confirm-delete dialog (${theme})`);
      await page.keyboard.press("Escape");
      await page.getByRole("alertdialog").waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Add currency" }).click();
      await page.getByRole("dialog", { name: "Add currency" }).waitFor();
      await expectNoSeriousViolations(page, `the add-currency form dialog (${theme})`);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    });

    it("the navigation drawer, open at 375 px", async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await visit(page, "/dashboard");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Admin menu" }).waitFor();
      await expectNoSeriousViolations(page, `the open admin navigation drawer (${theme})`);
      await page.setViewportSize({ width: 1440, height: 900 });
    });
  });
});
