import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as auditLogLoader } from "~/routes/admin/audit-log";
import { loader as adminAreaLoader } from "~/routes/admin/layout";
import { action as drawersAction, loader as drawersLoader } from "~/routes/admin/pos-drawers";
import { action as storeSettingsAction, loader as storeSettingsLoader } from "~/routes/admin/store-settings";
import { loader as posLoader } from "~/routes/pos/pos";
import { visibleNav } from "../../app/features/admin/admin-nav";
import { pageContext } from "../support/page-context";
import { createStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
});
afterAll(() => t.close());

/** The load context a page gets for a request carrying `token` as its staff session. */
async function contextFor(token?: string): Promise<AppLoadContext> {
  const staffSession = token ? await t.app.services.sessions.resolve(token) : null;
  return pageContext(t, { staffSession });
}

const args = async (path: string, token?: string) =>
  ({
    request: new Request(`http://localhost${path}`),
    context: await contextFor(token),
    params: {},
  }) as never;

async function thrown(
  run: () => Promise<unknown>,
): Promise<Response | { type: string; init: ResponseInit | null }> {
  try {
    await run();
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected the loader to throw");
}

describe("admin page guard (requireStaffPage)", () => {
  it("redirects a visitor without a staff session to /login with the path and query", async () => {
    const response = (await thrown(async () => adminAreaLoader(await args("/audit-log?page=2")))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Faudit-log%3Fpage%3D2");
  });

  it("gives the layout a Driver's permissions, so the sidebar shows no Catalog", async () => {
    const driver = await createStaff(t, companyId, "Driver", { name: "Dora Driver" });
    const data = await adminAreaLoader(await args("/orders", driver.token));
    expect(data.staff).toMatchObject({ email: driver.email, role: "Driver", name: { en: "Dora Driver" } });
    expect(data.stripe.configured).toBe(false);
    expect(data.languages.map((language) => language.code)).toEqual(["en", "nl"]);
    const keys = visibleNav(data.staff.permissions).map((entry) => entry.key);
    expect(keys).toEqual(["orders"]);
    expect(keys).not.toContain("catalog");
  });

  it("answers 403 when the role lacks the page's permission, and lists for one that has it", async () => {
    const driver = await createStaff(t, companyId, "Driver");
    const denied = await thrown(async () => auditLogLoader(await args("/audit-log", driver.token)));
    expect((denied as { init: ResponseInit }).init?.status).toBe(403);

    const admin = await createStaff(t, companyId, "Admin");
    const data = await auditLogLoader(await args("/audit-log?page=abc&limit=5", admin.token));
    expect(data.list).toMatchObject({ page: 1, limit: 5 });
  });
});

describe("the point of sale for a role that reads it (the Accountant)", () => {
  it("opens the cash drawers and the counter to look at, without offering the cashier sign-in", async () => {
    const accountant = await createStaff(t, companyId, "Accountant");
    const drawers = await drawersLoader(await args("/pos-drawers", accountant.token));
    expect(drawers.sessions).toEqual(expect.any(Array));
    const form = new FormData();
    form.set("register", "Accountant's till");
    form.set("openingFloatCents", "0");
    const opening = {
      request: new Request("http://localhost/pos-drawers", { method: "POST", body: form }),
      context: await contextFor(accountant.token),
      params: {},
    } as never;
    const denied = await thrown(async () => drawersAction(opening));
    expect((denied as { init: ResponseInit }).init?.status).toBe(403);
    expect((await posLoader(await args("/pos", accountant.token))).canSell).toBe(false);
    const cashier = await createStaff(t, companyId, "Cashier");
    expect((await posLoader(await args("/pos", cashier.token))).canSell).toBe(true);
  });
});

describe("store settings: the payment methods card (issue 19)", () => {
  const post = async (token: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "payment-methods");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return {
      request: new Request("http://localhost/store/store-settings", { method: "POST", body: form }),
      context: await contextFor(token),
      params: {},
    } as never;
  };

  it("shows an Accountant the methods and whether the server has their keys, but refuses a change", async () => {
    const accountant = await createStaff(t, companyId, "Accountant");
    const data = await storeSettingsLoader(await args("/store/store-settings", accountant.token));
    expect(data.paymentMethods).toEqual({
      paypal: { enabled: false, configured: false },
      ideal: { enabled: false, configured: false },
    });
    const denied = await thrown(async () =>
      storeSettingsAction(await post(accountant.token, { paypal: "on" })),
    );
    expect((denied as { init: ResponseInit }).init?.status).toBe(403);
    expect((await t.app.services.paymentMethods.read(companyId)).paypal.enabled).toBe(false);
  });

  it("turns a method on for staff who may write settings; a switch left out is turned off", async () => {
    const admin = await createStaff(t, companyId, "Admin");
    try {
      expect(await storeSettingsAction(await post(admin.token, { paypal: "on" }))).toEqual({
        ok: true,
        intent: "payment-methods",
      });
      const data = await storeSettingsLoader(await args("/store/store-settings", admin.token));
      expect(data.paymentMethods).toEqual({
        paypal: { enabled: true, configured: false },
        ideal: { enabled: false, configured: false },
      });
      await storeSettingsAction(await post(admin.token, { ideal: "on" }));
      expect(await t.app.services.paymentMethods.read(companyId)).toEqual({
        paypal: { enabled: false, configured: false },
        ideal: { enabled: true, configured: false },
      });
    } finally {
      await storeSettingsAction(await post(admin.token, {}));
    }
  });
});
