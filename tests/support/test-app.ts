import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "~server/app";
import { loadEnv } from "~server/config/env";
import { type Database, openDatabase } from "~server/db/client";
import { adminQuery, withDatabase } from "./postgres-url";

/**
 * A fresh copy of the migrated, seeded golden database: PGlite, or PostgreSQL under TEST_DATABASE_URL
 * (a pool of `poolSize` connections, 5 unless told).
 */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  const config = inject("database");
  if (config.engine === "pglite") {
    return openDatabase({ engine: "pglite", loadDataDir: new Blob([readFileSync(config.goldenFile)]) });
  }
  const name = `${config.prefix}_${randomBytes(4).toString("hex")}`;
  await adminQuery(config.adminUrl, `create database "${name}" template "${config.template}"`);
  const database = await openDatabase({
    engine: "postgres",
    url: withDatabase(config.adminUrl, name),
    poolSize: options.poolSize ?? 5,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(config.adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real Fastify app on its own fresh database; call close() after the test file. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date; web?: import("~server/plugins/web").WebOptions } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }),
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.web ? { web: options.web } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestInstances {
  /** The app instances, each with its own caches and cache bus. */
  apps: FastifyInstance[];
  database: Database;
  close(): Promise<void>;
}

/**
 * Several instances of the real app on one fresh database, telling one another about writes as
 * instances on one PostgreSQL server do (LISTEN/NOTIFY). The embedded database has no notifications
 * (it serves one process): under PGlite the instances share them through this process instead.
 */
export async function createTestInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<TestInstances> {
  const opened = await openTestDatabase();
  const database = opened.listen ? opened : withNotificationsInProcess(opened);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }),
      database,
      logger: false,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    database,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

/** LISTEN/NOTIFY within this process: each message reaches every listener of its channel a moment later. */
function withNotificationsInProcess(database: Database): Database {
  const listeners = new Set<{ channel: string; onMessage: (payload: string | null) => void }>();
  return {
    ...database,
    async listen(channel, onMessage) {
      const listener = { channel, onMessage };
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
    async notify(channel, payload) {
      setImmediate(() => {
        for (const listener of listeners) if (listener.channel === channel) listener.onMessage(payload);
      });
    },
  };
}
