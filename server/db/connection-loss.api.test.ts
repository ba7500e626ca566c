import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, withDatabase } from "../../tests/support/postgres-url";
import { type Database, openDatabase } from "./client";

/**
 * A PostgreSQL connection lost while the app holds it (pg_terminate_backend, 57P01: a failover, a
 * pooler restart, an idle timeout) costs the work using it, never the process (issue 16, item 9).
 * The whole server under traffic: tests/process/server-lifecycle.test.ts.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("losing PostgreSQL connections", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `cm_conn_${process.pid}_${Date.now().toString(36)}`;
  let database: Database;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  const terminateAll = () =>
    adminQuery(
      adminUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    await adminQuery(adminUrl, `create database "${name}"`);
    database = await openDatabase({ engine: "postgres", url: withDatabase(adminUrl, name), poolSize: 3 });
    // Vitest would report an unhandled 'error' as a failure of some later test: catch it here instead.
    process.prependListener("uncaughtException", onUncaught);
  });

  afterAll(async () => {
    process.removeListener("uncaughtException", onUncaught);
    await database?.close();
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  });

  it("a checked-out client and idle ones lose their connection: the work fails, the pool reconnects", async () => {
    await database.db.execute(sql`select 1`);
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The client is checked out and between queries while its backend is terminated.
      await terminateAll();
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    await sleep(300);
    expect(uncaught).toEqual([]);

    // The pool opens new connections: the next queries work.
    const { rows } = await database.executeSql("select 41 + 1 as answer");
    expect(rows).toEqual([{ answer: 42 }]);
    await database.ping();
  });

  it("the readiness ping fails while the database refuses connections and works again after", async () => {
    await adminQuery(adminUrl, `alter database "${name}" with allow_connections false`);
    try {
      await terminateAll();
      await sleep(200);
      await expect(database.ping()).rejects.toThrow();
    } finally {
      await adminQuery(adminUrl, `alter database "${name}" with allow_connections true`);
    }
    await database.ping();
    expect(uncaught).toEqual([]);
  });
});
