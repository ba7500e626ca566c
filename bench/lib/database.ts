import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { openDatabase } from "~server/db/client";
import { seedDatabase } from "~server/seed/seed";
import type { SqlRunner } from "./generate";

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432";

/** The server URL with another database name in its path. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin(serverUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
}

export async function postgresDatabaseExists(serverUrl: string, name: string): Promise<boolean> {
  return withAdmin(serverUrl, async (client) => {
    const result = await client.query("select 1 from pg_database where datname = $1", [name]);
    return result.rows.length > 0;
  });
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** Migrates and seeds the demo school the way the server does at start-up. */
export async function migrateAndSeed(
  target: { engine: "postgres"; url: string } | { engine: "pglite"; dataDir: string },
  adminPassword: string,
): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDatabase(database.db, { adminPassword });
  } finally {
    await database.close();
  }
}

export interface RunnerHandle extends SqlRunner {
  close(): Promise<void>;
}

export async function postgresRunner(url: string): Promise<RunnerHandle> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query(sql, params)).rows as T[];
    },
    close: () => client.end(),
  };
}

export async function pgliteRunner(dataDir: string): Promise<RunnerHandle> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  return {
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query<T>(sql, params)).rows;
    },
    close: () => client.close(),
  };
}
