import { existsSync } from "node:fs";
import { join } from "node:path";
import { createBlobStore } from "~server/modules/media/blob-store";
import { backup } from "~server/ops/backup";
import { readEnvOrExit } from "~server/server";

/** npm run backup [folder]: a consistent backup of the database and uploaded media. */
// Variables already in the environment win over the optional .env file, as with npm start.
if (existsSync(".env")) process.loadEnvFile(".env");
const env = readEnvOrExit();
const out = process.argv[2] ?? join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
try {
  const manifest = await backup(
    {
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      bucket: env.S3_BUCKET ? createBlobStore(env) : undefined,
    },
    out,
  );
  const media =
    manifest.mediaSource === "s3"
      ? ` and the ${manifest.mediaFiles} files of bucket ${env.S3_BUCKET}`
      : manifest.media
        ? " and media"
        : "";
  console.info(`Backup of the ${manifest.engine} database${media} written to ${out}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
