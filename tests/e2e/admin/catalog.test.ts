import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
let browser: Browser;
let imagePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = await mkdtemp(join(tmpdir(), "admin-catalog-e2e-"));
  imagePath = join(dir, "cover.png");
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#1f8a7a" } })
    .png()
    .toBuffer();
  await writeFile(imagePath, png);
});
afterAll(async () => {
  await browser?.close();
});

/** A refused delete or a 404 storefront page answer on purpose; Chromium logs them as console errors. */
const EXPECTED = /status of (404|409)/;

async function signedIn(path: string): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = watchErrors(page);
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === path);
  return { page, errors: () => seen.filter((message) => !EXPECTED.test(message)) };
}

/** A call to the admin API as the e2e administrator (bearer token). */
async function adminApi(method: string, path: string, body?: unknown): Promise<Response> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const storefrontIds = async (page: Page, text: string) => {
  const response = await page.request.get(`${baseUrl}/api/courses?searchText=${encodeURIComponent(text)}`);
  return ((await response.json()) as { courses: { id: string }[] }).courses.map((course) => course.id);
};

describe("admin catalogue", () => {
  it("creates a course with an image, finds it, edits its price, adds a lesson, publishes, unpublishes and deletes it", async () => {
    const { page, errors } = await signedIn("/courses");
    const title = `Kiln Firing ${Date.now()}`;
    await page.getByRole("heading", { level: 1, name: "Courses" }).waitFor();
    await page.getByRole("link", { name: "Add Course" }).first().click();
    await page.waitForURL((url) => url.pathname === "/course/new");
    await page.getByLabel("Course Title (English)").fill(title);
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("49");
    await page.getByLabel("Upload image").setInputFiles(imagePath);
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL((url) => /^\/course\/[0-9a-f-]{36}$/.test(url.pathname));
    const courseUrl = page.url();
    const id = new URL(courseUrl).pathname.split("/").pop()!;
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const image = await page.getByRole("img", { name: "Course image" }).getAttribute("src");
    expect(image).toMatch(/^\/media\/images\/courses\/.+\.webp$/);
    expect((await page.request.get(`${baseUrl}${image}`)).headers()["content-type"]).toBe("image/webp");
    const slug = await page.getByLabel("Course Slug").inputValue();
    expect(slug).toBe(title.toLowerCase().replace(/ /g, "-"));

    // Find it through the list's search.
    await page.goto(`${baseUrl}/courses`);
    await page.getByRole("searchbox", { name: /Search by title/ }).fill(title);
    await page.waitForURL((url) => url.searchParams.get("searchText") === title);
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.waitForURL(courseUrl);

    // Edit the price.
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("59");
    await page.getByRole("button", { name: "Save course" }).click();
    await page.getByText("The course has been saved.").waitFor();
    expect(await page.getByRole("textbox", { name: "Price", exact: true }).inputValue()).toMatch(/59/);

    // Add a lesson.
    await page.getByLabel("Lesson title (English)").fill("Loading the kiln");
    await page.getByLabel("Duration").fill("5:30");
    await page.getByRole("button", { name: "Add lesson" }).click();
    await page.getByText("The lesson has been added.").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Loading the kiln" }).getByText("5:30").waitFor();

    // Publish: on the storefront at once.
    expect(await storefrontIds(page, title)).toEqual([]);
    await page.getByText("Published (visible on the storefront)").click();
    expect(
      await page.getByRole("switch", { name: "Published (visible on the storefront)" }).isChecked(),
    ).toBe(true);
    await page.getByRole("button", { name: "Save course" }).click();
    await page.getByText("The course has been saved.").last().waitFor();
    await expect.poll(() => storefrontIds(page, title)).toEqual([id]);
    const storefront = await page.request.get(`${baseUrl}/single-course/${slug}`);
    expect(storefront.status()).toBe(200);
    expect(await storefront.text()).toContain(title);

    // Unpublish from the list's inline switch: gone from the storefront at once.
    await page.goto(`${baseUrl}/courses?searchText=${encodeURIComponent(title)}`);
    const toggle = page.getByRole("switch", { name: `Published: ${title}` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => storefrontIds(page, title)).toEqual([]);
    expect((await page.request.get(`${baseUrl}/single-course/${slug}`)).status()).toBe(404);

    // Delete it.
    await page.goto(courseUrl);
    await page.getByRole("button", { name: "Delete course" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure you want to delete").waitFor();
    await dialog.getByRole("button", { name: "Yes, Delete It" }).click();
    await page.waitForURL((url) => url.pathname === "/courses");
    await page.goto(`${baseUrl}/courses?searchText=${encodeURIComponent(title)}`);
    await page.getByText("Nothing matches your search.").waitFor();
    expect(errors()).toEqual([]);
  });

  it("creates, edits and deletes a category", async () => {
    const { page, errors } = await signedIn("/categories");
    const name = `Glazes ${Date.now()}`;
    await page.getByRole("link", { name: "Add Category" }).click();
    await page.waitForURL((url) => url.pathname === "/categories/new");
    await page.getByLabel("Name (English)").fill(name);
    await page.getByRole("button", { name: "Create category" }).click();
    await page.waitForURL((url) => url.pathname === "/categories");
    await page.getByLabel("Search categories").fill(name);
    await page.getByLabel("Search categories").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("searchText") === name);
    await page.getByRole("link", { name, exact: true }).click();
    await page.waitForURL((url) => /^\/categories\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByLabel("Name (English)").fill(`${name} and slips`);
    await page.getByRole("button", { name: "Save category" }).click();
    await page.getByText("The category has been saved.").waitFor();
    await page.getByRole("heading", { level: 1, name: `${name} and slips` }).waitFor();
    await page.getByRole("button", { name: "Delete category" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
    await page.waitForURL((url) => url.pathname === "/categories");
    expect(await page.getByRole("link", { name: `${name} and slips`, exact: true }).count()).toBe(0);
    expect(errors()).toEqual([]);
  });

  it("creates, finds, edits and deletes an attribute", async () => {
    const { page, errors } = await signedIn("/attributes");
    const title = `Format ${Date.now()}`;
    await page.getByRole("link", { name: "Add Attribute" }).first().click();
    await page.waitForURL((url) => url.pathname === "/attributes/new");
    await page.getByLabel("Title (English)").fill(title);
    await page.getByLabel("Display name (English)").fill("Format");
    const value = page.getByLabel("New value");
    await value.fill("Online");
    await value.press("Enter");
    await value.fill("On site");
    await value.press("Enter");
    expect(await page.getByLabel("Value (English)").count()).toBe(2);
    await page.getByRole("button", { name: "Create attribute" }).click();
    await page.waitForURL((url) => url.pathname === "/attributes");

    await page.getByRole("searchbox", { name: "Search attributes" }).fill(title);
    await page.waitForURL((url) => url.searchParams.get("searchText") === title);
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.waitForURL((url) => /^\/attributes\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole("button", { name: "Remove On site" }).click();
    await page.getByRole("button", { name: "Save attribute" }).click();
    await page.getByText("The attribute has been saved.").waitFor();
    expect(await page.getByLabel("Value (English)").count()).toBe(1);

    await page.getByRole("button", { name: "Delete attribute" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Delete It" }).click();
    await page.waitForURL((url) => url.pathname === "/attributes");
    expect(await page.getByRole("link", { name: title, exact: true }).count()).toBe(0);
    expect(errors()).toEqual([]);
  });
  it("picks a course's attribute values in a multi-select, with the keyboard, and keeps them after a reload", async () => {
    const stamp = Date.now();
    const displayName = `Delivery ${stamp}`;
    const created = await adminApi("POST", "/api/admin/attributes", {
      title: { en: `Delivery mode ${stamp}` },
      displayName: { en: displayName },
      optionType: "variants",
      values: [
        { label: { en: "Online" } },
        { label: { en: "On site" } },
        { label: { en: "Evening classes" } },
      ],
    });
    expect(created.status).toBe(201);
    const attribute = (await created.json()) as {
      id: string;
      values: { id: string; label: { en: string } }[];
    };
    const valueId = (label: string) => attribute.values.find((value) => value.label.en === label)!.id;

    const { page, errors } = await signedIn("/course/new");
    await page.getByLabel("Course Title (English)").fill(`Pottery by mail ${stamp}`);
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("25");
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL((url) => /^\/course\/[0-9a-f-]{36}$/.test(url.pathname));
    const courseId = new URL(page.url()).pathname.split("/").pop()!;
    // The address changes before React commits the editor of the created course (the navigation
    // renders in a transition): wait for that form, or the keys below go to the one it replaces.
    await page.getByRole("button", { name: "Save course" }).waitFor();

    // The trigger is named by its label and shows the placeholder while nothing is chosen.
    const trigger = page.getByRole("button", { name: displayName });
    expect(await trigger.textContent()).toContain("Choose one or more");

    // Keyboard: Enter opens, Space and Enter toggle, the arrows move, Escape closes and returns focus.
    await trigger.focus();
    await page.keyboard.press("Enter");
    const listbox = page.getByRole("listbox", { name: displayName });
    await listbox.waitFor();
    expect(await listbox.getAttribute("aria-multiselectable")).toBe("true");
    const option = (name: string) => listbox.getByRole("option", { name, exact: true });
    await page.keyboard.press("Space");
    await expect.poll(() => option("Online").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => option("Evening classes").getAttribute("aria-selected")).toBe("true");
    expect(await option("On site").getAttribute("aria-selected")).toBe("false");
    await page.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup") ?? null))
      .toBe("listbox");
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    // A visible focus ring on the trigger after the keyboard use.
    await expect
      .poll(() => trigger.evaluate((element) => getComputedStyle(element).outlineStyle))
      .not.toBe("none");
    expect(await trigger.textContent()).toContain("Online, Evening classes");

    await page.getByRole("button", { name: "Save course" }).click();
    await page.getByText("The course has been saved.").waitFor();
    const stored = async () => {
      const response = await adminApi("GET", `/api/admin/courses/${courseId}`);
      const body = (await response.json()) as { attributeValues: Record<string, string[]> };
      return [...(body.attributeValues[attribute.id] ?? [])].sort();
    };
    expect(await stored()).toEqual([valueId("Online"), valueId("Evening classes")].sort());

    // The server's HTML already shows the saved values (no script needed), and so does the page
    // once hydrated.
    const html = await (await page.request.get(`${baseUrl}/course/${courseId}`)).text();
    expect(html).toMatch(/aria-haspopup="listbox"[^>]*><span[^>]*>Online, Evening classes<\/span>/);
    await page.reload();
    expect(await trigger.textContent()).toContain("Online, Evening classes");
    await page.waitForLoadState("networkidle");
    await expect.poll(() => trigger.textContent()).toContain("Online, Evening classes");
    // The form posts what the button shows.
    const posted = await page
      .locator(`select[name="attr.${attribute.id}"] option:checked`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).sort());
    expect(posted).toEqual([valueId("Online"), valueId("Evening classes")].sort());

    // A pointer click toggles one off and keeps the list open; all three show as a count.
    await trigger.click();
    await listbox.waitFor();
    await option("Online").click();
    await option("On site").click();
    await option("Online").click();
    expect(await listbox.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    expect(await trigger.textContent()).toContain("3 selected");
    await trigger.click();
    await listbox.waitFor();
    await option("Online").click();
    await option("Evening classes").click();
    await page.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    await expect.poll(() => trigger.textContent()).toContain("On site");
    await page.getByRole("button", { name: "Save course" }).click();
    await page.getByText("The course has been saved.").last().waitFor();
    expect(await stored()).toEqual([valueId("On site")]);

    expect((await adminApi("DELETE", `/api/admin/courses/${courseId}`)).status).toBe(204);
    expect((await adminApi("DELETE", `/api/admin/attributes/${attribute.id}`)).status).toBe(204);
    expect(errors()).toEqual([]);
  });
});
