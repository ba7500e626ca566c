import { createServer } from "vite";
import { readEnvOrExit, startServer } from "./server";

/** `npm run dev`: the same server with Vite's dev middleware (hot reload for the React app). */
const env = readEnvOrExit({
  NODE_ENV: "development",
  ...(process.env.LOG_LEVEL ? {} : { LOG_LEVEL: "info" }),
});
if (env.WEB_CONCURRENCY > 1) {
  console.warn("WEB_CONCURRENCY is for npm start: npm run dev serves from one process (hot reload)");
}
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
await startServer(env, { mode: "development", vite });
