import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "../db/client";
import { lockDataDir } from "../lib/data-dir-lock";

const run = promisify(execFile);

export interface BackupTarget {
  /** DATA_DIR: the embedded database lives in DATA_DIR/db, uploaded media in DATA_DIR/media. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  database: string;
  media: boolean;
}

const MANIFEST = "manifest.json";

/**
 * Writes a consistent backup into a new folder `out`: the database (a PGlite data-dir archive taken
 * with the data directory locked, or `pg_dump --format=custom`, which reads one snapshot) plus the
 * uploaded media files.
 */
export async function backup(target: BackupTarget, out: string): Promise<BackupManifest> {
  const folder = resolve(out);
  if (existsSync(folder)) throw new Error(`${folder} already exists: choose a new folder for the backup.`);
  mkdirSync(folder, { recursive: true });
  try {
    let manifest: BackupManifest;
    if (target.databaseUrl) {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--file",
        join(folder, "database.pgdump"),
        target.databaseUrl,
      ]);
      manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        engine: "postgres",
        database: "database.pgdump",
        media: false,
      };
    } else {
      const unlock = lockDataDir(resolve(target.dataDir));
      try {
        const database = await openDatabase({
          engine: "pglite",
          dataDir: join(resolve(target.dataDir), "db"),
        });
        try {
          const dump = await database.dumpDataDir!();
          writeFileSync(join(folder, "database.tar"), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await database.close();
        }
      } finally {
        unlock();
      }
      manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        engine: "pglite",
        database: "database.tar",
        media: false,
      };
    }
    const media = join(resolve(target.dataDir), "media");
    if (existsSync(media)) {
      cpSync(media, join(folder, "media"), { recursive: true });
      manifest.media = true;
    }
    writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

export function readManifest(folder: string): BackupManifest {
  const file = join(resolve(folder), MANIFEST);
  if (!existsSync(file)) throw new Error(`${folder} is not a backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Backup format ${String(manifest.format)} is not supported.`);
  return manifest;
}

/**
 * Brings a backup back. The embedded database is replaced while the data directory is locked (the
 * server must be stopped); the previous one is kept beside it as db.before-restore-<time>.
 * PostgreSQL is restored with `pg_restore --clean`, replacing the objects of the backup.
 */
export async function restore(target: BackupTarget, folder: string): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const source = resolve(folder);
  const dataDir = resolve(target.dataDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  if (manifest.engine === "postgres") {
    if (!target.databaseUrl)
      throw new Error("This backup is of a PostgreSQL database: set DATABASE_URL to restore it.");
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--dbname",
      target.databaseUrl,
      join(source, manifest.database),
    ]);
  } else {
    if (target.databaseUrl)
      throw new Error("This backup is of the embedded database: unset DATABASE_URL to restore it.");
    const unlock = lockDataDir(dataDir);
    try {
      const dbDir = join(dataDir, "db");
      if (existsSync(dbDir)) renameSync(dbDir, `${dbDir}.before-restore-${stamp}`);
      const archive = readFileSync(join(source, manifest.database));
      const database = await openDatabase({
        engine: "pglite",
        dataDir: dbDir,
        loadDataDir: new Blob([archive]),
      });
      await database.close();
    } finally {
      unlock();
    }
  }
  if (manifest.media) {
    const media = join(dataDir, "media");
    if (existsSync(media)) renameSync(media, `${media}.before-restore-${stamp}`);
    cpSync(join(source, "media"), media, { recursive: true });
  }
  return manifest;
}
