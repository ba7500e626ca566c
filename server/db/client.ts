import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type pg from "pg";
import { migrationsDir } from "../lib/paths";
import { JOB_SCHEMA_GRANTS_SQL, JOB_SCHEMA_INSTALLED_SQL, jobSchemaSql } from "./job-schema";
import { copyPgliteTemplate } from "./pglite-template";
import { currentTenant, runUnscoped, sessionStateSql, TENANT_WALL_SQL } from "./tenant-scope";
import { TurnGate } from "./turn-gate";
import { TurnQueue } from "./turn-queue";

/**
 * No relational schema: queries name their tables (each module's `*.tables.ts`), so this bottom layer
 * imports no domain module. drizzle-kit reads the tables from the modules (drizzle.config.ts).
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Anything that runs queries: the database or a transaction in progress. */
export type Queryable = Db | Tx;

export type DatabaseEngine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  /** Applies pending migrations; concurrent callers on PostgreSQL wait for one another. */
  migrate(): Promise<void>;
  /**
   * True when row-level security is up (migration 0004 could create and grant its role): queries made
   * inside a tenant scope then run as that role. False: the first wall (company_id conditions) only.
   */
  readonly tenantWall: boolean;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Runs raw SQL as the owner, outside any tenant scope: `$n` parameters, or several statements
   * when there are none. The job queue's own connection (pg-boss's `db` option).
   */
  executeSql(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
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
  | {
      engine: "pglite";
      dataDir?: string;
      loadDataDir?: Blob | File;
      /** An empty `dataDir` starts as a copy of the build's template database (default true). */
      fromTemplate?: boolean;
    };

/**
 * The durable job queue's schema (pg-boss's own SQL), made by the first migration run that finds it
 * missing, and the tenant role's grants on it (docs/decisions/014-job-queue.md).
 */
async function installJobSchema(exec: (text: string) => Promise<unknown>): Promise<void> {
  const result = (await exec(JOB_SCHEMA_INSTALLED_SQL)) as
    | { rows: { installed: boolean }[] }
    | { rows: { installed: boolean }[] }[];
  const rows = Array.isArray(result) ? (result[result.length - 1]?.rows ?? []) : result.rows;
  if (rows[0]?.installed !== true) await exec(jobSchemaSql());
  await exec(JOB_SCHEMA_GRANTS_SQL);
}

/** Any constant, fixed for this app: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

/**
 * Milliseconds of work after PostgreSQL's answers the server runs in one event-loop turn before it
 * lets the loop poll again (accept connections, read requests): see TurnGate.
 */
const POSTGRES_SLICE_MS = 1;

/**
 * The pg pool class below, made once `pg` is loaded (on both engines: the embedded database's
 * statements go through node-postgres too, decision 013, twelfth pass).
 *
 * A pg pool whose connections are put into the state the caller's tenant scope asks for when they are
 * checked out: the tenant role with `app.company_id` inside a scope, the owner outside one. A
 * connection remembers its state, so the switch (one round trip) only happens when it changes; every
 * checkout goes through here, so no connection is ever used in a state it was not set to.
 */
function tenantPoolClass(Pool: typeof pg.Pool) {
  return class TenantPool extends Pool {
    wall = false;
    readonly #states = new WeakMap<pg.PoolClient, string | null>();
    readonly #answers = new TurnGate(POSTGRES_SLICE_MS);

    // The pool's queries (every statement outside a transaction: the app's reads, drizzle's prepared
    // statements) pass their answers through the turn gate; a query with a callback is left as it is.
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise or callback) in one body
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const result = (super.query as (...a: any[]) => any)(...args);
      if (typeof args[args.length - 1] === "function") return result;
      return (result as Promise<unknown>).then((answer) => this.#answers.pass(answer));
    }

    /** A query whose answer does not wait in the turn gate: the readiness ping, not behind a backlog. */
    queryAtOnce(text: string): Promise<pg.QueryResult> {
      return super.query(text);
    }

    // pg-pool's own query() checks out through connect(callback): both forms land here.
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise or callback) in one body
    override connect(callback?: any): any {
      const wanted = this.wall ? currentTenant() : null;
      const ready = super.connect().then((client) => this.#establish(client, wanted));
      if (!callback) return ready;
      ready.then(
        (client) => callback(undefined, client, client.release),
        (error) => callback(error, undefined, () => undefined),
      );
    }

    async #establish(client: pg.PoolClient, wanted: string | null): Promise<pg.PoolClient> {
      if ((this.#states.get(client) ?? null) === wanted) return client;
      try {
        await client.query(sessionStateSql(wanted));
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      this.#states.set(client, wanted);
      return client;
    }
  };
}

async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const TenantPool = tenantPoolClass(pg.Pool);
  const pool = new TenantPool({
    connectionString: url,
    max: poolSize,
    application_name: "course-market",
    // A server that does not answer (network partition, failover) fails a checkout instead of hanging it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection can be lost at any moment (pg_terminate_backend, a failover, a pooler restart, an
  // idle timeout): pg then emits 'error' on its client, and an 'error' event nobody listens to ends
  // the process. pg-pool listens only while a client is idle; a checked-out client (between the
  // queries of a transaction, or handed to pg-boss) needs a listener of its own for its whole life.
  // The work using it gets the error from its query, the client is not queryable any more, and the
  // pool drops it on release and opens a new connection for the next checkout.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight get their own error.
  });
  const db = drizzleNodePg({ client: pool });
  const detectWall = async () => {
    const { rows } = (await pool.query(TENANT_WALL_SQL)) as { rows: { up: boolean }[] };
    pool.wall = rows[0]?.up === true;
  };
  await detectWall();
  return {
    db: db as unknown as Db,
    engine: "postgres",
    get tenantWall() {
      return pool.wall;
    },
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db, { migrationsFolder: migrationsDir });
        await installJobSchema((text) => lock.query(text));
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lock.release();
      }
      await detectWall();
    },
    async ping() {
      await withTimeout(pool.queryAtOnce("select 1"), PING_TIMEOUT_MS, "the database did not answer in time");
    },
    executeSql: (text, values) =>
      runUnscoped(async () => {
        const result = await pool.query(text, values && values.length > 0 ? values : undefined);
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      }),
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
/**
 * How long a checkout may wait for a connection before it fails: opening one, and also (pg-pool
 * uses the same limit) waiting in line for a free one when the pool is busy. At 5 s a burst of
 * 100 checkouts on a loaded two-core machine got 500s while waiting in line; an unreachable server
 * still fails the request, after this long (refused connections fail at once).
 */
