import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { adminQuery, withDatabase } from "../../tests/support/postgres-url";
import { type Database, openDatabase } from "../db/client";
import { customers } from "../modules/customers/customers.tables";
import { insertCompany, insertCustomer } from "../seed/factories";
import { backup, restore } from "./backup";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function emails(database: Database, companyId: string): Promise<string[]> {
  const rows = await database.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.companyId, companyId));
  return rows.map((row) => row.email).sort();
}

describe("npm run backup / restore", () => {
  it("round-trips the embedded database and the uploaded media", async () => {
    const dataDir = tempDir("cm-backup-data-");
    const out = join(tempDir("cm-backup-out-"), "backup");
    let database = await openDatabase({ engine: "pglite", dataDir: join(dataDir, "db") });
    await database.migrate();
    const company = await insertCompany(database.db, { slug: "backup-school", name: "Backup School" });
    await insertCustomer(database.db, company.id, { name: "Kept", email: "kept@example.com" });
    await database.close();
    mkdirSync(join(dataDir, "media"), { recursive: true });
    writeFileSync(join(dataDir, "media", "cover.png"), "original image");

    const manifest = await backup({ dataDir }, out);
    expect(manifest).toMatchObject({ engine: "pglite", media: true });

    database = await openDatabase({ engine: "pglite", dataDir: join(dataDir, "db") });
    await insertCustomer(database.db, company.id, { name: "Later", email: "later@example.com" });
    await database.db.delete(customers).where(eq(customers.email, "kept@example.com"));
    await database.close();
    writeFileSync(join(dataDir, "media", "cover.png"), "changed image");

    await restore({ dataDir }, out);
    database = await openDatabase({ engine: "pglite", dataDir: join(dataDir, "db") });
    try {
      expect(await emails(database, company.id)).toEqual(["kept@example.com"]);
    } finally {
      await database.close();
    }
    expect(readFileSync(join(dataDir, "media", "cover.png"), "utf8")).toBe("original image");
  }, 300_000);

  it("refuses to back up the embedded database while a server holds the data directory", async () => {
    const dataDir = tempDir("cm-backup-locked-");
    writeFileSync(join(dataDir, "server.pid"), String(process.ppid));
    await expect(backup({ dataDir }, join(tempDir("cm-backup-out-"), "b"))).rejects.toThrow(
      /in use by another server/,
    );
  });

  it("refuses a folder that is not a backup", async () => {
    await expect(restore({ dataDir: tempDir("cm-r-") }, tempDir("cm-not-backup-"))).rejects.toThrow(
      /not a backup/,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "round-trips a PostgreSQL database with pg_dump and pg_restore",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `cm_backup_${Date.now().toString(36)}`;
      await adminQuery(adminUrl, `create database "${name}"`);
      cleanups.push(() =>
        adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).then(() => undefined),
      );
      const url = withDatabase(adminUrl, name);
      const dataDir = tempDir("cm-backup-pg-");
      const out = join(tempDir("cm-backup-out-"), "backup");

      let database = await openDatabase({ engine: "postgres", url, poolSize: 2 });
      await database.migrate();
      const company = await insertCompany(database.db, { slug: "pg-school", name: "PG School" });
      await insertCustomer(database.db, company.id, { name: "Kept", email: "kept@example.com" });
      await database.close();

      expect(await backup({ dataDir, databaseUrl: url }, out)).toMatchObject({ engine: "postgres" });

      database = await openDatabase({ engine: "postgres", url, poolSize: 2 });
      await insertCustomer(database.db, company.id, { name: "Later", email: "later@example.com" });
      await database.close();

      await restore({ dataDir, databaseUrl: url }, out);
      database = await openDatabase({ engine: "postgres", url, poolSize: 2 });
      try {
        expect(await emails(database, company.id)).toEqual(["kept@example.com"]);
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "restores exactly the grants, policies and default privileges the migrations define",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `cm_grants_${Date.now().toString(36)}`;
      await adminQuery(adminUrl, `create database "${name}"`);
      cleanups.push(() =>
        adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).then(() => undefined),
      );
      const url = withDatabase(adminUrl, name);
      const database = await openDatabase({ engine: "postgres", url, poolSize: 2 });
      await database.migrate();
      await insertCompany(database.db, { slug: "grant-school", name: "Grant School" });
      await database.close();
      const before = await accessRules(url);
      expect(before.grants).toContain("companies course_market_tenant SELECT");
      expect(before.grants).not.toContain("companies course_market_tenant INSERT");

      const out = join(tempDir("cm-backup-out-"), "backup");
      await backup({ dataDir: tempDir("cm-backup-pg-"), databaseUrl: url }, out);
      await restore({ dataDir: tempDir("cm-backup-pg-"), databaseUrl: url }, out);
      expect(await accessRules(url)).toEqual(before);
    },
  );
});

/** Every table privilege, row-level-security switch, policy and default privilege of the database, as text. */
async function accessRules(url: string) {
  const query = async (statement: string) =>
    (await adminQuery(url, statement)).rows.map((row) => Object.values(row).join(" "));
  return {
    grants: await query(`
      select table_name, grantee, privilege_type from information_schema.role_table_grants
      where table_schema = current_schema() and grantee <> current_user order by 1, 2, 3`),
    security: await query(`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') order by 1`),
    policies: await query(`
      select tablename, policyname, roles::text, cmd, qual, with_check from pg_policies
      where schemaname = current_schema() order by 1, 2`),
    defaults: await query(`
      select defaclobjtype, defaclacl::text from pg_default_acl order by 1, 2`),
    jobSchema: await query(`
      select table_name, grantee, privilege_type from information_schema.role_table_grants
      where table_schema = 'pgboss' and grantee <> current_user order by 1, 2, 3`),
  };
}
