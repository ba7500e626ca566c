import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInToken } from "../../support/accessibility-pages";
import { signedInAdmin } from "../../support/admin-browser";
import { expectNoSeriousViolations } from "../../support/axe";
import { launchBrowser } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await signInToken(baseUrl, "/api/admin/login", E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The amount a Z-report row shows next to its label. */
const zFigure = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator("xpath=following-sibling::dd[1]")
    .textContent();

describe("a day at the counter (issue 20)", () => {
  it("opens a drawer, sells for cash with change, takes a return with restock, closes with a Z-report that matches", async () => {
    const settings = (await api("GET", "/api/admin/pos-settings")).body;
    const { roles } = (await api("GET", "/api/admin/roles")).body as {
      roles: { id: string; name: string }[];
    };
    const cashierName = `Day ${run}`;
    const cashier = await api("POST", "/api/admin/staff", {
      name: { en: cashierName },
      email: `day.${run}@example.org`,
      password: "a-cashier-password-2024",
      roleId: roles.find((row) => row.name === "Cashier")!.id,
    });
    expect(cashier.status).toBe(201);
    const register = `Day till ${run}`;
    let sessionId = "";
    try {
      await api("PUT", "/api/admin/pos-settings", { ...settings, pinRule: "sign-in" });
      expect((await api("PUT", `/api/admin/staff/${cashier.body.id}/pin`, { pin: "5917" })).status).toBe(200);
      const code = `88${run}`;
      const product = await api("POST", "/api/admin/products", {
        type: "physical",
        title: { en: `Day item ${run}` },
        priceCents: 1250,
        quantity: 40,
        barcode: code,
      });
      expect(product.status).toBe(201);
      const opened = await api("POST", "/api/admin/pos/drawer-sessions", {
        register,
        openingFloatCents: 10_000,
      });
      expect(opened.status).toBe(201);
      sessionId = opened.body.id;

      const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
      await page.goto(`${baseUrl}/pos`);
      await page.getByRole("radio", { name: cashierName }).check();
      await page.getByLabel("PIN").fill("5917");
      await page.getByRole("button", { name: "Start selling" }).click();
      await page.getByText(`Cashier: ${cashierName}`).waitFor();
      await page.getByRole("button", { name: /Register/ }).click();
      await page.getByRole("option", { name: register }).click();

      const barcode = page.getByLabel("Barcode");
      for (let i = 0; i < 2; i++) {
        await barcode.fill(code);
        await barcode.press("Enter");
      }
      const cart = page.getByRole("region", { name: "Cart" });
      await page.getByTestId("pos-total").filter({ hasText: "€25" }).waitFor();
      await page.getByLabel("Cash received").fill("50");
      await page.getByRole("button", { name: /^Pay €25/ }).click();
      const done = cart.getByRole("status").filter({ hasText: "completed" });
      await done.waitFor();
      const number = /Sale #(\d+)/.exec((await done.textContent()) ?? "")![1]!;
      expect(await done.textContent()).toMatch(/Change due: €25/);

      await page.getByRole("tab", { name: "Return" }).click();
      await page.getByLabel("Receipt or order number").fill(number);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("button", { name: new RegExp(`^#${number} `) }).click();
      await page.getByText(`2 × Day item ${run}`).click();
      await expectNoSeriousViolations(page, "the POS return view with an order open");
      await page.getByRole("button", { name: "Return the chosen items" }).click();
      const restock = page.getByRole("alertdialog", { name: "Do you want to Re stock the products?" });
      await restock.getByRole("button", { name: "Yes" }).click();
      const receipt = page.getByRole("alertdialog", {
        name: "Do you want to receipt for this return order?",
      });
      await receipt.getByRole("button", { name: "Yes" }).click();
      await page.getByRole("status").filter({ hasText: "Item returned in this bill." }).waitFor();
      expect((await api("GET", `/api/admin/products/${product.body.id}`)).body.quantity).toBe(40);

      await page.getByRole("link", { name: "Print return receipt" }).click();
      const slip = page.getByRole("article", { name: "Return receipt" });
      await slip.waitFor();
      expect(await slip.textContent()).toContain(`Day item ${run}`);
      await expectNoSeriousViolations(page, "the return receipt");

      // The same order again: it already had its return.
      await page.goBack();
      await page.getByRole("tab", { name: "Return" }).click();
      await page.getByLabel("Receipt or order number").fill(number);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("button", { name: new RegExp(`^#${number} `) }).click();
      await page.getByRole("alert").filter({ hasText: "This Order Already had return items!" }).waitFor();

      await page.goto(`${baseUrl}/pos-drawers/${sessionId}`);
      await page.getByLabel("Counted cash (EUR)").fill("100");
      await page.getByRole("button", { name: "Close drawer" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Close drawer" }).click();
      await page.getByText("Drawer closed.").waitFor();
      await page.getByRole("link", { name: "Print Z-report" }).click();
      await page.getByRole("heading", { level: 1, name: `Z-report: ${register}` }).waitFor();
      // One sale of €25 in cash, returned in cash: the drawer holds its float.
      expect(await zFigure(page, "Orders")).toBe("1");
      expect(await zFigure(page, "Cash sales")).toMatch(/^€25(\.00)?$/);
      expect(await zFigure(page, "Orders with returns")).toBe("1");
      expect(await zFigure(page, "Cash refunds")).toMatch(/^-€25(\.00)?$/);
      expect(await zFigure(page, "Expected in the drawer")).toMatch(/^€100(\.00)?$/);
      const report = (await api("GET", `/api/admin/pos/drawer-sessions/${sessionId}`)).body.zReport;
      expect(report).toMatchObject({ ordersCount: 1, grossSalesCents: 2500, refundsCents: 2500 });
      expect(errors).toEqual([]);
      await page.context().close();
      sessionId = "";
    } finally {
      await api("PUT", "/api/admin/pos-settings", settings);
      await api("PUT", `/api/admin/staff/${cashier.body.id}`, { status: "inactive" });
      if (sessionId)
        await api("POST", `/api/admin/pos/drawer-sessions/${sessionId}/close`, { countedCents: 0 });
    }
  });

  it("pays part of a sale from the chosen customer's credit and the rest in cash", async () => {
    const settings = (await api("GET", "/api/admin/pos-settings")).body;
    const { roles } = (await api("GET", "/api/admin/roles")).body as {
      roles: { id: string; name: string }[];
    };
    const cashierName = `Credit desk ${run}`;
    const cashier = await api("POST", "/api/admin/staff", {
      name: { en: cashierName },
      email: `credit.desk.${run}@example.org`,
      password: "a-cashier-password-2024",
      roleId: roles.find((row) => row.name === "Cashier")!.id,
    });
    try {
      await api("PUT", "/api/admin/pos-settings", { ...settings, pinRule: "sign-in" });
      await api("PUT", `/api/admin/staff/${cashier.body.id}/pin`, { pin: "3141" });
      const code = `89${run}`;
      await api("POST", "/api/admin/products", {
        type: "physical",
        title: { en: `Credit item ${run}` },
        priceCents: 2000,
        quantity: 10,
        barcode: code,
      });
      const customer = await api("POST", "/api/customer/create", {
        name: `Cleo Till ${run}`,
        email: `cleo.till.${run}@example.org`,
      });
      const topUp = await api("POST", `/api/admin/customers/${customer.body.id}/credit`, {
        kind: "top_up",
        amountCents: 1500,
      });
      expect(topUp.status).toBe(200);

      const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
      await page.goto(`${baseUrl}/pos`);
      await page.getByRole("radio", { name: cashierName }).check();
      await page.getByLabel("PIN").fill("3141");
      await page.getByRole("button", { name: "Start selling" }).click();
      await page.getByText(`Cashier: ${cashierName}`).waitFor();
      await page.getByLabel("Barcode").fill(code);
      await page.getByLabel("Barcode").press("Enter");
      await page.getByTestId("pos-total").filter({ hasText: "€20" }).waitFor();
      await page.getByText("Customer (optional; a learner for courses)").click();
      await page.getByLabel("Find a customer by name or email").fill(`Cleo Till ${run}`);
      await page.getByRole("button", { name: new RegExp(`^Cleo Till ${run}`) }).click();
      await page.getByTestId("pos-customer-credit").filter({ hasText: "€15" }).waitFor();
      await page.getByLabel(/^Credit amount \(balance €15/).fill("15");
      await page.getByText("Cash to pay: €5").waitFor();
      await page.getByRole("button", { name: /^Pay €20/ }).click();
      await page
        .getByRole("region", { name: "Cart" })
        .getByRole("status")
        .filter({ hasText: "completed" })
        .waitFor();
      const credit = await api("GET", `/api/admin/customers/${customer.body.id}/credit`);
      expect(credit.body.balanceCents).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await api("PUT", "/api/admin/pos-settings", settings);
      await api("PUT", `/api/admin/staff/${cashier.body.id}`, { status: "inactive" });
    }
  });
});
