import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this file both in source and in the built bundle. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsDir = resolve(projectRoot, "server/db/migrations");
export const clientBuildDir = resolve(projectRoot, "build/client");
export const serverBuildFile = resolve(projectRoot, "build/server/index.js");
/** A new, migrated embedded database made by the build, copied into an empty DATA_DIR (skips initdb). */
export const pgliteTemplateDir = resolve(projectRoot, "build/pglite-template");
export const publicDir = resolve(projectRoot, "public");
