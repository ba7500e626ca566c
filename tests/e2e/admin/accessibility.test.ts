import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { checkPage, contextFor, firstHref, signInToken, visit } from "../../support/accessibility-pages";
import { expectNoSeriousViolations } from "../../support/axe";
import { launchBrowser } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA, plus best practices) on the main back-office pages, a
 * detail page of each list, a dialog and the phone drawer, in the light and the dark theme:
 * serious or critical violations fail. Each page also has exactly one <h1> and one <main>. The
 * storefront and learner area: tests/e2e/storefront/accessibility.test.ts.
 */
const baseUrl = inject("baseUrl");

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = [
  "/dashboard",
  "/reports",
  "/courses",
  "/categories",
  "/attributes",
  "/coupons",
  "/customers",
  "/orders",
  "/pos-drawers",
  "/our-staff",
  "/our-staff/roles",
  "/edit-profile",
  "/settings",
  "/store/store-settings",
  "/pos-setting",
  "/pos",
  "/store/customization",
  "/store/menu-editor",
  "/faq",
  "/email-templates",
  "/languages",
  "/currencies",
  "/countries",
  "/states",
  "/tax-zones",
  "/taxes",
  "/translations",
  "/shipping-zones",
  "/store/shipping-carriers",
  "/audit-log",
  "/jobs",
  "/coming-soon",
  "/404",
];

describe("admin", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const token = await signInToken(baseUrl, "/api/admin/login", E2E_ADMIN);
    context = await contextFor(browser, baseUrl, { name: "admin_session", value: token }, 1440);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(ADMIN)("%s", async (path) => {
    await visit(page, baseUrl, path);
    await checkPage(page, path);
  });

  it.each([
    ["/courses", "/course/", "/course/new"],
    ["/customers", "/customer-order/", undefined],
    ["/orders", "/order/", undefined],
  ])("the first %s row's detail page (%s…)", async (list, prefix, exclude) => {
    await visit(page, baseUrl, list);
    const detail = await firstHref(page, prefix, exclude);
    await visit(page, baseUrl, detail);
    await checkPage(page, `${prefix}{id}`);
  });

  it("a confirm-delete dialog and a form dialog", async () => {
    await visit(page, baseUrl, "/currencies");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await page.getByRole("alertdialog").waitFor();
    await expectNoSeriousViolations(page, `the confirm-delete dialog`);
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add currency" }).click();
    await page.getByRole("dialog", { name: "Add currency" }).waitFor();
    await expectNoSeriousViolations(page, `the add-currency form dialog`);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  });

  it("the navigation drawer, open at 375 px", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, baseUrl, "/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Admin menu" }).waitFor();
    await expectNoSeriousViolations(page, `the open admin navigation drawer`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
