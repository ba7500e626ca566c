import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A tiny PNG: an image, not a video. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("upload errors", () => {
  it("a picture chosen as a lesson video says why it was refused, on a freshly loaded course page", async () => {
    const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);

    const list = await page.request.get(`${baseUrl}/api/admin/courses`);
    const courses = ((await list.json()) as { items: { id: string; lessonCount?: number }[] }).items;
    await page.goto(`${baseUrl}/course/${courses[0]!.id}`);
    const input = page.getByLabel(/^Upload a video for /).first();
    await input.waitFor({ state: "attached" });
    await input.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("The video must be a WebM or MP4 file.").waitFor();
    expect(errors.filter((message) => !/status of 400/.test(message))).toEqual([]);
  });
});
