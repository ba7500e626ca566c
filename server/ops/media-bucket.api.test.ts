import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../../tests/support/s3-server";
import { loadEnv } from "../config/env";
import { projectRoot } from "../lib/paths";
import { createBlobStore } from "../modules/media/blob-store";
import { backupMedia, restoreMedia } from "./backup";

let s3: S3Server;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3Server("media-ops");
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs npm run media:migrate's script (asynchronously: s3rver answers from this very process). */
const migrate = (env: Record<string, string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/media-migrate.ts"],
      { cwd: projectRoot, env: { ...process.env, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const keys = async (store: ReturnType<typeof createBlobStore>) => {
  const found: string[] = [];
  for await (const key of store.list()) found.push(key);
  return found.sort();
};

describe("media in a bucket: npm run media:migrate, backup and restore", () => {
  it("copies DATA_DIR/media into the bucket, then backs the bucket up and restores it", async () => {
    const dataDir = tempDir("cm-migrate-");
    mkdirSync(join(dataDir, "media", "images", "courses"), { recursive: true });
    mkdirSync(join(dataDir, "media", "lessons"), { recursive: true });
    const image = "images/courses/0190a0a0-0000-7000-8000-000000000001.webp";
    const video = "lessons/0190a0a0-0000-7000-8000-000000000002.webm";
    writeFileSync(join(dataDir, "media", image), Buffer.alloc(1234, 1));
    writeFileSync(join(dataDir, "media", video), Buffer.alloc(70_000, 2));

    const env = { ...s3.env, DATA_DIR: dataDir };
    const first = await migrate(env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("2 files in");
    expect(first.stdout).toContain("2 copied to bucket media-ops");
    const again = await migrate(env);
    expect(again.stdout).toContain("0 copied to bucket media-ops, 2 already there");

    const bucket = createBlobStore(loadEnv(env));
    expect(await keys(bucket)).toEqual([image, video]);
    const head = await bucket.head(video);
    expect(head?.size).toBe(70_000);

    // npm run backup's media part: the bucket's objects, not the (empty) DATA_DIR/media of this host.
    const out = tempDir("cm-bucket-backup-");
    const manifest = await backupMedia({ dataDir: tempDir("cm-empty-"), bucket }, out);
    expect(manifest).toEqual({ media: true, mediaSource: "s3", mediaFiles: 2 });
    expect(readFileSync(join(out, "media", video)).length).toBe(70_000);

    // Lost from the bucket: the restore puts it back.
    await bucket.remove(video);
    expect(await keys(bucket)).toEqual([image]);
    await restoreMedia({ dataDir: tempDir("cm-restore-"), bucket }, manifest, out, "now");
    expect(await keys(bucket)).toEqual([image, video]);

    const withoutBucket = await migrate({ DATA_DIR: dataDir, S3_BUCKET: "" });
    expect(withoutBucket.status).toBe(1);
    expect(withoutBucket.stderr).toContain("set S3_BUCKET");
  }, 300_000);
});
