import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~server/db/client";
import { seedDatabase } from "~server/seed/seed";
import { adminQuery, withDatabase } from "./postgres-url";

export type TestDatabaseConfig =
  | { engine: "pglite"; goldenFile: string }
  | { engine: "postgres"; adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  interface ProvidedContext {
    database: TestDatabaseConfig;
  }
}

export const TEST_ADMIN = { email: "admin@example.com", password: "correct-horse-battery" };

/**
 * Migrates and seeds one database before the API tests: a PGlite data-dir tarball, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set. Each test file gets a fresh copy.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = `cm_test_${process.pid}_${Date.now().toString(36)}`;
    const template = `${prefix}_golden`;
    await adminQuery(adminUrl, `create database "${template}"`);
    const database = await openDatabase({
      engine: "postgres",
      url: withDatabase(adminUrl, template),
      poolSize: 2,
    });
    await database.migrate();
    await seedDatabase(database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
    await database.close();
    project.provide("database", { engine: "postgres", adminUrl, template, prefix });
    return async () => {
      const { rows } = await adminQuery(
        adminUrl,
        `select datname from pg_database where datname like '${prefix}%' order by datname desc`,
      );
      for (const row of rows)
        await adminQuery(adminUrl, `drop database if exists "${row.datname}" with (force)`);
    };
  }

  const dir = mkdtempSync(join(tmpdir(), "course-market-golden-"));
  const database = await openDatabase({ engine: "pglite" });
  await database.migrate();
  await seedDatabase(database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  const dump = await database.dumpDataDir!();
  await database.close();
  const goldenFile = join(dir, "golden.tar");
  writeFileSync(goldenFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("database", { engine: "pglite", goldenFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
