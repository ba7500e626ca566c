import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Client as PgClient } from "pg";
import { migrationsDir } from "../lib/paths";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction in progress. */
export type Queryable = Db | Tx;

export type DatabaseEngine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  /** Applies pending migrations; concurrent callers on PostgreSQL wait for one another. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (a consistent snapshot). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: messages between the app's instances (LISTEN/NOTIFY). `onMessage(null)` means
   * the listening connection was lost and rebuilt, so messages may have been missed.
   */
  listen?(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  notify?(channel: string, payload: string): Promise<void>;
}

export type DatabaseOptions =
  | { engine: "postgres"; url: string; poolSize?: number }
  | { engine: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

/** Any constant, fixed for this app: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // Imported only here, so the embedded database's start-up does not load the PostgreSQL client.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "course-market" });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight get their own error.
  });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    engine: "postgres",
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db, { migrationsFolder: migrationsDir });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lock.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
    listen: (channel, onMessage) =>
      listenPostgres(
        () => new pg.Client({ connectionString: url, application_name: "course-market-listen" }),
        channel,
        onMessage,
      ),
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
  };
}

const LISTEN_RETRY_MS = 1_000;

/** A dedicated connection that LISTENs on one channel, reconnecting after a failure. */
async function listenPostgres(
  newClient: () => PgClient,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: PgClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (isRetry: boolean) => {
    const next = newClient();
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? null);
    });
    const reconnect = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true).catch(reconnectLater), LISTEN_RETRY_MS);
      retry.unref();
    };
    next.on("error", reconnect);
    next.on("end", reconnect);
    client = next;
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    if (isRetry) onMessage(null);
  };
  const reconnectLater = () => {
    if (stopped) return;
    client = undefined;
    retry = setTimeout(() => void connect(true).catch(reconnectLater), LISTEN_RETRY_MS);
    retry.unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    engine: "pglite",
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsDir });
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dumpDataDir() {
      return client.dumpDataDir("none");
    },
  };
}
