import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseDetail } from "~server/modules/catalog/catalog.schemas";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;
let course: CourseDetail;
let lesson: CourseDetail["lessons"][number];

const PDF = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const VTT = "WEBVTT\n\n00:00.000 --> 00:03.000\nLet us mix baking soda and vinegar.\n";

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`${baseUrl}${path}`, {
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.headers ?? {}) },
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo learner's second course (the other learning tests play the first one).
  course = (await (await api("/api/courses/kitchen-table-chemistry")).json()) as CourseDetail;
  lesson = course.lessons.find((item) => !item.freePreview)!;
  const login = await api("/api/admin/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const base = `/api/admin/courses/${course.id}/lessons/${lesson.id}`;
  const worksheet = await api(`${base}/resources?name=Chemistry%20worksheet.pdf`, {
    method: "POST",
    token,
    headers: { "content-type": "application/pdf" },
    body: PDF,
  });
  expect(worksheet.status).toBe(201);
  const captions = await api(`${base}/captions/en?label=English`, {
    method: "PUT",
    token,
    headers: { "content-type": "text/vtt" },
    body: VTT,
  });
  expect(captions.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe("lesson resources, captions and continue learning", () => {
  it("lets a learner download a worksheet, see the captions track, mark the lesson complete and continue from the dashboard", async () => {
    const login = await api("/api/customer/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_LEARNER.email, password: DEMO_LEARNER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.addCookies([{ name: "session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/course-video/${course.slug}?lesson=${lesson.id}`);
    await page.getByRole("heading", { name: "Lesson resources" }).waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Chemistry worksheet.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("Chemistry worksheet.pdf");

    const track = page.locator('[data-testid="lesson-video"] track[kind="captions"]');
    expect(await track.getAttribute("srclang")).toBe("en");
    expect(await track.getAttribute("label")).toBe("English");
    const cues = await page.evaluate(
      async (src) => (await fetch(src!)).text(),
      await track.getAttribute("src"),
    );
    expect(cues).toContain("baking soda");

    await page.getByRole("button", { name: "Mark as complete" }).click();
    await page.getByText("You have completed this lesson.").waitFor();

    await page.goto(`${baseUrl}/user-dashboard`);
    const block = page.getByRole("region", { name: "Continue learning" });
    await block.waitFor();
    expect(await block.textContent()).toContain(course.title);
    expect(await block.textContent()).toContain(`Last lesson: ${lesson.title}`);
    const link = block.getByRole("link", { name: "Continue learning" });
    expect(await link.getAttribute("href")).toContain(`/course-video/${course.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
