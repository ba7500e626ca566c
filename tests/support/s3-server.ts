import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed key pair: it checks request signatures against it. */
export const S3RVER_KEY = "S3RVER";

/**
 * A real S3-compatible server (the npm package s3rver) on a free local port with one empty bucket.
 * `env` is what the app needs to use it; `stop()` takes it down (as an unreachable store) and
 * `start()` brings it back on the same port with the same files.
 */
export async function startS3Server(bucket = "course-media") {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  await start();
  return {
    bucket,
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get env(): Record<string, string> {
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: S3RVER_KEY,
        S3_SECRET_ACCESS_KEY: S3RVER_KEY,
        S3_FORCE_PATH_STYLE: "true",
      };
    },
    start,
    async stop() {
      const current = server;
      server = undefined;
      await current?.close();
    },
    async close() {
      await this.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
