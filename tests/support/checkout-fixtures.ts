import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { courses } from "~server/modules/catalog/catalog.tables";
import type { SeedCourse } from "~server/seed/content/types";
import { insertCourse, insertCustomer } from "~server/seed/factories";
import { createTestApp, type TestApp } from "./test-app";

let sequence = 0;

/** A course for checkout tests; every call gets its own slug. */
export function testCourse(overrides: Partial<SeedCourse> = {}): SeedCourse {
  sequence += 1;
  return {
    slug: `checkout-test-course-${sequence}-${Date.now().toString(36)}`,
    categorySlug: "none",
    title: { en: `Test Course ${sequence}`, nl: `Testcursus ${sequence}` },
    summary: { en: "A course made by a test.", nl: "Een cursus van een test." },
    description: { en: "Made by a test.", nl: "Gemaakt door een test." },
    outcomes: { en: ["Testing"], nl: ["Testen"] },
    level: "beginner",
    audience: { en: "Everyone", nl: "Iedereen" },
    instructor: "Test Teacher",
    badge: null,
    priceCents: 5000,
    salePriceCents: null,
    totalSeats: null,
    rating: 0,
    ratingCount: 0,
    addedDaysAgo: 1,
    lessons: [{ title: { en: "Lesson", nl: "Les" }, durationSeconds: 300, freePreview: true }],
    ...overrides,
  };
}

export interface CheckoutTestApp extends TestApp {
  companyId: string;
  dataDir: string;
  addCourse(
    overrides?: Partial<SeedCourse>,
    options?: { published?: boolean; instalmentCount?: number },
  ): Promise<string>;
  /** A customer with a session token; `password` makes it a full account. */
  addCustomer(
    name?: string,
    options?: { password?: boolean },
  ): Promise<{ id: string; email: string; token: string }>;
}

/** The real app on a fresh seeded database, with the mail outbox in a temporary directory. */
export async function createCheckoutTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<CheckoutTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "checkout-test-"));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env }, options);
  const company = await t.app.services.companies.resolve(undefined);
  if (!company) throw new Error("no default company");
  let customers = 0;
  return {
    ...t,
    companyId: company.id,
    dataDir,
    async addCourse(overrides = {}, options = {}) {
      const id = await insertCourse(t.database.db, company.id, testCourse(overrides), {
        categoryId: null,
        published: options.published ?? true,
      });
      if (options.instalmentCount) {
        await t.database.db
          .update(courses)
          .set({ instalmentCount: options.instalmentCount })
          .where(eq(courses.id, id));
      }
      t.app.services.catalog.invalidate(company.id);
      return id;
    },
    async addCustomer(name = "Test Buyer", options = {}) {
      customers += 1;
      const email = `buyer-${customers}-${Date.now().toString(36)}@example.com`;
      const id = await insertCustomer(t.database.db, company.id, {
        name,
        email,
        passwordHash: options.password ? "not-a-real-hash" : null,
      });
      const session = await t.app.services.sessions.start({
        companyId: company.id,
        realm: "customer",
        subjectId: id,
      });
      return { id, email, token: session.token };
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The Cookie header value from a response's Set-Cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
