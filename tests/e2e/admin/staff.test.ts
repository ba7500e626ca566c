import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";
import { lastMailTo } from "../../support/outbox";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Rejected form submissions (400/403/422) are answered on purpose; Chromium logs them as errors. */
const EXPECTED = /Failed to load resource: the server responded with a status of 4\d\d/;

async function newPage(width = 1440): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  return { page, errors: () => seen.filter((message) => !EXPECTED.test(message)) };
}

async function signIn(page: Page, email: string, password: string, redirectTo = "/our-staff") {
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
}

async function choose(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("button", { name: new RegExp(label) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const sidebarHas = async (page: Page, name: string) =>
  (await page
    .getByRole("navigation", { name: "Admin menu" })
    .getByRole("link", { name, exact: true })
    .count()) > 0;

describe("Our Staff, invitations, roles and staff passwords", () => {
  it("invites, signs up, changes the matrix, edits, resets the password and deletes a staff member", async () => {
    const email = `casey.${Date.now()}@example.org`;
    const admin = await newPage();
    await signIn(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    const { page } = admin;
    await page.getByRole("heading", { level: 1, name: "Our Staff" }).waitFor();

    // Invite as Cashier.
    await page.getByRole("button", { name: "Invite staff" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await choose(page, dialog, "Role", "Cashier");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`The invitation has been sent to ${email}.`).waitFor();

    // Accept through /signup in another browser.
    const mail = await lastMailTo(dataDir, email);
    const link = /https?:\/\/\S+\/signup\?invitation=[\w%-]+/.exec(mail.text)![0];
    const member = await newPage();
    await member.page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await member.page.getByText("You were invited to join as Cashier").waitFor();
    expect(await member.page.getByLabel("Email").inputValue()).toBe(email);
    await member.page.getByLabel("Name").fill("Casey Cashier");
    await member.page.getByLabel("Password", { exact: true }).fill("casey-password");
    await member.page.getByRole("button", { name: "Create account" }).click();
    await member.page.waitForURL((url) => url.pathname === "/dashboard");

    // The new staff member signs in; Cashier cannot see Our Staff yet.
    const fresh = await newPage();
    await signIn(fresh.page, email, "casey-password", "/edit-profile");
    await fresh.page.getByRole("heading", { level: 1, name: "Edit Profile" }).waitFor();
    expect(await sidebarHas(fresh.page, "Our Staff")).toBe(false);

    // The admin gives Cashier read access to Our Staff; the sidebar follows.
    await page.goto(`${baseUrl}/our-staff/roles`);
    const group = page.getByRole("radiogroup", { name: "Cashier: Our Staff" });
    await group.getByText("Read", { exact: true }).click();
    await page.getByRole("button", { name: "Save Cashier" }).click();
    await page.getByText("The permissions of Cashier have been saved.").waitFor();
    await fresh.page.reload();
    await fresh.page.getByRole("heading", { level: 1, name: "Edit Profile" }).waitFor();
    expect(await sidebarHas(fresh.page, "Our Staff")).toBe(true);
    // The Super Admin matrix is read-only.
    expect(await page.getByRole("button", { name: "Save Super Admin" }).count()).toBe(0);

    // Find them via search and edit their role.
    await page.goto(`${baseUrl}/our-staff`);
    await page.getByRole("searchbox").fill("Casey");
    await page.waitForURL((url) => url.searchParams.get("searchText") === "Casey");
    const row = page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    expect(await page.getByRole("row").count()).toBe(2);
    await row.getByRole("button", { name: "Edit Casey Cashier" }).click();
    const edit = page.getByRole("dialog");
    await choose(page, edit, "Role", "Accountant");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("The staff member has been updated.").waitFor();
    await row.getByText("Accountant").waitFor();

    // Forgot / reset password for staff.
    const reset = await newPage();
    await reset.page.goto(`${baseUrl}/forgot-password`);
    await reset.page.getByLabel("Email").fill(email);
    await reset.page.getByRole("button", { name: "Send reset link" }).click();
    await reset.page.getByText(/If an account exists for this email address/).waitFor();
    // The reset mail goes out after the answer (in the background): wait for it, not the invitation.
    let resetPath = "";
    await expect
      .poll(
        async () => {
          resetPath = /\/reset-password\/[\w-]+/.exec((await lastMailTo(dataDir, email)).text)?.[0] ?? "";
          return resetPath;
        },
        { timeout: 10_000 },
      )
      .not.toBe("");
    await reset.page.goto(`${baseUrl}${resetPath}`);
    await reset.page.getByLabel("New password").fill("short");
    await reset.page.getByLabel("Confirm password").fill("other");
    await reset.page.getByRole("button", { name: "Reset" }).click();
    await reset.page.getByText("Password must have at least 8 characters").waitFor();
    await reset.page.getByText("The passwords do not match").waitFor();
    await reset.page.getByLabel("New password").fill("casey-new-password");
    await reset.page.getByLabel("Confirm password").fill("casey-new-password");
    await reset.page.getByRole("button", { name: "Reset" }).click();
    await reset.page.getByText("Your password has been successfully changed").waitFor();
    expect(new URL(reset.page.url()).pathname).toBe(resetPath);
    await signIn(reset.page, email, "casey-new-password", "/edit-profile");

    // Delete them.
    await row.getByRole("button", { name: "Delete Casey Cashier" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete").waitFor();
    await confirm.getByRole("button", { name: "Yes, Delete It" }).click();
    await page.getByText("The staff member has been deleted.").waitFor();
    await expect.poll(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(0);

    // Nobody deletes themselves: no delete button on one's own row.
    await page.goto(`${baseUrl}/our-staff?searchText=${encodeURIComponent(E2E_ADMIN.email)}`);
    const own = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
    await own.waitFor();
    expect(await own.getByRole("button", { name: /^Delete/ }).count()).toBe(0);

    // Restore the Cashier matrix for other tests.
    await page.goto(`${baseUrl}/our-staff/roles`);
    await page
      .getByRole("radiogroup", { name: "Cashier: Our Staff" })
      .getByText("None", { exact: true })
      .click();
    await page.getByRole("button", { name: "Save Cashier" }).click();
    await page.getByText("The permissions of Cashier have been saved.").waitFor();

    for (const seen of [admin, member, fresh, reset]) expect(seen.errors()).toEqual([]);
  }, 120_000); // one long flow: invitation, sign-up, permissions, edit, reset by mail, delete

  it("explains that sign-up needs an invitation while it is closed", async () => {
    const { page, errors } = await newPage(375);
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole("heading", { level: 1, name: "Sign-up needs an invitation" }).waitFor();
    await page.getByText(/can only be created with an invitation from an administrator/).waitFor();
    await page.goto(`${baseUrl}/signup?invitation=not-a-real-token`);
    await page.getByText("This invitation link is not valid.", { exact: false }).waitFor();
    expect(errors()).toEqual([]);
  });
});
