import { Server } from "node:net";
import { resolve } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp, startSchedules } from "./app";
import { ConfigError, type Env, loadEnv } from "./config/env";
import { type Database, openDatabase } from "./db/client";
import { noteConnection } from "./db/turn-gate";
import { lockDataDir } from "./lib/data-dir-lock";
import { startupPhases } from "./lib/startup-phases";
import type { BlobStore } from "./modules/media/blob-store";
import type { WebOptions } from "./plugins/web";
import { seedDatabase } from "./seed/seed";

/** How long closing may take after the drain (running requests and jobs finish) before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 9_000;

/**
 * What a worker of several processes gets from its primary (server/cluster.ts), which did the
 * one-time work (migrations, seed) before forking it.
 */
export interface ClusterRole {
  /** Where sign-in and other attempts are counted without Redis: in the primary. */
  counters: NonNullable<BuildAppOptions["counters"]>;
  /** Resolves when the primary says to listen (all first workers are built: they start together). */
  turnToListen(): Promise<void>;
  /** Calls `run` when the primary gives this worker the periodic sweeps (one worker runs them). */
  onSchedules(run: () => void): void;
}

/**
 * Opens the database, migrates, seeds an empty one, and serves until SIGTERM or SIGINT. As a
 * worker of several processes (`role`), only opens the database and serves: its primary migrated
 * and seeded, and gives the periodic sweeps to one worker.
 */
export async function startServer(env: Env, web: WebOptions, role?: ClusterRole) {
  const phases = startupPhases();
  phases.mark("modules");
  const dataDir = resolve(env.DATA_DIR);
  const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(dataDir);
  const database = env.DATABASE_URL
    ? await openDatabase({ engine: "postgres", url: env.DATABASE_URL })
    : await openDatabase({ engine: "pglite", dataDir: resolve(dataDir, "db") });
  phases.mark("openDatabase");
  if (!role) await database.migrate();
  phases.mark("migrate");
  const app = await buildApp({
    env,
    database,
    web,
    ...(role ? { jobs: { schedules: false }, counters: role.counters } : {}),
  });
  phases.mark("buildApp");
  if (!database.tenantWall) {
    app.log.warn(
      "row-level security is off: the database user may not create or be granted the role course_market_tenant, so tenants are kept apart by the queries' company conditions only (docs/decisions/006-row-level-security.md)",
    );
  }

  if (!role) await seedOnce(database, env, app.services.blobs, app.log);
  phases.mark("seed");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = env.SHUTDOWN_DRAIN_SECONDS * 1000;
    app.log.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS }, "shutting down: draining requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await drain(app, drainMs);
      await app.close();
      await database.close();
      unlock();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  if (role) {
    // The primary is gone (killed): nobody hands this worker connections or restarts it.
    process.once("disconnect", () => void shutdown("disconnect"));
    role.onSchedules(() => startSchedules(app));
    await role.turnToListen();
  }

  await listen(app, env);
  phases.mark("listen");
  app.log.info(
    {
      database: database.engine,
      url: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      startupMs: phases.summary(),
    },
    "ready",
  );
  return app;
}

/**
 * Serves on `PORT` and `HOST`, telling the turn gates about every connection the HTTP server accepts
 * (`noteConnection`): while a burst of new connections comes in, PostgreSQL's answers go through one per
 * event-loop turn, so the burst is accepted in tens of milliseconds (decision 013, eleventh pass). One
 * function, so the server cannot listen without it (server.api.test.ts).
 */
export async function listen(app: FastifyInstance, env: Pick<Env, "PORT" | "HOST">): Promise<void> {
  app.server.on("connection", noteConnection);
  await app.listen({ port: env.PORT, host: env.HOST });
}

/**
 * Seeds an empty database with the demo school and says so (with the first admin's password when
 * it was generated): once per server, by the only process or by the primary of several.
 */
export async function seedOnce(
  database: Database,
  env: Env,
  blobs: BlobStore,
  log: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<void> {
  const seed = await seedDatabase(database.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    blobs,
  });
  if (!seed.seeded) return;
  log.info({ adminEmail: seed.adminEmail }, "seeded an empty database with the demo school");
  if (seed.generatedAdminPassword) {
    log.warn(
      { adminEmail: seed.adminEmail, adminPassword: seed.generatedAdminPassword },
      "generated the first admin's password: sign in at /login and change it; it is not shown again",
    );
  }
}

/**
 * The first step of a graceful stop: no new connections, `/readyz` 503 and `Connection: close` on
 * every answer for `ms`, so a load balancer takes this instance out while the requests it still
 * sends on open connections are served. Then app.close() answers what is in flight, closes the idle
 * keep-alive connections and never resets a request being answered.
 */
async function drain(app: FastifyInstance, ms: number): Promise<void> {
  app.draining = true;
  if (ms <= 0) return;
  // net.Server's close: stop listening only. http.Server's would also close idle keep-alive
  // connections at once, before the balancer has seen the 503.
  Server.prototype.close.call(app.server);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export function readEnvOrExit(overrides: Record<string, string> = {}): Env {
  try {
    return loadEnv({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
