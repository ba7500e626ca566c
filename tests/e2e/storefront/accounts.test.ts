import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";

const baseUrl = inject("baseUrl");
const outbox = join(inject("dataDir"), "outbox");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A rejected form answers 400 or 401 on purpose (a missing field, a wrong password); Chromium logs each such
 * response as a console error. Only those are set aside: every other error still fails the test.
 */
const INVALID_FORM = [
  "Failed to load resource: the server responded with a status of 400 (Bad Request)",
  "Failed to load resource: the server responded with a status of 401 (Unauthorized)",
];

async function newPage(width = 1440): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { page, errors: () => seen.filter((message) => !INVALID_FORM.includes(message)) };
}

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** The reset link of the newest mail to `email` in the server's outbox (.eml files). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith(".eml"));
        for (const file of files
          .map((f) => f.name)
          .sort()
          .reverse()) {
          const raw = readFileSync(join(outbox, file), "utf8");
          if (!raw.includes(`To: ${email}`)) continue;
          const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          link = /https?:\/\/[^\s"<]+\/user\/reset-password\/[\w-]+/.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link as string;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("customer accounts", () => {
  it("signs up, signs out, signs in, updates details, resets the password, downloads their data and deletes the account", async () => {
    const { page, errors } = await newPage();
    const email = `e2e.${Date.now()}@example.org`;
    const password = "first-password-1";
    const newPassword = "second-password-2";

    // Sign up: the terms must be ticked.
    await page.goto(`${baseUrl}/customer-signup`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create your account");
    await page.getByLabel("Full name").fill("Esther Example");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Please accept the terms and conditions to create an account").waitFor();
    expect(new URL(page.url()).pathname).toBe("/customer-signup");
    expect(await page.getByRole("link", { name: "general terms and conditions" }).getAttribute("href")).toBe(
      "/general-terms-and-conditions",
    );
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(onPath("/user-dashboard"));
    await page.getByRole("heading", { name: "Hello, Esther Example" }).waitFor();

    // The header shows the avatar (to the learner's courses) and LogOut.
    const avatar = page.getByRole("banner").getByRole("link", { name: "My courses, Esther Example" });
    expect(await avatar.getAttribute("href")).toBe("/user-courses");
    expect(await avatar.textContent()).toBe("E");
    await page.getByRole("banner").getByRole("button", { name: "LogOut", exact: true }).click();
    await page.waitForURL(onPath("/"));
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).waitFor();

    // Guard: the customer area sends a visitor to sign in and back.
    await page.goto(`${baseUrl}/user-details`);
    expect(new URL(page.url()).pathname).toBe("/customer-signin");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/user-details");
    await signIn(page, email, "wrong-password");
    await page.getByText("Invalid email or password.").waitFor();
    await signIn(page, email, password);
    await page.waitForURL(onPath("/user-details"));

    // Update the name; the header follows.
    await page.getByLabel("Full name").fill("Esther Renamed");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your details have been saved.").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "My courses, Esther Renamed" }).waitFor();

    // Forgot password: the mail lands in the outbox.
    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("button", { name: "Log Out" })
      .click();
    await page.waitForURL(onPath("/"));
    await page.goto(`${baseUrl}/customer-signin`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(onPath("/user/forgot-password"));
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account exists for this email address").waitFor();
    const link = await resetLinkFor(email);

    // Reset: the spec's three messages, then success and the page stays.
    const resetPath = new URL(link).pathname;
    await page.goto(`${baseUrl}${resetPath}`);
    const reset = page.getByRole("button", { name: "Reset", exact: true });
    await reset.click();
    expect(await page.getByText("You must specify a password").count()).toBe(2);
    await page.getByLabel("New password").fill("short");
    await reset.click();
    await page.getByText("Password must have at least 8 characters").waitFor();
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill("something-else");
    await reset.click();
    await page.getByText("The passwords do not match").waitFor();
    // The show/hide toggle reveals the typed password.
    const confirm = page.getByLabel("Confirm password");
    expect(await confirm.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).nth(1).click();
    expect(await confirm.getAttribute("type")).toBe("text");
    await confirm.fill(newPassword);
    await reset.click();
    const toast = page
      .locator(".Toastify__toast-container--top-center")
      .getByText("Your password has been successfully changed");
    await toast.waitFor();
    expect(new URL(page.url()).pathname).toBe(resetPath);
    expect(await page.getByText("The passwords do not match").count()).toBe(0);

    // The link works once: a second use shows the server's message in an error toast.
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await reset.click();
    await page
      .getByText("This password reset link has already been used. Please request a new one.")
      .waitFor();

    // Sign in with the new password.
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.waitForURL(onPath("/customer-signin"));
    await signIn(page, email, newPassword);
    await page.waitForURL(onPath("/user-dashboard"));
    await page.getByRole("heading", { name: "Hello, Esther Renamed" }).waitFor();

    // Their data: a JSON download of the account, then the account deleted for good.
    await page.goto(`${baseUrl}/user-details`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const exported = readFileSync((await (await download).path()) as string, "utf8");
    expect(JSON.parse(exported)).toMatchObject({ account: { email, name: "Esther Renamed" } });
    await page.getByRole("button", { name: "Delete my account" }).click();
    const confirmation = page.getByRole("alertdialog", { name: "Delete your account for good?" });
    await confirmation.getByLabel("Password", { exact: true }).fill("not-my-password-9");
    await confirmation.getByRole("button", { name: "Yes, delete my account" }).click();
    await confirmation.getByText("Your password is not correct.").waitFor();
    await confirmation.getByLabel("Password", { exact: true }).fill(newPassword);
    await confirmation.getByRole("button", { name: "Yes, delete my account" }).click();
    await page.waitForURL(onPath("/"));
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).waitFor();
    await page.goto(`${baseUrl}/customer-signin`);
    await signIn(page, email, newPassword);
    await page.getByText("Invalid email or password.").waitFor();

    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it("lets a visitor continue as guest and log out again", async () => {
    const { page, errors } = await newPage(375);
    await page.goto(`${baseUrl}/customer-signin`);
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL(onPath("/"));
    const guestLogout = page.getByRole("banner").getByRole("button", { name: "Guest Logout" });
    await guestLogout.waitFor();
    const cookies = await page.context().cookies();
    expect(decodeURIComponent(cookies.find((c) => c.name === "guestInfo")?.value ?? "")).toBe(
      '{"role":"guest"}',
    );
    expect(cookies.find((c) => c.name === "session")?.httpOnly).toBe(true);

    await guestLogout.click();
    await page.waitForURL(onPath("/"));
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).waitFor();
    expect((await page.context().cookies()).some((c) => c.name === "guestInfo")).toBe(false);
    expect(errors()).toEqual([]);
    await page.context().close();
  });
});

describe("sign-in page form posts", () => {
  it("count failed attempts per account, like the API, and then answer 429 even to the right password", async () => {
    const email = `form-lock-${Date.now()}@example.com`;
    const registered = await fetch(`${baseUrl}/api/customer/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Form Lock", email, password: "right-password-1", acceptTerms: true }),
    });
    expect(registered.status).toBe(201);
    const attempt = (path: string, password: string) =>
      fetch(`${baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
        body: new URLSearchParams({ email, password }).toString(),
      });
    // Every spelling the page router accepts reaches the same action, and so the same limit.
    const spellings = ["/customer-signin", "/Customer-Signin", "/customer-signin/", "/CUSTOMER-SIGNIN/"];
    for (const path of spellings) expect((await attempt(path, "wrong-pass-1234")).status).toBe(401);
    for (let i = 0; i < 6; i++)
      expect((await attempt("/customer-signin.data", "wrong-pass-1234")).status).not.toBe(429);
    for (const path of [...spellings, "/customer-signin.data"]) {
      const locked = await attempt(path, "right-password-1");
      expect(locked.status, path).toBe(429);
      expect(locked.headers.get("set-cookie") ?? "", path).not.toMatch(/customer/i);
    }
    const page = await attempt("/Customer-Signin/", "right-password-1");
    expect(await page.text()).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  });
});
