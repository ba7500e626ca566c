import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type EarlyFormRuns,
  fillEarly,
  HYDRATION_RUNS,
  openEarly,
  postFormForCookies,
  repeatBeforeHydration,
  type StorageState,
  watchPosts,
} from "../../support/before-hydration";
import { launchBrowser } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

/**
 * Issue 26, the back office: staff type the moment the page appears (or their password manager
 * fills it), before its scripts have run, on a CPU slowed down like a phone's. The back office's
 * fields (React Aria) keep their value in React state, so they are where the text was lost. Each
 * form is tried HYDRATION_RUNS times.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
/** Each run opens a page on a slowed CPU and goes through a form: up to ~30 s on a busy machine. */
const TIMEOUT = 60_000 + HYDRATION_RUNS * 60_000;
let admin: StorageState;

beforeAll(async () => {
  browser = await launchBrowser({ waitForHydration: false });
  admin = await postFormForCookies(baseUrl, "/login", {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
    redirectTo: "/dashboard",
  });
});
afterAll(async () => {
  await browser?.close();
});

function expectKept(result: EarlyFormRuns) {
  expect(result.lost).toEqual([]);
  expect(result.firstEarly, "runs whose first field was filled before the page hydrated").toBeGreaterThan(0);
}

const failed = (posts: Array<{ url: string; status: number }>) => posts.filter((post) => post.status >= 400);
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

describe("back-office forms filled before the page hydrates", () => {
  it(
    "signs staff in with what was typed (issue 26's report: /login?redirectTo=/courses)",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/login?redirectTo=%2Fcourses`,
        fields: [
          { label: "Email", value: E2E_ADMIN.email },
          { label: "Password", value: E2E_ADMIN.password },
        ],
        submit: async (page) => {
          const posts = watchPosts(page);
          await page.getByRole("button", { name: "Sign in", exact: true }).click();
          await page.waitForURL(`${baseUrl}/courses`);
          expect(failed(posts)).toEqual([]);
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );

  it(
    "signs staff in when Sign in is pressed at once, before or during hydration",
    async () => {
      for (let run = 1; run <= HYDRATION_RUNS; run++) {
        const early = await openEarly(browser, `${baseUrl}/login?redirectTo=%2Fcourses`);
        try {
          const posts = watchPosts(early.page);
          await fillEarly(early.page, [
            { label: "Email", value: E2E_ADMIN.email },
            { label: "Password", value: E2E_ADMIN.password },
          ]);
          await early.page.getByRole("button", { name: "Sign in", exact: true }).click();
          await early.page.waitForURL(`${baseUrl}/courses`);
          expect(failed(posts), `run ${run}`).toEqual([]);
        } finally {
          await early.close();
        }
      }
    },
    TIMEOUT,
  );

  it(
    "asks for a staff reset link for the address typed early",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/forgot-password`,
        // An address per run: one address gets 5 reset mails an hour (the answer is the same for any).
        fields: () => [{ label: "Email address", value: `reset.${unique()}@example.org` }],
        submit: async (page) => {
          await page.getByRole("button", { name: "Send reset link" }).click();
          await page.getByText(/If an account exists for this email address/).waitFor();
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );

  it(
    "searches a list with what was typed in its search box early",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/customers`,
        storageState: admin,
        fields: [{ label: "Search by name, email or phone", value: "learner@example.com" }],
        submit: async (page) => {
          await page.getByRole("searchbox", { name: "Search by name, email or phone" }).press("Enter");
          await page.waitForURL((url) => url.searchParams.get("searchText") === "learner@example.com");
          await page.getByRole("cell", { name: "learner@example.com" }).first().waitFor();
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );

  it(
    "creates a category with the names and slug typed early",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/categories/new`,
        storageState: admin,
        fields: (run) => {
          const id = unique();
          return [
            { label: "Name (English)", value: `Early category ${run} ${id}` },
            { label: "Name (Nederlands)", value: `Vroege categorie ${run} ${id}` },
            { label: "Slug", value: `early-category-${id}` },
          ];
        },
        submit: async (page) => {
          const name = await page.getByLabel("Name (English)").inputValue();
          const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
          await page.getByRole("button", { name: "Create category" }).click();
          await page.waitForURL((url) => url.pathname === "/categories");
          await page.goto(`${baseUrl}/categories?searchText=${encodeURIComponent(name)}`);
          await page.getByRole("link", { name, exact: true }).click();
          await page.waitForURL((url) => /^\/categories\/[0-9a-f-]{36}$/.test(url.pathname));
          await expect.poll(() => page.getByLabel("Slug", { exact: true }).inputValue()).toBe(slug);
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );

  it(
    "creates an attribute with the titles typed and Published switched off early",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/attributes/new`,
        storageState: admin,
        fields: (run) => {
          const id = unique();
          return [
            { label: "Title (English)", value: `Early attribute ${run} ${id}` },
            { label: "Display name (English)", value: `Early ${run} ${id}` },
            { label: "Published", checked: false },
          ];
        },
        submit: async (page) => {
          const title = await page.getByLabel("Title (English)").inputValue();
          await page.getByRole("button", { name: "Create attribute" }).click();
          await page.waitForURL((url) => url.pathname === "/attributes");
          await page.goto(`${baseUrl}/attributes?searchText=${encodeURIComponent(title)}`);
          await page.getByRole("link", { name: title, exact: true }).click();
          await page.waitForURL((url) => /^\/attributes\/[0-9a-f-]{36}$/.test(url.pathname));
          const published = page.getByRole("switch", { name: "Published" });
          await published.waitFor({ state: "attached" });
          expect(await published.isChecked()).toBe(false);
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );

  it(
    "creates a course with the title, slug and price (a number field) typed early",
    async () => {
      const result = await repeatBeforeHydration(browser, {
        url: `${baseUrl}/course/new`,
        storageState: admin,
        fields: (run) => {
          const id = unique();
          return [
            { label: "Course Title (English)", value: `Early course ${run} ${id}` },
            { label: "Course Slug", value: `early-course-${id}` },
            { label: "Price", value: `€4${run}.50` },
          ];
        },
        submit: async (page, run) => {
          await page.getByRole("button", { name: "Create course" }).click();
          await page.waitForURL((url) => /^\/course\/[0-9a-f-]{36}$/.test(url.pathname));
          await page.reload();
          await expect
            .poll(() => page.getByRole("textbox", { name: "Price", exact: true }).inputValue())
            .toContain(`4${run}.50`);
        },
      });
      expectKept(result);
    },
    TIMEOUT,
  );
});
