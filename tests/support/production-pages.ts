import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "~server/app";
import { loadEnv } from "~server/config/env";
import { type Database, openDatabase } from "~server/db/client";
import { serverBuildFile } from "~server/lib/paths";
import { seedDatabase } from "~server/seed/seed";

/** The platform's address in these tests; the default school answers on it. */
export const PLATFORM_HOST = "courses.example.org";

export interface ProductionPages {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real Fastify app rendering pages with the production build (page cache on), on a seeded
 * embedded database of its own and a temporary data folder (`name` prefixes it); `env` adds to
 * or replaces its settings (`CATALOG_CACHE: "off"` renders every page).
 */
export async function productionPages(
  name: string,
  env: Record<string, string> = {},
): Promise<ProductionPages> {
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const database = await openDatabase({ engine: "pglite" });
  await database.migrate();
  await seedDatabase(database.db, {
    adminEmail: "admin@example.com",
    adminPassword: "correct-horse-battery",
  });
  // Loaded ahead: the web plugin imports it again (from the module cache) within Fastify's plugin timeout.
  await import(/* @vite-ignore */ serverBuildFile);
  const app = await buildApp({
    env: loadEnv({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      PUBLIC_URL: `https://${PLATFORM_HOST}`,
      PLATFORM_DOMAIN: PLATFORM_HOST,
      ...env,
    }),
    database,
    logger: false,
    web: { mode: "production" },
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
