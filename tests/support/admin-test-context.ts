import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { insertCompany } from "~server/seed/factories";
import { createStaff, type TestStaff } from "./staff";
import { createTestApp, type TestApp } from "./test-app";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AdminTestContext {
  t: TestApp;
  /** The default (seeded) school. */
  companyId: string;
  /** A signed-in staff member with the admin role (option `adminRole`, default "Admin"). */
  admin: TestStaff;
  /** A signed-in "Driver": a role without admin rights, for 403 checks. */
  driver: TestStaff;
  /** A second school and its admin, for tenancy checks. */
  other: { slug: string; admin: TestStaff };
  /** Set when the context was made with `dataDir`: the app's own temporary DATA_DIR. */
  dataDir: string | undefined;
  /**
   * An API request with an optional bearer token, JSON payload and extra headers. The other
   * school's admin reaches their own school through the tenancy header.
   */
  call(
    method: Method,
    url: string,
    token?: string,
    payload?: unknown,
    headers?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely, as response.json() does
  ): Promise<{ status: number; body: any; raw: string }>;
}

/**
 * The shared setup of the admin API tests: registers beforeAll/afterAll hooks that build the app on a
 * fresh database, a second school and the staff sessions. Read the fields inside tests (after beforeAll).
 */
export function adminTestContext(
  options: { adminRole?: string; dataDir?: boolean; env?: Record<string, string> } = {},
): AdminTestContext {
  const ctx = {
    dataDir: undefined,
    async call(method, url, token, payload, headers = {}) {
      const response = await ctx.t.app.inject({
        method,
        url,
        headers: {
          ...(token && token === ctx.other.admin.token ? { company: ctx.other.slug } : {}),
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return {
        status: response.statusCode,
        body: response.body ? response.json() : null,
        raw: response.body,
      };
    },
  } as AdminTestContext;
  beforeAll(async () => {
    if (options.dataDir) ctx.dataDir = await mkdtemp(join(tmpdir(), "admin-api-"));
    ctx.t = await createTestApp({ ...options.env, ...(ctx.dataDir ? { DATA_DIR: ctx.dataDir } : {}) });
    ctx.companyId = (await ctx.t.app.services.companies.resolve(undefined))!.id;
    ctx.admin = await createStaff(ctx.t, ctx.companyId, options.adminRole ?? "Admin");
    ctx.driver = await createStaff(ctx.t, ctx.companyId, "Driver");
    const company = await insertCompany(ctx.t.database.db, { slug: "other-school", name: "Other School" });
    ctx.other = { slug: company.slug, admin: await createStaff(ctx.t, company.id, "Admin") };
  });
  afterAll(async () => {
    await ctx.t?.close();
    if (ctx.dataDir) await rm(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
