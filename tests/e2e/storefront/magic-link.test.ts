import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseCard, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";
import { payWithDemoCard } from "../../support/demo-payment";

/**
 * Issue 22 "done means": a guest buys a course with the withdrawal consent, sees the thank-you page,
 * opens the sign-in link from the confirmation mail and learns at once, without a password.
 */
const baseUrl = inject("baseUrl");
const outbox = join(inject("dataDir"), "outbox");
let browser: Browser;
let course: CourseCard;

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseUrl}/api/courses`)).json()) as CourseList;
  // A course without a seat limit: other tests buy seats, so it never sells out under us.
  course = list.courses.filter((card) => card.totalSeats === null)[3]!;
});
afterAll(async () => {
  await browser?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** The newest mail to `email` that holds `needle`, quoted-printable undone, once it is in the outbox. */
async function mailWith(email: string, needle: string): Promise<string> {
  const find = () =>
    readdirSync(outbox)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse()
      .map((name) => readFileSync(join(outbox, name), "utf8"))
      .filter((raw) => raw.includes(`To: ${email}`))
      .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .find((text) => text.includes(needle));
  await expect.poll(() => find() !== undefined, { timeout: 30_000 }).toBe(true);
  return find()!;
}

describe("a guest learns at once", () => {
  it("buys with the withdrawal consent, then signs in with the mailed link and plays the course", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = `magic-link.${Date.now().toString(36)}@example.org`;

    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await page.getByRole("link", { name: "Go to cart" }).click();
    await page.waitForURL(onPath("/cart"));
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(onPath("/checkout"));
    await page.getByRole("textbox", { name: "Name" }).fill("Maya Magic");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithDemoCard(page);

    // The thank-you page says where the sign-in link went and links to the course.
    await page.getByRole("heading", { name: "Start learning right away" }).waitFor();
    await page.getByText(`We have emailed a sign-in link to ${email}.`, { exact: false }).waitFor();
    await page.getByRole("link", { name: course.title }).first().waitFor();

    // The confirmation mail: the consent as given, the course, and the sign-in link.
    const mail = await mailWith(email, "/user/sign-in-link/");
    expect(mail).toContain("I want access to the course straight away.");
    expect(mail).toContain(`/course-video/${course.slug}`);
    const link = new URL(/https?:\/\/[^\s"<]+\/user\/sign-in-link\/[^\s"<]+/.exec(mail)![0]);

    // Opening the link only shows a button (mail scanners open links too); the button signs in.
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.getByRole("button", { name: "Sign in and start learning" }).click();
    await page.waitForURL(onPath(`/course-video/${course.slug}`));
    const video = page.getByTestId("lesson-video");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    await page.getByRole("banner").getByRole("link", { name: "My courses, Maya Magic" }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
