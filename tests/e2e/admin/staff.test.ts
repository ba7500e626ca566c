import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../../support/admin-api";
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

/** Sets the Cashier role's access to Our Staff through the API (restores the seed after a test). */
async function setCashierStaffAccess(level: "none" | "read" | "write") {
  const { roles } = await adminApi(baseUrl, "/api/admin/roles");
  const cashier = roles.find((role: { name: string }) => role.name === "Cashier");
  await adminApi(baseUrl, `/api/admin/roles/${cashier.id}`, "PUT", {
    permissions: { ...cashier.permissions, staff: level },
  });
}

/**
 * One staff member's life, in steps that each stand alone on a retry: the invitation makes a new
 * member per attempt, the matrix is put back whatever happens, and the later steps use the member
 * the first step made.
 */
describe("Our Staff, invitations, roles and staff passwords", () => {
  const password = "casey-password";
  let email = "";
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });

  it("invites a cashier, who signs up through the mailed link and signs in without Our Staff", async () => {
    const invited = `casey.${Date.now()}@example.org`;
    const { page } = admin;
    await page.goto(`${baseUrl}/our-staff`);
    await page.getByRole("heading", { level: 1, name: "Our Staff" }).waitFor();
    await page.getByRole("button", { name: "Invite staff" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(invited);
    await choose(page, dialog, "Role", "Cashier");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`The invitation has been sent to ${invited}.`).waitFor();

    // Accept through /signup in another browser.
    const mail = await lastMailTo(dataDir, invited);
    const link = /https?:\/\/\S+\/signup\?invitation=[\w%-]+/.exec(mail.text)![0];
    const member = await newPage();
    await member.page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await member.page.getByText("You were invited to join as Cashier").waitFor();
    expect(await member.page.getByLabel("Email").inputValue()).toBe(invited);
    await member.page.getByLabel("Name").fill("Casey Cashier");
    await member.page.getByLabel("Password", { exact: true }).fill(password);
    await member.page.getByRole("button", { name: "Create account" }).click();
    await member.page.waitForURL((url) => url.pathname === "/dashboard");

    // The new staff member signs in; Cashier cannot see Our Staff.
    const fresh = await newPage();
    await signIn(fresh.page, invited, password, "/edit-profile");
    await fresh.page.getByRole("heading", { level: 1, name: "Edit Profile" }).waitFor();
    expect(await sidebarHas(fresh.page, "Our Staff")).toBe(false);
    for (const seen of [admin, member, fresh]) expect(seen.errors()).toEqual([]);
    email = invited;
  });

  it("gives Cashier read access to Our Staff, and the member's sidebar follows", async () => {
    expect(email).not.toBe("");
    const { page } = admin;
    const fresh = await newPage();
    try {
      await signIn(fresh.page, email, password, "/edit-profile");
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
      expect(fresh.errors()).toEqual([]);
    } finally {
      await setCashierStaffAccess("none");
    }
  });

  it("finds the member by search and changes their role", async () => {
    expect(email).not.toBe("");
    const { page } = admin;
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
    expect(admin.errors()).toEqual([]);
  });

  it("resets the member's password through the mailed link", async () => {
    expect(email).not.toBe("");
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
    expect(reset.errors()).toEqual([]);
  });

  it("deletes the member, and offers nobody a delete button on their own row", async () => {
    expect(email).not.toBe("");
    const { page } = admin;
    await page.goto(`${baseUrl}/our-staff?searchText=${encodeURIComponent(E2E_ADMIN.email)}`);
    const own = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
    await own.waitFor();
    expect(await own.getByRole("button", { name: /^Delete/ }).count()).toBe(0);

    await page.goto(`${baseUrl}/our-staff?searchText=Casey`);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: "Delete Casey Cashier" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete").waitFor();
    await confirm.getByRole("button", { name: "Yes, Delete It" }).click();
    await page.getByText("The staff member has been deleted.").waitFor();
    await expect.poll(() => page.getByRole("row").filter({ hasText: email }).count()).toBe(0);
    expect(admin.errors()).toEqual([]);
  });

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
