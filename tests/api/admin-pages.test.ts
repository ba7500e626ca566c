import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as auditLogLoader } from "~/routes/admin/audit-log";
import { loader as adminAreaLoader } from "~/routes/admin/layout";
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
