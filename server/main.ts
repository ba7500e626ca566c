import { readEnvOrExit, startServer } from "./server";

/** Production entry point (bundled to build/node/main.js and run by `npm start`). */
const env = readEnvOrExit({ NODE_ENV: process.env.NODE_ENV ?? "production" });
startServer(env, { mode: "production" }).catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