const CONNECT_TIMEOUT_MS = 30_000;
/** How long closing the embedded database waits for the statements asked for before it. */
const CLOSE_WAIT_MS = 5_000;
/** How long the readiness probe waits for `select 1`. */
const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A dedicated connection that LISTENs on one channel, reconnecting after a failure. */
async function listenPostgres(
  newClient: () => pg.Client,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
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

/**
 * Milliseconds of embedded-database work the server runs in one event-loop turn before it lets the
 * loop poll again (accept connections, read requests): see TurnQueue. 1 ms: a random course detail's
 * p99 went from about 850 ms to 75 ms at 50 connections, at the same rate (decision 013).
 */
const PGLITE_SLICE_MS = 1;

/** What drizzle's node-postgres session needs of a checked-out connection: its queries and its release. */
interface EmbeddedCheckout {
  query: pg.Client["query"];
  release(error?: Error | boolean): void;
}

/** A node-postgres answer, or a simple-protocol answer of several statements: the last statement's rows. */
function lastResult(result: pg.QueryResult | pg.QueryResult[]): {
  rows: Record<string, unknown>[];
  rowCount: number;
} {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
}

/**
 * PGlite has one connection. Every statement reaches it as a node-postgres query on PGlite's own
 * node-postgres connection, so drizzle's named prepared statements are parsed and planned once, as on
 * PostgreSQL, instead of at every execution (decision 013, twelfth pass), and node-postgres's queue
 * keeps each statement's protocol messages together up to its ReadyForQuery (PGlite's own `query` and
 * `exec` take another lock than the adapter's messages, so nothing goes through them while it is open).
 *
 * This pool of one runs the app's statements and transactions one at a time (in arrival order, a turn
 * of the event loop between them once a slice is spent) and puts the session into the state the
 * caller's tenant scope asks for before the work, so no other caller's work can slip in between. A
 * transaction holds the connection from drizzle's checkout to its release. drizzle treats a client
 * whose class is named like a pool as one (it checks out a connection for each transaction): the name
 * matters, and `embedded-pool.api.test.ts` holds it.
 */
class EmbeddedPool {
  wall = false;
  readonly #lock = new TurnQueue(PGLITE_SLICE_MS);
  readonly #connection: pg.Client;
  #state: string | null = null;
  /** The transaction status of the session's last ReadyForQuery: idle, in a transaction, or failed. */
  #status = "I";
  /** Set once the connection failed: PGlite itself broke; every later statement fails with it. */
  #broken: Error | undefined;

  constructor(connection: pg.Client, messages: NodeJS.EventEmitter) {
    this.#connection = connection;
    messages.on("readyForQuery", (message?: { status?: string }) => {
      this.#status = message?.status ?? "I";
    });
    // An 'error' nobody listens to would end the process; the database is unusable after one.
    connection.on("error", (error) => {
      this.#broken ??= error;
    });
  }

  /** Runs work on the session in the caller's tenant state, after everything asked for before it. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const wanted = this.wall ? currentTenant() : null;
    return this.#lock.run(async () => {
      await this.#enter(wanted);
      return work();
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (config or text, values) in one body
  query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return this.run(() => (this.#connection.query as (...a: any[]) => Promise<unknown>)(...args));
  }

  /** A statement straight into node-postgres's queue, skipping the lock: the readiness ping reads nothing. */
  queryAtOnce(text: string): Promise<pg.QueryResult> {
    if (this.#broken) return Promise.reject(this.#broken);
    return this.#connection.query(text);
  }

  /** Runs statements (several in one text without values) in the caller's state; its callers are unscoped. */
  async execute(text: string, values?: unknown[]) {
    return lastResult(
      (await this.run(() =>
        values && values.length > 0 ? this.#connection.query(text, values) : this.#connection.query(text),
      )) as pg.QueryResult | pg.QueryResult[],
    );
  }

  /**
   * The connection for a transaction: nothing else runs on it until it is released. drizzle sends
   * `begin` before its `try`, so a `begin` that fails is never released by it: the checkout releases
   * itself then. A release that leaves the session in a transaction (a failed rollback) rolls it back
   * first, so the next caller starts outside one.
   */
  connect(): Promise<EmbeddedCheckout> {
    const wanted = this.wall ? currentTenant() : null;
    return new Promise<EmbeddedCheckout>((resolve, reject) => {
      void this.#lock.run(async () => {
        try {
          await this.#enter(wanted);
        } catch (error) {
          reject(error);
          return;
        }
        await new Promise<void>((released) => {
          let open = true;
          let first = true;
          const release = () => {
            if (!open) return;
            open = false;
            if (this.#status === "I" || this.#broken) released();
            else
              this.#connection.query("rollback").then(
                () => released(),
                () => released(),
              );
          };
          // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, as above
          const query = (...args: any[]) => {
            // biome-ignore lint/suspicious/noExplicitAny: as above
            const answer = (this.#connection.query as (...a: any[]) => Promise<unknown>)(...args);
            if (first) {
              first = false;
              answer.catch(release);
            }
            return answer;
          };
          resolve({ query: query as pg.Client["query"], release });
        });
      });
    });
  }

  async #enter(wanted: string | null): Promise<void> {
    if (this.#broken) throw this.#broken;
    if (this.#state === wanted) return;
    await this.#connection.query(sessionStateSql(wanted));
    this.#state = wanted;
  }
}

async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
  fromTemplate?: boolean;
}): Promise<Database> {
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    if (!options.loadDataDir && options.fromTemplate !== false) copyPgliteTemplate(options.dataDir);
    mkdirSync(options.dataDir, { recursive: true });
  }
  const [
    client,
    { default: pg },
    { drizzle: drizzleNodePg },
    { migrate: migrateNodePg },
    { createPgConfig },
  ] = await Promise.all([
    PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } }),
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
    import("@electric-sql/pglite/node-postgres"),
  ]);
  const config = createPgConfig(client);
  // pg hands a query's `types` (drizzle's type parsers, an object) to the connection's Parse message;
  // PGlite's serializer takes it for a list of parameter types and throws on an object, after pg has
  // queued the query, which leaves the client stuck. Parameter types are never given here.
  const parse = config.connection.parse.bind(config.connection);
  config.connection.parse = (query: { types?: unknown }) =>
    parse(Array.isArray(query.types) ? query : { ...query, types: undefined });
  const connection = new pg.Client(config as unknown as pg.ClientConfig);
  const pool = new EmbeddedPool(connection, config.connection);
  await connection.connect();
  const db = drizzleNodePg({ client: pool as unknown as pg.Pool });
  const detectWall = async () => {
    const { rows } = await pool.execute(TENANT_WALL_SQL);
    pool.wall = rows[0]?.up === true;
  };
  await detectWall();
  return {
    db: db as unknown as Db,
    engine: "pglite",
    get tenantWall() {
      return pool.wall;
    },
    async migrate() {
      await migrateNodePg(db, { migrationsFolder: migrationsDir });
      await runUnscoped(() => installJobSchema((text) => pool.execute(text)));
      await detectWall();
    },
    async ping() {
      await pool.queryAtOnce("select 1");
    },
    executeSql: (text, values) => runUnscoped(() => pool.execute(text, values)),
    async close() {
      if (client.closed) return;
      // After the statements asked for before it; a checkout never released does not hold it up for long.
      await withTimeout(
        pool.run(() => connection.end()),
        CLOSE_WAIT_MS,
        "the embedded database was busy at close",
      ).catch(() => undefined);
      await client.close();
    },
    // Through the lock: PGlite's own calls must not meet the adapter's messages.
    dumpDataDir: () => pool.run(() => client.dumpDataDir("none")),
  };
}
