import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInToken } from "../../support/accessibility-pages";
import { signedInAdmin } from "../../support/admin-browser";
import { expectNoSeriousViolations } from "../../support/axe";
import { launchBrowser } from "../../support/browser";
import { E2E_ADMIN } from "../../support/e2e-server";

const baseUrl = inject("baseUrl");
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

/** A waiter (Cashier role) with a PIN. */
async function waiter(name: string, email: string, pin: string) {
  const { roles } = (await api("GET", "/api/admin/roles")).body as {
    roles: { id: string; name: string }[];
  };
  const created = await api("POST", "/api/admin/staff", {
    name: { en: name },
    email,
    password: "a-waiter-password-2024",
    roleId: roles.find((row) => row.name === "Cashier")!.id,
  });
  expect(created.status).toBe(201);
  expect((await api("PUT", `/api/admin/staff/${created.body.id}/pin`, { pin })).status).toBe(200);
  return created.body.id as string;
}

type ParkedRow = { id: string; table: { id: string } | null };
const parkedOrders = async () => ((await api("GET", "/api/pos/parked")).body ?? []) as ParkedRow[];

/** A parked order left on these tables by a failed run: removing it takes a cashier on this (API) device. */
async function removeParkedAt(tableIds: string[], cashierId: string, pin: string) {
  const left = (await parkedOrders()).filter((row) => row.table && tableIds.includes(row.table.id));
  if (left.length === 0) return;
  await api("POST", "/api/pos/cashier", { staffId: cashierId, pin });
  for (const order of left) await api("DELETE", `/api/pos/parked/${order.id}`, { pin });
  await api("DELETE", "/api/pos/cashier");
}

