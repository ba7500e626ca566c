import { Server } from "node:net";
import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { ConfigError, type Env, loadEnv } from "./config/env";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./lib/data-dir-lock";
import { startupPhases } from "./lib/startup-phases";
import type { WebOptions } from "./plugins/web";
import { seedDatabase } from "./seed/seed";

/** How long closing may take after the drain (running requests and jobs finish) before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 9_000;

/** Opens the database, migrates, seeds an empty one, and serves until SIGTERM or SIGINT. */
export async function startServer(env: Env, web: WebOptions) {
  const phases = startupPhases();
  phases.mark("modules");
  const dataDir = resolve(env.DATA_DIR);
  const unlock = env.DATABASE_URL ? () => undefined : lockDataDir(dataDir);
  const database = env.DATABASE_URL
    ? await openDatabase({ engine: "postgres", url: env.DATABASE_URL })
    : await openDatabase({ engine: "pglite", dataDir: resolve(dataDir, "db") });
  phases.mark("openDatabase");
  await database.migrate();
  phases.mark("migrate");
  const app = await buildApp({ env, database, web });
  phases.mark("buildApp");
  if (!database.tenantWall) {
    app.log.warn(
      "row-level security is off: the database user may not create or be granted the role course_market_tenant, so tenants are kept apart by the queries' company conditions only (docs/decisions/006-row-level-security.md)",
    );
  }

  const seed = await seedDatabase(database.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    blobs: app.services.blobs,
  });
  phases.mark("seed");
  if (seed.seeded) {
    app.log.info({ adminEmail: seed.adminEmail }, "seeded an empty database with the demo school");
    if (seed.generatedAdminPassword) {
      app.log.warn(
        { adminEmail: seed.adminEmail, adminPassword: seed.generatedAdminPassword },
        "generated the first admin's password: sign in at /login and change it; it is not shown again",
      );
    }
  }

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

  await app.listen({ port: env.PORT, host: env.HOST });
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
