import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/test-app";
import type { Database } from "./client";
import { withTenant } from "./tenant-scope";

/**
 * The embedded database has one session, reached through node-postgres (decision 013, twelfth pass):
 * a transaction must hold it from `begin` to `commit`, and a failed statement must leave it ready for
 * the next caller's, in the next caller's tenant state.
 */
let database: Database;
let companyId: string;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded database's one session", () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.executeSql("create table session_probe (id int primary key)");
    const { rows } = await database.executeSql("select id from companies order by created_at limit 1");
    companyId = rows[0]!.id as string;
  });

  afterAll(async () => {
    await database?.close();
  });

  it("runs a statement asked for during a transaction after the transaction, not inside it", async () => {
    const finished: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into session_probe (id) values (1)`);
        // Another request's statement, while the transaction is open.
        outside = database.db
          .execute(sql`insert into session_probe (id) values (2)`)
          .then(() => finished.push("outside"));
        await new Promise((resolve) => setTimeout(resolve, 30));
        await tx.execute(sql`insert into session_probe (id) values (3)`);
        // Undone with the transaction: had the other statement run inside it, its row would go too.
        throw new Error("roll back");
      })
      .catch((error: Error) => {
        finished.push("transaction");
        expect(error.message).toBe("roll back");
      });
    await outside;
    expect(finished).toEqual(["transaction", "outside"]);
    const { rows } = await database.executeSql("select id from session_probe order by id");
    expect(rows).toEqual([{ id: 2 }]);
  });

  it("answers the next statements rightly, in their tenant state, right after a statement fails", async () => {
    const failing = database.db.execute(sql`insert into session_probe (id) values (${2})`);
    // Asked for in the same turn as the failing one: each must get its own answer.
    type Rows = { rows: Record<string, unknown>[] };
    const [owner, tenant, jobs] = await Promise.all([
      database.db.execute(sql`select current_user as role`) as Promise<Rows>,
      withTenant(
        companyId,
        async () =>
          (await database.db.execute(
            sql`select current_user as role, current_setting('app.company_id', true) as company`,
          )) as Rows,
      ),
      database.executeSql("select count(*) as rows from session_probe where id = $1", [2]),
    ]);
    await expect(failing).rejects.toThrow();
    expect(owner.rows[0]).toMatchObject({ role: expect.not.stringMatching(/tenant/) });
    if (database.tenantWall)
      expect(tenant.rows[0]).toEqual({ role: "course_market_tenant", company: companyId });
    expect(Number(jobs.rows[0]?.rows)).toBe(1);
    // A statement refused at Bind (not a uuid), beside the job queue's SQL in the same turn.
    for (let i = 0; i < 20; i++) {
      const refused = database.db.execute(sql`select id from companies where id = ${"not-a-uuid"}`);
      const [count] = await Promise.all([
        database.executeSql("select count(*) as rows from session_probe where id = $1", [2]),
        expect(refused).rejects.toThrow(),
      ]);
      expect(Number(count.rows[0]?.rows)).toBe(1);
    }
    for (let i = 10; i < 30; i++) {
      const insert = database.db.execute(sql`insert into session_probe (id) values (${i % 2 === 0 ? 2 : i})`);
      if (i % 2 === 0) await expect(insert).rejects.toThrow();
      else await insert;
    }
    const { rows } = await database.executeSql("select count(*)::int as n from session_probe");
    expect(rows).toEqual([{ n: 11 }]);
    await database.ping();
  });
});
