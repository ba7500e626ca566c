import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { pgliteTemplateDir } from "../lib/paths";

/**
 * The embedded database's start from nothing: PGlite's initdb runs PostgreSQL's bootstrap in
 * WebAssembly and takes tens of seconds of CPU. The production build therefore creates one new,
 * migrated database (`build/pglite-template`, see scripts/build.mjs), and a server whose data
 * directory is empty starts from a copy of it: a file copy instead of initdb and the migrations.
 * Migrations still run after opening, so a template older than the code is only slower, not wrong.
 */

/** True when `dir` holds a PostgreSQL data directory (a cluster initdb made or a copy of one). */
export function isPgliteDataDir(dir: string): boolean {
  return existsSync(join(dir, "PG_VERSION"));
}

/**
 * Fills `dataDir` from the template when it is missing or empty and a template exists; returns
 * whether it did. The copy goes to a sibling folder renamed into place, so a process killed half
 * way leaves an empty data directory (initdb or the next copy takes over), never half a database.
 */
export function copyPgliteTemplate(dataDir: string, templateDir = pgliteTemplateDir): boolean {
  if (!isPgliteDataDir(templateDir)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const partial = join(dirname(dataDir), `.${process.pid}.pglite-template-copy`);
  rmSync(partial, { recursive: true, force: true });
  try {
    cpSync(templateDir, partial, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(partial, dataDir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return true;
}