describe("the point of sale's restaurant view (issue 20)", () => {
  it("parks a table order with an extra, resumes it, sends it to the kitchen (the ticket shows the items), moves it to another table and takes the payment", async () => {
    const run = Date.now().toString(36);
    const settings = (await api("GET", "/api/admin/pos-settings")).body;
    const cashierName = `Waiter ${run}`;
    const cashierId = await waiter(cashierName, `waiter.${run}@example.org`, "5739");
    const tableName = `Table ${run}`;
    const terrace = `Terrace ${run}`;
    const idOf = async (name: string) =>
      ((await api("GET", "/api/admin/pos-tables")).body as { id: string; name: string }[]).find(
        (row) => row.name === name,
      )?.id;
    const tableId = () => idOf(tableName);
    try {
      await api("PUT", "/api/admin/pos-settings", { ...settings, view: "restaurant", pinRule: "sign-in" });
      const latte = await api("POST", "/api/admin/products", {
        type: "physical",
        title: { en: `Latte ${run}` },
        priceCents: 350,
        quantity: 50,
        extras: [{ name: { en: "Extra shot" }, priceCents: 50 }],
      });
      expect(latte.status).toBe(201);

      const { page, errors } = await signedInAdmin(browser, baseUrl, 768);
      // POS Setting: add the table.
      await page.goto(`${baseUrl}/pos-setting`);
      await page.getByLabel("Table name or number").fill(tableName);
      await page.getByLabel("Seats", { exact: true }).fill("2");
      await page.getByRole("button", { name: "Add table" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${tableName} has been added.` })
        .waitFor();

      // A second table to move the order to (through the API: the form is tried above).
      expect((await api("POST", "/api/admin/pos-tables", { name: terrace })).status).toBe(201);

      await page.goto(`${baseUrl}/pos`);
      await page.getByRole("radio", { name: cashierName }).check();
      await page.getByLabel("PIN").fill("5739");
      await page.getByRole("button", { name: "Start selling" }).click();

      // The tables view first (a tablet's width): open the table, add the latte with an extra shot and a note, park it.
      await page.getByRole("heading", { name: "Park orders" }).waitFor();
      await expectNoSeriousViolations(page, "POS tables view");
      await page.getByRole("button", { name: new RegExp(`^${tableName}`) }).click();
      await page.getByLabel("Search products and courses").fill(`Latte ${run}`);
      await page.getByRole("button", { name: new RegExp(`^Latte ${run}`) }).click();
      const cart = page.getByRole("region", { name: "Cart" });
      await cart.getByRole("button", { name: "Extra shot +€0.50" }).click();
      await page.getByTestId("pos-total").filter({ hasText: /^€4$/ }).waitFor();
      await page.getByLabel("Notes").fill("No sugar");
      await cart.getByRole("button", { name: "Park order" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `The order of ${tableName} is parked.` })
        .waitFor();

      // The parked list: table, who parked it, the total; resume it and send it to the kitchen.
      const row = page.getByRole("row").filter({ hasText: tableName });
      expect(await row.textContent()).toContain(cashierName);
      expect(await row.textContent()).toContain("€4");
      await page.getByRole("button", { name: `Resume the order of ${tableName}` }).click();
      await cart.getByRole("button", { name: "Extra shot +€0.50", pressed: true }).waitFor();
      await cart.getByRole("button", { name: "Send to kitchen" }).click();
      await cart.getByRole("link", { name: "Print kitchen ticket" }).click();
      const ticket = page.getByRole("article", { name: "Kitchen ticket" });
      await ticket.waitFor();
      const text = (await ticket.textContent()) ?? "";
      for (const expected of [tableName, `1 × Latte ${run}`, "+ Extra shot", "No sugar", cashierName]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain("€");
      await expectNoSeriousViolations(page, "kitchen ticket");

      // Back at the counter: the table has its open order; the guests move to the terrace.
      await page.getByRole("link", { name: "Back to the point of sale" }).click();
      await page.getByRole("button", { name: new RegExp(`^${tableName}.*Open order`) }).click();
      await page.getByRole("button", { name: /Move to table/ }).click();
      await page.getByRole("option", { name: terrace }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `The order is now at ${terrace}.` })
        .waitFor();
      // Pay it there as a normal sale.
      await page.getByRole("button", { name: new RegExp(`^${terrace}.*Open order`) }).click();
      await page.getByTestId("pos-total").filter({ hasText: /^€4$/ }).waitFor();
      await page.getByLabel("Cash received").fill("5");
      await page.getByRole("button", { name: "Pay €4" }).click();
      await cart.getByRole("status").filter({ hasText: "completed" }).waitFor();
      const parked = (await api("GET", "/api/pos/parked")).body as { table: { name: string } | null }[];
      expect(parked.some((order) => order.table?.name === tableName || order.table?.name === terrace)).toBe(
        false,
      );

      // Paid: the table is free again and can be removed.
      await page.goto(`${baseUrl}/pos-setting`);
      await page.getByRole("button", { name: `Remove ${tableName}` }).click();
      await page.getByRole("button", { name: `Yes, remove ${tableName}` }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${tableName} has been removed.` })
        .waitFor();
      expect(await tableId()).toBeUndefined();
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      const ids = [await tableId(), await idOf(terrace)].filter((id): id is string => id !== undefined);
      await removeParkedAt(ids, cashierId, "5739");
      for (const id of ids) await api("DELETE", `/api/admin/pos-tables/${id}`);
      await api("PUT", "/api/admin/pos-settings", settings);
      await api("PUT", `/api/admin/staff/${cashierId}`, { status: "inactive" });
    }
  });

  it("asks the cashier's PIN again to park when POS Setting asks it before every action", async () => {
    const run = `${Date.now().toString(36)}p`;
    const settings = (await api("GET", "/api/admin/pos-settings")).body;
    const cashierName = `Pin waiter ${run}`;
    const cashierId = await waiter(cashierName, `pin.waiter.${run}@example.org`, "8642");
    const tableName = `Bar ${run}`;
    const table = await api("POST", "/api/admin/pos-tables", { name: tableName });
    try {
      await api("PUT", "/api/admin/pos-settings", {
        ...settings,
        view: "restaurant",
        pinRule: "every-action",
      });
      await api("POST", "/api/admin/products", {
        type: "physical",
        title: { en: `Tea ${run}` },
        priceCents: 250,
        quantity: 20,
      });

      const { page, errors } = await signedInAdmin(browser, baseUrl, 1440);
      await page.goto(`${baseUrl}/pos`);
      await page.getByRole("radio", { name: cashierName }).check();
      await page.getByLabel("PIN", { exact: true }).fill("8642");
      await page.getByRole("button", { name: "Start selling" }).click();
      await page.getByRole("button", { name: new RegExp(`^${tableName}`) }).click();
      await page.getByLabel("Search products and courses").fill(`Tea ${run}`);
      await page.getByRole("button", { name: new RegExp(`^Tea ${run}`) }).click();
      const cart = page.getByRole("region", { name: "Cart" });
      const park = cart.getByRole("button", { name: "Park order" });
      await page
        .getByTestId("pos-total")
        .filter({ hasText: /^€2.50$/ })
        .waitFor();
      // The buttons wait for the PIN; the server checks it.
      expect(await park.isDisabled()).toBe(true);
      await cart.getByLabel("Your PIN (to park, move, send or remove)").fill("8642");
      await park.click();
      await page
        .getByRole("status")
        .filter({ hasText: `The order of ${tableName} is parked.` })
        .waitFor();
      const parked = await parkedOrders();
      expect(parked.filter((row) => row.table?.id === table.body.id)).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await removeParkedAt([table.body.id], cashierId, "8642");
      await api("DELETE", `/api/admin/pos-tables/${table.body.id}`);
      await api("PUT", "/api/admin/pos-settings", settings);
      await api("PUT", `/api/admin/staff/${cashierId}`, { status: "inactive" });
    }
  });
});
