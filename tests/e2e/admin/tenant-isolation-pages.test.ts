import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "~server/app";
import { loadEnv } from "~server/config/env";
import { openDatabase } from "~server/db/client";
import { serverBuildFile } from "~server/lib/paths";
import { insertCompany } from "~server/seed/factories";
import { seedDatabase } from "~server/seed/seed";
import { furnishSchool, rowIds, type SchoolHandles } from "../../support/school-fixtures";
import type { TestApp } from "../../support/test-app";

/**
 * The pages of school A, rendered by the production build through the real Fastify app, never show
 * school B's records: B's ids answer 404 and no page of A names anything of B. Each page is first
 * opened with A's own id (the control). API routes and files: tests/api/tenant-isolation.test.ts.
 */
let t: TestApp;
let dataDir: string;
let A: SchoolHandles;
let B: SchoolHandles;
let secretsOfB: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tenant-pages-"));
  const database = await openDatabase({ engine: "pglite" });
  await database.migrate();
  await seedDatabase(database.db, {
    adminEmail: "admin@example.com",
    adminPassword: "correct-horse-battery",
  });
  // Loaded ahead: the web plugin imports it again (from the module cache) within Fastify's plugin timeout.
  await import(/* @vite-ignore */ serverBuildFile);
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    database,
    logger: false,
    web: { mode: "production" },
  });
  await app.ready();
  t = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
  const home = (await app.services.companies.resolve(undefined))!;
  const other = await insertCompany(database.db, { slug: "school-b", name: "School B" });
  A = await furnishSchool(t, { ...home, isDefault: true }, "a");
  B = await furnishSchool(t, { ...other, isDefault: false }, "b");
  secretsOfB = [...(await rowIds(t, B.companyId)), B.media.courseImage, B.media.categoryIcon, "isolation-b"];
  secretsOfB.push("learner.b@isolation.example", "customer.b@isolation.example", "School B");
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const staffCookie = () => ({ cookie: `admin_session=${A.admin.token}` });
const learnerCookie = () => ({
  cookie: `session=${A.learner.headers.authorization!.replace(/^Bearer /, "")}`,
});

const pages: [string, (h: SchoolHandles) => string, () => Record<string, string>][] = [
  ["storefront course page", (h) => `/single-course/${h.course.id}`, () => ({})],
  ["lesson player", (h) => `/course-video/${h.course.id}`, learnerCookie],
  ["learner's invoice", (h) => `/single-invoice/${h.order.invoiceId}`, learnerCookie],
  ["back-office order", (h) => `/order/${h.order.id}`, staffCookie],
  ["back-office course editor", (h) => `/course/${h.course.id}`, staffCookie],
  ["back-office customer's orders", (h) => `/customer-order/${h.learner.id}`, staffCookie],
];

describe("pages of school A", () => {
  it.each(pages)("%s: 404 for B's id", async (_name, path, headers) => {
    const own = await t.app.inject({ url: path(A), headers: headers() });
    expect(own.statusCode, `control on A's ${path(A)}`).toBe(200);
    const response = await t.app.inject({ url: path(B), headers: headers() });
    expect(response.statusCode).toBe(404);
    expect(
      secretsOfB.filter((secret) => secret !== path(B).split("/").pop() && response.body.includes(secret)),
    ).toEqual([]);
  });

  it("list pages never show B's records", async () => {
    for (const [path, headers] of [
      ["/catalog", {}],
      ["/orders", staffCookie()],
      ["/courses", staffCookie()],
      ["/customers", staffCookie()],
      ["/user-courses", learnerCookie()],
      ["/user-invoice", learnerCookie()],
      ["/user-orders", learnerCookie()],
    ] as const) {
      const response = await t.app.inject({ url: path, headers });
      expect(response.statusCode, path).toBe(200);
      expect(
        secretsOfB.filter((secret) => response.body.includes(secret)),
        path,
      ).toEqual([]);
    }
  });
});
