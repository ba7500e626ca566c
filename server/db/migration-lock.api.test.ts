import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabase } from "../../tests/support/postgres-url";
import { migrationsDir } from "../lib/paths";
import { openDatabase } from "./client";

const config = inject("database");
const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe("migrations on start", () => {
  // The embedded database belongs to one process (DATA_DIR lock, see server-lifecycle tests): only
  // PostgreSQL can have several instances starting together.
  it.skipIf(config.engine !== "postgres")(
    "run once when several instances start together on an empty PostgreSQL database",
    async () => {
      if (config.engine !== "postgres") return;
      const name = `${config.prefix}_migrate_${Date.now()}`;
      await adminQuery(config.adminUrl, `create database "${name}"`);
      const url = withDatabase(config.adminUrl, name);
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ engine: "postgres", url, poolSize: 3 })),
      );
      try {
        await Promise.all(instances.map((instance) => instance.migrate()));
        const applied = await adminQuery(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
        expect(applied.rows[0].n).toBe(journal.entries.length);
        const tables = await adminQuery(
          url,
          "select count(*)::int as n from pg_tables where tablename = 'orders'",
        );
        expect(tables.rows[0].n).toBe(1);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await adminQuery(config.adminUrl, `drop database if exists "${name}" with (force)`);
      }
    },
  );
});
