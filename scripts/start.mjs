import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { productionBuildIsFresh } from "./build-stamp.mjs";

/** `npm start`: build when the production bundle is missing or stale, then run the server in this process. */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Variables already in the environment win over the optional .env file.
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
const entry = join(root, "build/node/main.js");

if (!productionBuildIsFresh(root)) {
  console.info("building the production bundle (missing or out of date)…");
  execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(entry).href);
