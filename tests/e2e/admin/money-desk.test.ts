import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { horizontalOverflow, signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";

const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (width: number) => signedInAdmin(browser, baseUrl, width);
const overflow = horizontalOverflow;

/** Whether the element's box lies inside the viewport's width. */
const insideWidth = async (page: Page, locator: ReturnType<Page["locator"]>) => {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
};

describe("back office layout at 375 and 1440 px (issue 24 item 9)", () => {
  it("orders and the dashboard's recent orders are cards on a phone, with customer, amount and status on screen; settings and the coupon drawer fit", async () => {
    const { page, errors } = await signedIn(375);
    await page.goto(`${baseUrl}/orders`);
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    const firstRow = page.locator("tbody tr").first();
    await firstRow.waitFor();
    for (const label of ["Customer", "Amount", "Status"]) {
      const cell = firstRow.locator(`td[data-label="${label}"]`);
      expect(await cell.isVisible()).toBe(true);
      expect(await insideWidth(page, cell)).toBe(true);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl}/dashboard`);
    const recent = page.locator("table", { has: page.locator("caption", { hasText: "Recent orders" }) });
    const card = recent.locator("tbody tr").first();
    await card.waitFor();
    for (const label of ["Customer", "Amount", "Status"]) {
      expect(await insideWidth(page, card.locator(`td[data-label="${label}"]`))).toBe(true);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl}/settings`);
    const save = page.getByRole("button", { name: "Save", exact: true }).first();
    await save.waitFor();
    expect(await insideWidth(page, save)).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The coupon drawer: every field whole on a phone.
    await page.goto(`${baseUrl}/coupons`);
    await page.getByRole("button", { name: "Add Coupon" }).click();
    const drawer = page.getByRole("dialog", { name: "Add a coupon" });
    await drawer.getByLabel("Campaign code").waitFor();
    // What a person sees and uses: drawn controls (React Aria's visually hidden inputs aside).
    for (const field of await drawer
      .locator("input:visible, select:visible, textarea:visible, button:visible")
      .all()) {
      const hidden = await field.evaluate(
        (element) =>
          element.closest('[aria-hidden="true"]') !== null || element.getBoundingClientRect().width <= 2,
      );
      if (hidden) continue;
      expect(
        await insideWidth(page, field),
        (await field.getAttribute("name")) ?? (await field.textContent()) ?? "a control",
      ).toBe(true);
    }
    expect(await drawer.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );

    expect(errors).toEqual([]);
  });

  it("orders at 1440 px: a usable search box, the Status column whole; the shop name whole in the sidebar", async () => {
    const { page, errors } = await signedIn(1440);
    await page.goto(`${baseUrl}/orders`);
    const search = page.getByRole("searchbox");
    await search.waitFor();
    expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    const status = page.getByRole("columnheader", { name: /Status/ });
    expect(await insideWidth(page, status)).toBe(true);
    expect(await insideWidth(page, page.locator("tbody tr").first().locator("td").last())).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const brand = page.getByRole("complementary").getByRole("link").first();
    const name = brand.locator("span > span").first();
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.goto(`${baseUrl}/dashboard`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${baseUrl}/settings`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});

describe("manual enrolment by staff", () => {
  it("enrols a learner for free and removes them, then enrols them with a cash payment that makes a paid order", async () => {
    const { page, errors } = await signedIn(1440);
    const email = `desk-${run}@example.com`;
    const registered = await page.request.post(`${baseUrl}/api/customer/register`, {
      data: { name: "Desk Learner", email, password: "desk-password-1", acceptTerms: true },
    });
    expect(registered.status()).toBe(201);
    const found = await page.request.get(`${baseUrl}/api/customer?searchText=${encodeURIComponent(email)}`);
    const customer = ((await found.json()) as { customers: { id: string }[] }).customers[0]!;

    await page.goto(`${baseUrl}/customer-order/${customer.id}`);
    const card = page.getByRole("heading", { name: "Courses", exact: true }).locator("..");
    await card.getByText("This customer has no courses yet.").waitFor();
    const chooseCourse = async () => {
      await card.getByRole("button", { name: /Course/ }).click();
      const option = page.getByRole("listbox").getByRole("option").first();
      const title = ((await option.textContent()) ?? "").replace(/ \([^)]*\)$/, "");
      await option.click();
      return title;
    };
    const free = await chooseCourse();
    await card.getByRole("button", { name: "Enrol", exact: true }).click();
    await page.getByText(`Desk Learner now has access to ${free}.`).waitFor();
    await card.getByRole("cell", { name: free }).waitFor();
    await card.getByText("Given by staff (free)").waitFor();

    await card.getByRole("button", { name: "Remove" }).click();
    const remove = page.getByRole("alertdialog", { name: `Remove Desk Learner from ${free}?` });
    await remove.getByRole("button", { name: "Yes, remove" }).click();
    await page.getByText(`Desk Learner no longer has access to ${free}.`).waitFor();
    await card.getByText("This customer has no courses yet.").waitFor();

    const paid = await chooseCourse();
    await card.getByRole("button", { name: /Payment/ }).click();
    await page.getByRole("option", { name: "Cash", exact: true }).click();
    await card.getByLabel("Reference").fill("Receipt 0042");
    await card.getByRole("button", { name: "Enrol", exact: true }).click();
    const record = page.getByRole("alertdialog", { name: /^Record €[\d.,]+ received by cash for / });
    await record.waitFor();
    await record.getByRole("button", { name: "Yes, record the payment" }).click();
    await page.getByText(/^Desk Learner now has access to .+: order #\d+ is paid and invoiced\.$/).waitFor();
    const orderLink = card.getByRole("link", { name: /^Order #\d+$/ });
    await orderLink.waitFor();
    expect(await card.getByRole("cell", { name: paid }).count()).toBe(1);
    await orderLink.click();
    await page.getByRole("heading", { level: 1, name: /^Order \d+$/ }).waitFor();
    await page.getByText("Download PDF").waitFor();
    expect(errors).toEqual([]);
  });
});

describe("attribute values in the storefront (issue 24 item 11)", () => {
  it("shows a course's values, and filters the catalogue by them without JavaScript, in English and Dutch", async () => {
    const { page } = await signedIn(1440);
    const made = await page.request.post(`${baseUrl}/api/admin/attributes`, {
      data: {
        title: { en: `Pace ${run}` },
        displayName: { en: `Pace ${run}`, nl: `Tempo ${run}` },
        optionType: "dropdown",
        values: [
          { label: { en: `Own pace ${run}`, nl: `Eigen tempo ${run}` } },
          { label: { en: `Weekly ${run}` } },
        ],
      },
    });
    expect(made.status()).toBe(201);
    const attribute = (await made.json()) as { id: string; values: { id: string }[] };
    const listed = await page.request.get(`${baseUrl}/api/courses?limit=2`);
    const [course, other] = (
      (await listed.json()) as { courses: { id: string; slug: string; title: string }[] }
    ).courses;
    const picked = await page.request.patch(`${baseUrl}/api/admin/courses/${course!.id}`, {
      data: { attributeValues: { [attribute.id]: [attribute.values[0]!.id] } },
    });
    expect(picked.status()).toBe(200);

    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    });
    const visitor = await context.newPage();
    await visitor.goto(`${baseUrl}/single-course/${course!.slug}`);
    const details = visitor.getByRole("heading", { name: "Course details" }).locator("..");
    await details.getByText(`Pace ${run}`, { exact: true }).waitFor();
    await details.getByRole("link", { name: `Own pace ${run}` }).waitFor();

    await visitor.goto(`${baseUrl}/catalog`);
    await visitor.getByLabel(`Pace ${run}`).selectOption({ label: `Own pace ${run}` });
    await visitor.getByRole("button", { name: "Search" }).click();
    await visitor.waitForURL((url) => url.searchParams.getAll("attr").includes(attribute.values[0]!.id));
    await visitor.getByRole("link", { name: course!.title }).first().waitFor();
    expect(await visitor.getByRole("link", { name: other!.title, exact: true }).count()).toBe(0);
    expect(await visitor.getByLabel(`Pace ${run}`).inputValue()).toBe(attribute.values[0]!.id);

    await visitor.goto(`${baseUrl}/catalog?lng=nl&attr=${attribute.values[0]!.id}`);
    expect(await visitor.getByLabel(`Tempo ${run}`).inputValue()).toBe(attribute.values[0]!.id);
    await visitor.getByRole("option", { name: `Eigen tempo ${run}` }).waitFor({ state: "attached" });
    await visitor.goto(`${baseUrl}/single-course/${course!.slug}?lng=nl`);
    await visitor.getByRole("heading", { name: "Cursusgegevens" }).waitFor();
    await visitor.getByRole("link", { name: `Eigen tempo ${run}` }).waitFor();
    await context.close();
  });
});
