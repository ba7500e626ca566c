import { execFile } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { openDatabase } from "../db/client";
import { TENANT_ROLE } from "../db/tenant-scope";
import { lockDataDir } from "../lib/data-dir-lock";
import { type BlobStore, createDiskBlobStore } from "../modules/media/blob-store";

const run = promisify(execFile);

export interface BackupTarget {
  /** DATA_DIR: the embedded database lives in DATA_DIR/db, uploaded media in DATA_DIR/media. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
  /** The media bucket (S3_BUCKET set): its objects are copied instead of DATA_DIR/media. */
  bucket?: BlobStore | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  database: string;
  media: boolean;
  /** Where the media came from: DATA_DIR/media, or the S3 bucket (copied object by object). */
  mediaSource?: "disk" | "s3";
  mediaFiles?: number;
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
    Object.assign(manifest, await backupMedia(target, folder));
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
    await restorePostgres(target.databaseUrl, join(source, manifest.database));
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
  await restoreMedia(target, manifest, source, stamp);
  return manifest;
}

/**
 * Before the restored tables are made: no default privileges for the tenant role. pg_restore makes
 * each table anew, and the default privileges of migration 0004 would then give the role
 * SELECT/INSERT/UPDATE/DELETE on every table, on top of the table's own grants from the backup
 * (`companies` and `company_hostnames` are read-only for it). The backup's own default privileges
 * come back at its end, so the database is left with exactly the grants its migrations made.
 */
const RESTORE_PROLOGUE_SQL = `DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}' AND pg_has_role(current_user, oid, 'MEMBER')
  ) THEN
    EXECUTE format(
      'ALTER DEFAULT PRIVILEGES IN SCHEMA %I REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM ${TENANT_ROLE}',
      current_schema()
    );
  END IF;
END
$$;
`;

/**
 * `pg_restore --clean` of a `pg_dump` into PostgreSQL, in one transaction with the prologue above
 * (pg_restore writes the SQL, psql runs it): all of it or nothing.
 */
async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "course-market-restore-"));
  try {
    const script = join(work, "restore.sql");
    const prologue = join(work, "prologue.sql");
    writeFileSync(prologue, RESTORE_PROLOGUE_SQL);
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--file", script, dump]);
    await run(
      "psql",
      ["--no-psqlrc", "--quiet", "--single-transaction", "--set", "ON_ERROR_STOP=1"].concat([
        "--file",
        prologue,
        "--file",
        script,
        "--dbname",
        databaseUrl,
      ]),
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The media part of a backup: the bucket's objects, or DATA_DIR/media, into `folder`/media. */
export async function backupMedia(
  target: BackupTarget,
  folder: string,
): Promise<Pick<BackupManifest, "media" | "mediaSource" | "mediaFiles">> {
  if (target.bucket) {
    const mediaFiles = await copyBlobs(target.bucket, createDiskBlobStore(join(folder, "media")));
    return { media: true, mediaSource: "s3", mediaFiles };
  }
  const media = join(resolve(target.dataDir), "media");
  if (!existsSync(media)) return { media: false };
  cpSync(media, join(folder, "media"), { recursive: true });
  return { media: true, mediaSource: "disk" };
}

/**
 * The media part of a restore: into the bucket when one is configured (objects added since the
 * backup stay), else DATA_DIR/media is replaced (the previous one kept beside it).
 */
export async function restoreMedia(
  target: BackupTarget,
  manifest: Pick<BackupManifest, "media">,
  source: string,
  stamp: string,
): Promise<void> {
  if (manifest.media && target.bucket) {
    // Objects of the backup go (back) into the bucket; objects added since stay.
    await copyBlobs(createDiskBlobStore(join(source, "media")), target.bucket);
  } else if (manifest.media) {
    const media = join(resolve(target.dataDir), "media");
    if (existsSync(media)) renameSync(media, `${media}.before-restore-${stamp}`);
    cpSync(join(source, "media"), media, { recursive: true });
  }
}

/**
 * Copies every file of one media store into another (a bucket into a backup folder, a folder into a
 * bucket), streamed one at a time; files the target already has with the same size are skipped.
 * Returns how many files the source has.
 */
export async function copyBlobs(
  from: BlobStore,
  to: BlobStore,
  onCopied?: (key: string) => void,
): Promise<number> {
  let files = 0;
  for await (const key of from.list()) {
    files += 1;
    const [source, existing] = await Promise.all([from.head(key), to.head(key)]);
    if (!source || (existing && existing.size === source.size)) continue;
    const body = await from.read(key);
    if (!body) continue;
    // Through a local file: the target's upload then knows its length and can be retried.
    const staging = join(tmpdir(), `course-market-copy-${process.pid}-${files}`);
    mkdirSync(dirname(staging), { recursive: true });
    await pipeline(body, createWriteStream(staging));
    await to.put(key, { file: staging }, contentTypeOf(key));
    rmSync(staging, { force: true });
    onCopied?.(key);
  }
  return files;
}

function contentTypeOf(key: string): string {
  if (key.endsWith(".webp")) return "image/webp";
  if (key.endsWith(".webm")) return "video/webm";
  if (key.endsWith(".mp4") || key.endsWith(".m4v")) return "video/mp4";
  return "application/octet-stream";
}
