import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { STAMP_FILE, sourceFingerprint } from "./build-stamp.mjs";
import { checkHomeJsBudget, formatKb } from "./js-budget.mjs";
import { precompress } from "./precompress.mjs";
import { buildServiceWorker } from "./service-worker.mjs";

/** Production build: the React Router app (client + SSR bundle) and the Fastify server bundle. */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();

rmSync(join(root, "build"), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
await buildServiceWorker(root);

// The client build itself fails when a chunk holds server code (scripts/client-bundle-guard.mjs,
// a Vite plugin; the service worker is checked the same way in scripts/service-worker.mjs).

// Issue 7: the home page's JavaScript must stay within its gzip budget; a build over it fails.
const budget = checkHomeJsBudget(join(root, "build/client"));
if (!budget.ok) {
  console.error(
    `\nbuild failed: the home page loads ${formatKb(budget.total)} of JavaScript (gzip), over its budget of ${formatKb(budget.budget)}.\n${budget.report}`,
  );
  process.exit(1);
}
console.info(budget.report);

// Served as they are by the server (decision 029): compressed once here, not on every request.
const compressed = await precompress(join(root, "build/client"));
console.info(`precompressed ${compressed} client files (brotli and gzip)`);

await build({
  entryPoints: [join(root, "server/main.ts")],
  outfile: join(root, "build/node/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: join(root, "tsconfig.json"), // its `paths`: ~server/…, ~shared/…
  sourcemap: true,
  logLevel: "warning",
});

// A new, migrated embedded database: an empty DATA_DIR starts from a copy instead of PGlite's initdb.
await build({
  entryPoints: [join(root, "server/db/build-pglite-template.ts")],
  outfile: join(root, "build/node/build-pglite-template.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: join(root, "tsconfig.json"),
  logLevel: "warning",
});
execFileSync(process.execPath, [join(root, "build/node/build-pglite-template.js")], {
  cwd: root,
  stdio: "inherit",
});

mkdirSync(join(root, "build"), { recursive: true });
writeFileSync(join(root, STAMP_FILE), sourceFingerprint(root));
console.info(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
