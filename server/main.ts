import { fileURLToPath } from "node:url";
import { isClusterWorker, startCluster, startClusterWorker } from "./cluster";
import { readEnvOrExit, startServer } from "./server";

/** Production entry point (bundled to build/node/main.js and run by `npm start`). */
const env = readEnvOrExit({ NODE_ENV: process.env.NODE_ENV ?? "production" });
// WEB_CONCURRENCY > 1: this process is the primary of several (server/cluster.ts), forking workers
// that run this same file.
const started = isClusterWorker()
  ? startClusterWorker(env, { mode: "production" })
  : env.WEB_CONCURRENCY > 1
    ? startCluster(env, fileURLToPath(import.meta.url))
    : startServer(env, { mode: "production" });
started.catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
