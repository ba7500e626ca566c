import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseList } from "~server/modules/catalog/catalog.schemas";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { checkPage, contextFor, firstHref, signInToken, visit } from "../../support/accessibility-pages";
import { expectNoSeriousViolations } from "../../support/axe";
import { launchBrowser } from "../../support/browser";
import { CHECKOUT_CONSENTS } from "../../support/checkout-consents";
import { E2E_ADMIN } from "../../support/e2e-server";

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA, plus best practices) on every storefront page and the learner
 * area, in the light and the dark theme: serious or critical violations fail. Each page also has
 * exactly one <h1> and one <main>. One browser page per visitor kind walks all of its pages, each
 * page loaded once and checked in both themes (tests/support/axe.ts). The back office: tests/e2e/admin/accessibility.test.ts.
 */
const baseUrl = inject("baseUrl");

let browser: Browser;
let course: { id: string; slug: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { courses } = (await (await fetch(`${baseUrl}/api/courses?limit=20`)).json()) as CourseList;
  course = courses.find((candidate) => candidate.priceCents > 0)!;
  // /about-us and /privacy-policy answer 404 until staff publish them, /help lists the FAQ: give them content.
  const token = await signInToken(baseUrl, "/api/admin/login", E2E_ADMIN);
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

const STOREFRONT = [
  "/",
  "/catalog",
  "/catalog?searchText=no-course-is-called-this",
  "/customer-signin",
  "/customer-signup",
  "/user/forgot-password",
  "/user/reset-password/not-a-real-token",
  "/user/sign-in-link",
  "/user/sign-in-link/not-a-real-token",
  "/certificate/NOT-A-REAL-CODE",
  "/general-terms-and-conditions",
  "/payment-plan-agreement",
  "/about-us",
  "/privacy-policy",
  "/help",
  "/contact-us",
  "/offers",
  "/no/such/page",
  "/cart",
];

const STAFF_SIGN_IN = ["/login", "/signup", "/forgot-password", "/reset-password/not-a-real-token"];

describe("storefront", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await contextFor(browser, baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each([...STOREFRONT, ...STAFF_SIGN_IN])("%s", async (path) => {
    await visit(page, baseUrl, path);
    await checkPage(page, path);
  });

  it("the course page, the filled cart, checkout, payment and thank-you pages", async () => {
    await visit(page, baseUrl, `/single-course/${course.slug}`);
    await checkPage(page, "/single-course/{id}");
    await page
      .getByRole("button", { name: /Add to cart/ })
      .first()
      .click();
    await page.getByRole("link", { name: "Go to cart" }).waitFor();

    await visit(page, baseUrl, "/cart");
    await page.getByRole("link", { name: "Go to checkout" }).waitFor();
    await checkPage(page, "/cart (filled)");
    await visit(page, baseUrl, "/checkout");
    await checkPage(page, "/checkout");

    // A guest order through the API (the context keeps the guest session cookie), then its pages.
    const placed = await page.request.post(`${baseUrl}/api/checkout`, {
      data: {
        ...CHECKOUT_CONSENTS,
        courseIds: [course.id],
        guest: { name: "Ada Axe", email: "axe@example.com" },
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: string };
    await visit(page, baseUrl, `/payment?order=${order.id}`);
    await checkPage(page, "/payment");
    const paid = await page.request.post(`${baseUrl}/api/checkout/${order.id}/pay`, {
      data: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2039, cvc: "123" } },
    });
    expect(paid.status()).toBe(200);
    await visit(page, baseUrl, `/thank-you?order=${order.id}`);
    await checkPage(page, "/thank-you");
  });

  it("the mobile navigation, open at 375 px", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, baseUrl, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await expectNoSeriousViolations(page, `the open mobile navigation`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("learner area", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const token = await signInToken(baseUrl, "/api/customer/login", {
      email: DEMO_LEARNER.email,
      password: DEMO_LEARNER.password,
    });
    context = await contextFor(browser, baseUrl, { name: "session", value: token });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each([
    "/user-dashboard",
    "/user-details",
    "/user-courses",
    "/user-orders",
    "/user-invoice",
    "/user-family",
  ])("%s", async (path) => {
    await visit(page, baseUrl, path);
    await checkPage(page, path);
  });

  it("/single-invoice/{id}", async () => {
    await visit(page, baseUrl, "/user-invoice");
    await visit(page, baseUrl, await firstHref(page, "/single-invoice/"));
    await checkPage(page, "/single-invoice/{id}");
  });

  it("/course-video/{id} as an enrolled learner", async () => {
    await visit(page, baseUrl, "/user-courses");
    await visit(page, baseUrl, await firstHref(page, "/course-video/"));
    await page.getByTestId("lesson-video").waitFor();
    await checkPage(page, "/course-video/{id}");
  });
});
