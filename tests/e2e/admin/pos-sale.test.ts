import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInToken } from "../../support/accessibility-pages";
import { signedInAdmin } from "../../support/admin-browser";
import { launchBrowser } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
const run = Date.now().toString(36);
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await signInToken(baseUrl, "/api/admin/login", E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

async function api(method: string, path: string, body?: unknown, token = adminToken) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function staffMember(role: string, name: string) {
  const { roles } = (await api("GET", "/api/admin/roles")).body as { roles: { id: string; name: string }[] };
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${run}@example.org`;
  const created = await api("POST", "/api/admin/staff", {
    name: { en: name },
    email,
    password: "a-cashier-password-2024",
    roleId: roles.find((row) => row.name === role)!.id,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, email, password: "a-cashier-password-2024" };
}

describe("the point of sale (issue 20)", () => {
  it("a cashier signs in by PIN, scans two barcodes, gives an allowed discount, takes cash with change and prints the receipt", async () => {
    const settings = (await api("GET", "/api/admin/pos-settings")).body;
    const cashierName = `Cas ${run}`;
    const cashier = await staffMember("Cashier", cashierName);
    try {
      await api("PUT", "/api/admin/pos-settings", { ...settings, allowDiscounts: true, pinRule: "sign-in" });
      expect((await api("PUT", `/api/admin/staff/${cashier.id}/pin`, { pin: "4826" })).status).toBe(200);
      const codes = [`87${run}01`, `87${run}02`];
      for (const [index, code] of codes.entries()) {
        const created = await api("POST", "/api/admin/products", {
          type: "physical",
          title: { en: `POS item ${index + 1} ${run}` },
          priceCents: index === 0 ? 250 : 1200,
          quantity: 50,
          barcode: code,
        });
        expect(created.status).toBe(201);
      }

      const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
      await page.goto(`${baseUrl}/pos`);
      await page.getByRole("radio", { name: cashierName }).check();
      await page.getByLabel("PIN").fill("1111");
      await page.getByRole("button", { name: "Start selling" }).click();
      await page.getByRole("alert").filter({ hasText: "This PIN is not right." }).waitFor();
      await page.getByLabel("PIN").fill("4826");
      await page.getByRole("button", { name: "Start selling" }).click();
      await page.getByText(`Cashier: ${cashierName}`).waitFor();

      const barcode = page.getByLabel("Barcode");
      await barcode.fill(`unknown-${run}`);
      await barcode.press("Enter");
      await page
        .getByRole("alert")
        .filter({ hasText: `No product has the barcode unknown-${run}.` })
        .waitFor();
      for (const code of codes) {
        await barcode.fill(code);
        await barcode.press("Enter");
      }
      const cart = page.getByRole("region", { name: "Cart" });
      await cart.getByText(`POS item 1 ${run}`, { exact: true }).waitFor();
      await cart.getByText(`POS item 2 ${run}`, { exact: true }).waitFor();
      await page.getByTestId("pos-total").filter({ hasText: "€14.50" }).waitFor();

      await page.getByLabel("Order discount (%)").fill("10");
      await page.getByTestId("pos-total").filter({ hasText: "€13.05" }).waitFor();
      await page.getByLabel("Cash received").fill("20");
      await cart.getByText("Change due: €6.95").waitFor();
      await page.getByRole("button", { name: "Pay €13.05" }).click();
      await cart.getByRole("status").filter({ hasText: "completed" }).waitFor();
      expect(await cart.getByRole("status").textContent()).toContain("Change due: €6.95");

      await cart.getByRole("link", { name: "Print receipt" }).click();
      const receipt = page.getByRole("article", { name: "Receipt" });
      await receipt.waitFor();
      const text = await receipt.textContent();
      for (const expected of [
        `POS item 1 ${run}`,
        `POS item 2 ${run}`,
        "€13.05",
        "€20.00",
        "€6.95",
        cashierName,
      ]) {
        expect(text).toContain(expected);
      }
      // The wrong PIN (401) and the unknown barcode (404) were asked on purpose: the browser logs their answers.
      expect(errors).toEqual([
        "Failed to load resource: the server responded with a status of 401 (Unauthorized)",
        "Failed to load resource: the server responded with a status of 404 (Not Found)",
      ]);
      await page.context().close();
    } finally {
      await api("PUT", "/api/admin/pos-settings", settings);
      await api("PUT", `/api/admin/staff/${cashier.id}`, { status: "inactive" });
    }
  });

  it("the back-office page of a product-only sale speaks of products, not of courses or a learner's access", async () => {
    const cashier = await staffMember("Cashier", `Till ${run}`);
    try {
      expect((await api("PUT", `/api/admin/staff/${cashier.id}/pin`, { pin: "5937" })).status).toBe(200);
      const token = await signInToken(baseUrl, "/api/admin/login", {
        email: cashier.email,
        password: cashier.password,
      });
      expect(
        (await api("POST", "/api/pos/cashier", { staffId: cashier.id, pin: "5937" }, token)).status,
      ).toBe(200);
      const item = await api("POST", "/api/admin/products", {
        type: "physical",
        title: { en: `Notebook ${run}` },
        priceCents: 450,
        quantity: 10,
      });
      const sale = await api(
        "POST",
        "/api/pos/sales",
        {
          items: [{ productId: item.body.id, quantity: 2 }],
          payments: [{ method: "cash", amountCents: 900 }],
        },
        token,
      );
      expect(sale.status).toBe(201);

      const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
      await page.goto(`${baseUrl}/order/${sale.body.orderId}`);
      await page.getByRole("heading", { level: 2, name: "Products", exact: true }).waitFor();
      await page.getByRole("columnheader", { name: "Product", exact: true }).waitFor();
      await page
        .getByText("Choose the products to return. Their share of the paid amount is refunded.")
        .waitFor();
      await page.getByRole("checkbox", { name: `Notebook ${run} (€9)` }).check({ force: true });
      await page.getByRole("button", { name: "Return selected items" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Return 1 product and refund €9?" });
      await dialog.waitFor();
      const main = (await page.getByRole("main").textContent()) ?? "";
      for (const courseWording of ["Courses", "learner", "access"]) {
        expect(main).not.toContain(courseWording);
        expect(await dialog.textContent()).not.toContain(courseWording);
      }
      await dialog.getByRole("button", { name: "Go back" }).click();
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await api("PUT", `/api/admin/staff/${cashier.id}`, { status: "inactive" });
    }
  });

  it("a role without POS access is refused on the API and on the page", async () => {
    const driver = await staffMember("Driver", `Driver ${run}`);
    try {
      const token = await signInToken(baseUrl, "/api/admin/login", {
        email: driver.email,
        password: driver.password,
      });
      expect((await api("GET", "/api/pos/state", undefined, token)).status).toBe(403);
      const context = await browser.newContext({ viewport: { width: 768, height: 900 } });
      await context.addCookies([{ name: "admin_session", value: token, url: baseUrl }]);
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}/pos`);
      expect(response?.status()).toBe(403);
      await page.getByRole("heading", { name: "No access to the point of sale" }).waitFor();
      await context.close();
    } finally {
      await api("PUT", `/api/admin/staff/${driver.id}`, { status: "inactive" });
    }
  });
});
