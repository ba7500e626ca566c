import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseCard, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";
import { payWithDemoCard } from "../../support/demo-payment";

/**
 * Issue 22, family accounts and group seats: a parent buys 2 seats, makes two children, gives each a
 * seat, learns as the first and completes a lesson; the second child's progress stays its own and
 * the dashboard shows both.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let course: CourseCard;

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseUrl}/api/courses`)).json()) as CourseList;
  course = list.courses.filter((one) => one.totalSeats === null).at(-1)!;
});
afterAll(async () => {
  await browser?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

async function learnAs(page: Page, name: string) {
  await page.getByRole("button", { name: `Learn as ${name}` }).click();
  await page.waitForURL(onPath("/user-courses"));
  await page.getByText(`You are learning as ${name}.`).waitFor();
}

describe("a family with group seats", () => {
  it("buys 2 seats, assigns one to each child, and keeps each child's progress apart", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${baseUrl}/customer-signup`);
    await page.getByLabel("Full name").fill("Parent Jansen");
    await page.getByLabel("Email address").fill(`family.${Date.now().toString(36)}@example.org`);
    await page.getByLabel("Password", { exact: true }).fill("family-password-1");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(onPath("/user-dashboard"));

    // Two seats of one course in the cart, then checkout and the demo card.
    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await page.getByRole("link", { name: "Go to cart" }).click();
    await page.waitForURL(onPath("/cart"));
    await page.getByRole("spinbutton", { name: `Seats of ${course.title}` }).fill("2");
    await page.getByText("After paying, assign the seats").waitFor();
    await page.getByRole("link", { name: "Go to checkout" }).click();
    await page.waitForURL(onPath("/checkout"));
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithDemoCard(page);

    // Two children, one seat each.
    await page.goto(`${baseUrl}/user-family`);
    await page.getByText("2 seats, 2 not assigned").waitFor();
    for (const name of ["Anna", "Ben"]) {
      await page.getByLabel("Child's name").fill(name);
      await page.getByRole("button", { name: "Add child" }).click();
      await page.getByRole("button", { name: `Learn as ${name}` }).waitFor();
    }
    for (const name of ["Anna", "Ben"]) {
      await page.getByLabel("Assign to").selectOption({ label: name });
      await page.getByRole("button", { name: `Assign a seat of ${course.title}` }).click();
      await page.getByText(`Assigned to ${name}`).waitFor();
    }
    await page.getByText("2 seats, 0 not assigned").waitFor();

    // As Anna: her course, one lesson completed.
    await learnAs(page, "Anna");
    await page.goto(`${baseUrl}/course-video/${course.slug}`);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await page.getByText("You have completed this lesson.").waitFor();

    // As Ben: nothing completed.
    await page.goto(`${baseUrl}/user-family`);
    await learnAs(page, "Ben");
    await page.goto(`${baseUrl}/course-video/${course.slug}`);
    await page.getByRole("button", { name: "Mark as complete" }).waitFor();

    // The dashboard greets the child and counts the child's courses (the parent's course is not Ben's).
    await page.goto(`${baseUrl}/user-dashboard`);
    await page.getByRole("heading", { level: 1, name: "Hello, Ben" }).waitFor();
    await page.getByText("1 course", { exact: true }).waitFor();

    // Back as the parent, the dashboard shows both children's progress.
    await page.getByRole("button", { name: "Learn as myself" }).click();
    await page.waitForURL(onPath("/user-family"));
    await page.goto(`${baseUrl}/user-dashboard`);
    const family = page.getByRole("region", { name: "Your children's progress" });
    await family.waitFor();
    const text = (await family.textContent()) ?? "";
    const title = course.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(text).toMatch(new RegExp(`Anna – ${title}: \\d+% \\(1 of \\d+ lessons\\)`));
    expect(text).toMatch(new RegExp(`Ben – ${title}: 0% \\(0 of \\d+ lessons\\)`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
