import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CourseCard, CourseList } from "~server/modules/catalog/catalog.schemas";
import { launchBrowser, watchErrors } from "../../support/browser";
import { giveCheckoutConsents } from "../../support/checkout-consents";
import { payWithDemoCard } from "../../support/demo-payment";

/**
 * The whole storefront and learner journey in one browser, as a person walks it: the issue's
 * "Done means" test. Every step goes through what is on the screen (roles, labels, texts).
 */
const baseUrl = inject("baseUrl");
const outbox = join(inject("dataDir"), "outbox");
let browser: Browser;
let courses: CourseCard[];

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseUrl}/api/courses`)).json()) as CourseList;
  // Courses without a seat limit: other tests buy seats, so these never sell out under us.
  courses = list.courses.filter((course) => course.totalSeats === null);
});
afterAll(async () => {
  await browser?.close();
});

/** A rejected form answers 400 on purpose; Chromium logs each such response as a console error. */
const INVALID_FORM = [
  "Failed to load resource: the server responded with a status of 400 (Bad Request)",
  "Failed to load resource: the server responded with a status of 401 (Unauthorized)",
];

async function newPage(width: number): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { page, errors: () => seen.filter((message) => !INVALID_FORM.includes(message)) };
}

const onPath = (path: string) => (url: URL) => url.pathname === path;
const unique = (label: string) => `${label}.${Date.now().toString(36)}@example.org`;

/** The mail files in the outbox addressed to `email`, newest first. */
function mailsTo(email: string): string[] {
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse()
    .map((name) => readFileSync(join(outbox, name), "utf8"))
    .filter((raw) => raw.includes(`To: ${email}`));
}

/** Waits for a mail to `email` that satisfies `match`, and gives it (quoted-printable undone). */
async function mailMatching(email: string, match: (text: string) => boolean): Promise<string> {
  const decoded = () => mailsTo(email).map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  await expect.poll(() => decoded().some(match), { timeout: 10_000 }).toBe(true);
  return decoded().find(match) as string;
}

async function signUp(page: Page, name: string, email: string | null, password: string) {
  await page.getByLabel("Full name").fill(name);
  if (email !== null) await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(onPath("/user-dashboard"));
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** From the cart to the checkout page. */
async function goToCheckout(page: Page) {
  await page.getByRole("link", { name: "Go to checkout" }).click();
  await page.waitForURL(onPath("/checkout"));
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
}

describe("the learner journey", () => {
  it("signs up, buys a course, watches it, finds the invoice and mail, and resets the password", async () => {
    const { page, errors } = await newPage(1440);
    const email = unique("journey");
    const password = "journey-password-1";
    const newPassword = "journey-password-2";
    const course = courses[1]!;

    // Sign up.
    await page.goto(`${baseUrl}/`);
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(onPath("/customer-signup"));
    await signUp(page, "Jules Journey", email, password);
    await page.getByRole("banner").getByRole("link", { name: "My courses, Jules Journey" }).waitFor();

    // The header leads to the course listing; the course page puts the course in the cart.
    await page.getByRole("banner").getByRole("link", { name: "All courses" }).click();
    await page.waitForURL(onPath("/catalog"));
    await page.getByRole("main").getByRole("link", { name: course.title }).first().click();
    await page.waitForURL(onPath(`/single-course/${course.slug}`));
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await page.getByRole("link", { name: "Go to cart" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).click();
    await page.waitForURL(onPath("/cart"));
    await page.getByRole("heading", { name: course.title }).waitFor();

    // Checkout as the signed-in customer, then the demo card.
    await goToCheckout(page);
    await page.getByText("Signed in as Jules Journey").waitFor();
    await page.getByText(/incl\. 21 % VAT/).waitFor();
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithDemoCard(page);
    expect(await page.locator("header nav, footer").count()).toBe(0);
    expect(await page.getByRole("banner").count()).toBe(0);
    const orderNumber = (await page.getByTestId("order-number").textContent())?.replace(/\D+/g, "");

    // The course is in the learner's courses; its first lesson plays.
    await page.getByRole("link", { name: "Go to my courses" }).click();
    await page.waitForURL(onPath("/user-courses"));
    await page.getByRole("link", { name: `Start: ${course.title}` }).click();
    await page.waitForURL(onPath(`/course-video/${course.slug}`));
    const video = page.getByTestId("lesson-video");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);

    // Back on the course page there is nothing left to buy, only the way back into the course.
    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await page.getByRole("link", { name: /^(Continue|Start) learning$/ }).waitFor();
    expect(await page.getByRole("button", { name: /^Add to cart/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Go to cart" }).count()).toBe(0);

    // The invoice: from the list to the printable page, with number, VAT and total; the PDF.
    await page.goto(`${baseUrl}/user-dashboard`);
    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", { name: "Invoices" })
      .click();
    await page.waitForURL(onPath("/user-invoice"));
    const view = page.getByRole("link", { name: /^View invoice / });
    const invoiceNumber = (await view.textContent())!.replace(/^View\s*invoice\s*/, "").trim();
    await view.click();
    await page.waitForURL(/\/single-invoice\/[0-9a-f-]+$/);
    const main = page.getByRole("main");
    await main.getByText(invoiceNumber).first().waitFor();
    await main.getByText(/VAT 21\s?% over .+ \(included\)/).waitFor();
    await main.getByText("Total", { exact: true }).first().waitFor();
    await main.getByText(course.title).first().waitFor();
    const pdfHref = await main.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    const pdf = await page.request.get(`${baseUrl}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The order confirmation mail carries the invoice PDF.
    const confirmation = await mailMatching(email, (text) => text.includes("Content-Type: application/pdf"));
    expect(confirmation).toContain(`invoice-${invoiceNumber}.pdf`);
    if (orderNumber) expect(confirmation).toContain(orderNumber);

    // Log out, forget the password, reset it by the mailed link, sign in with the new one.
    await page.getByRole("banner").getByRole("button", { name: "LogOut", exact: true }).click();
    await page.waitForURL(onPath("/"));
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(onPath("/user/forgot-password"));
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account exists for this email address").waitFor();
    const resetMail = await mailMatching(email, (text) => text.includes("/user/reset-password/"));
    const link = /https?:\/\/[^\s"<]+\/user\/reset-password\/[\w-]+/.exec(resetMail)![0];
    await page.goto(`${baseUrl}${new URL(link).pathname}`);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await page.getByText("Your password has been successfully changed").waitFor();
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.waitForURL(onPath("/customer-signin"));
    await signIn(page, email, password);
    await page.getByText("Invalid email or password.").waitFor();
    await signIn(page, email, newPassword);
    await page.waitForURL(onPath("/user-dashboard"));
    await page.getByRole("heading", { name: "Hello, Jules Journey" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "My courses, Jules Journey" }).waitFor();

    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it("lets a guest buy a course, then sign up with the same email and find it", async () => {
    const { page, errors } = await newPage(375);
    const email = unique("guest-journey");
    const course = courses[2]!;

    await page.goto(`${baseUrl}/single-course/${course.slug}`);
    await page.getByRole("button", { name: /^Add to cart/ }).click();
    await page.getByRole("link", { name: "Go to cart" }).click();
    await page.waitForURL(onPath("/cart"));
    await goToCheckout(page);
    await page.getByRole("textbox", { name: "Name" }).fill("Gus Guest");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await giveCheckoutConsents(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/payment\?order=/);
    // The checkout started a guest session: the header says so without a reload.
    await page.getByRole("banner").getByRole("button", { name: "Guest Logout" }).waitFor();
    await payWithDemoCard(page);

    // The thank-you page offers an account with the same email, filled in.
    await page.getByText(`Create an account with this email (${email}) to find your courses.`).waitFor();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(onPath("/customer-signup"));
    expect(await page.getByLabel("Email address").inputValue()).toBe(email);
    await signUp(page, "Gus Guest", null, "guest-turned-learner-1");
    // The guest's purchases join the account only once the mailbox's owner confirms it by the mailed link.
    const claimMail = await mailMatching(email, (text) => text.includes("/user/claim-purchases/"));
    const claimLink = /https?:\/\/[^\s"<]+\/user\/claim-purchases\/[\w%-]+/.exec(claimMail)![0];
    await page.goto(`${baseUrl}${new URL(claimLink).pathname}`);
    await page.getByRole("button", { name: "Add them to my account" }).click();
    await page.getByText("Your earlier purchases are now in your account.").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "My courses, Gus Guest" }).click();
    await page.waitForURL(onPath("/user-courses"));
    await page.getByRole("heading", { name: course.title }).waitFor();
    await page.getByRole("link", { name: `Start: ${course.title}` }).waitFor();

    expect(errors()).toEqual([]);
    await page.context().close();
  });
});
