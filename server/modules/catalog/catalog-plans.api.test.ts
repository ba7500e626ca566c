import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~server/db/client";
import { withTenant } from "~server/db/tenant-scope";
import { openTestDatabase } from "../../../tests/support/test-app";
import { createCatalogService } from "./catalog.service";

/**
 * A list page of the default size is read by a statement PostgreSQL plans once per connection (a
 * generic plan), not at every execution: with its LIMIT and OFFSET as parameters it priced the generic
 * plan for an unknown limit and planned every page anew, about half of the database's time per page
 * (decision 013, eighth pass). The embedded database runs the same named statements on its one session
 * (decision 013, twelfth pass), so the test holds on both engines.
 */
const COURSES = 5000;
let database: Database;
let companyId: string;

describe("the list pages' statements", () => {
  beforeAll(async () => {
    // One connection: every execution, and pg_prepared_statements after them, on the same session.
    database = await openTestDatabase({ poolSize: 1 });
    const { rows } = await database.executeSql("select id from companies order by created_at limit 1");
    companyId = rows[0]!.id as string;
    // A catalogue big enough for the planner to tell a generic plan for an unknown limit from a page's.
    await database.executeSql(
      `insert into courses (company_id, slug, title, price_cents, created_at)
       select $1::uuid, 'plan-course-' || g, jsonb_build_object('en', 'Plan course ' || g), 1000 + g % 50,
         timestamptz '2025-01-01' + make_interval(secs => g)
       from generate_series(1, ${COURSES}) g`,
      [companyId],
    );
    await database.executeSql("analyze courses");
  });

  afterAll(async () => {
    await database?.close();
  });

  it("keep a generic plan after repeated executions of pages of the default size", async () => {
    const catalog = createCatalogService(database.db, { answers: false });
    for (const sort of [undefined, "price-asc"] as const) {
      for (let page = 1; page <= 12; page++) {
        const list = await withTenant(companyId, () =>
          catalog.listCourses(companyId, { page, limit: 20, sort }, "en"),
        );
        expect(list.courses).toHaveLength(20);
      }
    }
    // The same pool of one connection: the session that prepared and ran the statements.
    const { rows: statements } = await database.executeSql(
      `select name, generic_plans::int, custom_plans::int from pg_prepared_statements
       where name like 'catalog_seek_%' order by name`,
    );
    // Both sorts' statements, each planned generically after its first executions (five, as PostgreSQL
    // decides), not custom at every one of them.
    // Parameterised (LIMIT $n OFFSET $m), the same statements answer 12 custom plans and no generic one.
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      expect(statement).toMatchObject({ custom_plans: 5 });
      expect(statement.generic_plans).toBeGreaterThan(0);
    }
  });
});
