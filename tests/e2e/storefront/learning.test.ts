import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseDetail } from "~server/modules/catalog/catalog.schemas";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { launchBrowser, watchErrors } from "../../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let course: CourseDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  course = (await (await fetch(`${baseUrl}/api/courses/fractions-made-friendly`)).json()) as CourseDetail;
});
afterAll(async () => {
  await browser?.close();
});

/** A browser context signed in as the demo learner through the accounts API; null while that API is missing. */
async function learnerContext(): Promise<BrowserContext | null> {
  const response = await fetch(`${baseUrl}/api/customer/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_LEARNER.email, password: DEMO_LEARNER.password }),
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "session", value: token, url: baseUrl }]);
  return context;
}

/** Waits until the page's video has loaded its metadata, and gives its duration. */
async function videoDuration(page: Page): Promise<number> {
  const video = page.getByTestId("lesson-video");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  return video.evaluate((element: HTMLVideoElement) => element.duration);
}

describe("course video page", () => {
  it("plays a free-preview lesson for an anonymous visitor, streamed with range requests", async () => {
    const free = course.lessons.find((lesson) => lesson.freePreview)!;
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const media = page.waitForResponse((response) =>
      response.url().includes(`/api/lessons/${free.id}/video`),
    );
    await page.goto(`${baseUrl}/course-video/${course.slug}?lesson=${free.id}`);
    expect([200, 206]).toContain((await media).status());
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(free.title);
    expect(await videoDuration(page)).toBeGreaterThan(5);
    const range = await page.evaluate(
      async (url) => (await fetch(url, { headers: { range: "bytes=0-99" } })).status,
      `/api/lessons/${free.id}/video`,
    );
    expect(range).toBe(206);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a locked lesson's explanation, and its video answers 401", async () => {
    const locked = course.lessons.find((lesson) => !lesson.freePreview)!;
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/course-video/${course.slug}?lesson=${locked.id}`);
    await page.getByRole("heading", { name: "This lesson is part of the full course" }).waitFor();
    expect(await page.getByTestId("lesson-video").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Sign in" }).getAttribute("href")).toContain(
      "/customer-signin",
    );
    expect(await page.getByRole("link", { name: "Add to cart" }).getAttribute("href")).toBe(
      `/single-course/${course.slug}`,
    );
    const status = await page.evaluate(
      async (url) => (await fetch(url)).status,
      `/api/lessons/${locked.id}/video`,
    );
    expect(status).toBe(401);
    await page.close();
  });
});

describe("learner journey (needs POST /api/customer/login from the accounts work)", () => {
  it("sees progress in /user-courses, watches a lesson to the end and finds it saved after reload", async (ctx) => {
    const context = await learnerContext();
    if (!context) return ctx.skip();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/user-courses`);
    await page.getByRole("heading", { name: "My courses" }).waitFor();
    const bar = page.getByRole("progressbar", { name: `Progress in ${course.title}` });
    const before = Number(await bar.getAttribute("aria-valuenow"));
    expect(before).toBeGreaterThan(0);

    await page.getByRole("link", { name: `Continue: ${course.title}` }).click();
    await page.waitForURL((url) => url.pathname === `/course-video/${course.slug}`);
    const current = new URL(page.url()).searchParams.get("lesson")!;
    const index = course.lessons.findIndex((lesson) => lesson.id === current);
    const duration = await videoDuration(page);
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/lessons/${current}/progress`) && response.request().method() === "PUT",
    );
    // Play the last second: the lesson ends, is saved as watched and the next lesson opens.
    await page.getByTestId("lesson-video").evaluate(
      async (element: HTMLVideoElement, end: number) => {
        element.muted = true;
        element.currentTime = end;
        await element.play();
      },
      Math.max(0, duration - 1),
    );
    expect((await saved).status()).toBe(200);
    const next = course.lessons[index + 1]!;
    await page.waitForURL((url) => url.searchParams.get("lesson") === next.id);

    await page.goto(`${baseUrl}/course-video/${course.slug}?lesson=${current}`);
    const watched = page.getByRole("link", { name: new RegExp(`${course.lessons[index]!.title}.*Watched`) });
    expect(await watched.count()).toBe(1);
    await page.goto(`${baseUrl}/user-courses`);
    const after = Number(await bar.getAttribute("aria-valuenow"));
    expect(after).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets an enrolled learner rate a course once", async (ctx) => {
    const context = await learnerContext();
    if (!context) return ctx.skip();
    const page = await context.newPage();
    const slug = "kitchen-table-chemistry";
    await page.goto(`${baseUrl}/single-course/${slug}`);
    const form = page.getByRole("form", { name: "Review this course" });
    await form.getByRole("radio", { name: "5 stars" }).check({ force: true });
    await form
      .getByLabel("Your review (optional)")
      .fill("Our kitchen smelled of vinegar for a week. Wonderful!");
    await form.getByRole("button", { name: "Post review" }).click();
    await page.getByText("You have reviewed this course. Thank you!").waitFor();
    expect(await page.getByRole("form", { name: "Review this course" }).count()).toBe(0);
    await page.getByText("Our kitchen smelled of vinegar for a week. Wonderful!").waitFor();

    const again = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rating: 4 }),
      });
      return { status: response.status, body: await response.json() };
    }, `/api/courses/${slug}/reviews`);
    expect(again).toEqual({
      status: 409,
      body: { message: "You have already reviewed this course.", code: "ALREADY_REVIEWED" },
    });
    await context.close();
  });
});
