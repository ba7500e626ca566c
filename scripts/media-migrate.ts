import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createBlobStore, createDiskBlobStore } from "../server/modules/media/blob-store";
import { copyBlobs } from "../server/ops/backup";
import { readEnvOrExit } from "../server/server";

/**
 * npm run media:migrate: copies the uploaded media of DATA_DIR/media (images and lesson videos) into
 * the bucket named by S3_BUCKET, keeping their keys, so records keep working once the app runs with
 * the bucket. Files already there with the same size are skipped: it can run again after a break.
 * The disk copy is left as it is (remove it yourself once the app serves from the bucket).
 */
// Variables already in the environment win over the optional .env file, as with npm start.
if (existsSync(".env")) process.loadEnvFile(".env");
const env = readEnvOrExit();
if (!env.S3_BUCKET) {
  console.error(
    "media:migrate copies DATA_DIR/media into a bucket: set S3_BUCKET (and the other S3_* variables).",
  );
  process.exit(1);
}
const source = resolve(env.DATA_DIR, "media");
try {
  let copied = 0;
  const files = await copyBlobs(createDiskBlobStore(source), createBlobStore(env), (key) => {
    copied += 1;
    console.info(`copied ${key}`);
  });
  console.info(
    `${files} files in ${source}: ${copied} copied to bucket ${env.S3_BUCKET}, ${files - copied} already there.`,
  );
} catch (error) {
  console.error(`media:migrate failed: ${(error as Error).message}`);
  process.exit(1);
}
