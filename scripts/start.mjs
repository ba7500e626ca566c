import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { STAMP_FILE, sourceFingerprint } from "./build-stamp.mjs";

/** `npm start`: build when the production bundle is missing or stale, then run the server in this process. */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Variables already in the environment win over the optional .env file.
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
const stamp = join(root, STAMP_FILE);
const entry = join(root, "build/node/main.js");
const fresh =
  existsSync(entry) && existsSync(stamp) && readFileSync(stamp, "utf8") === sourceFingerprint(root);

if (!fresh) {
  console.info("building the production bundle (missing or out of date)…");
  execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(entry).href);
