import { existsSync } from "node:fs";
import { createBlobStore } from "~server/modules/media/blob-store";
import { restore } from "~server/ops/backup";
import { readEnvOrExit } from "~server/server";

/** npm run restore <folder>: brings a backup made by npm run backup back (stop the server first). */
// Variables already in the environment win over the optional .env file, as with npm start.
if (existsSync(".env")) process.loadEnvFile(".env");
const env = readEnvOrExit();
const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run restore -- <backup folder>");
  process.exit(1);
}
try {
  const manifest = await restore(
    {
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      bucket: env.S3_BUCKET ? createBlobStore(env) : undefined,
    },
    folder,
  );
  console.info(
    `Restored the ${manifest.engine} database${manifest.media ? " and media" : ""} from ${folder}`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
