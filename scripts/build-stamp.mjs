import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Everything the production build is made from: when any of it changes, the build is stale. */
const INPUTS = [
  "app",
  "server",
  "shared",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "scripts/bundle-trim.ts",
  "scripts/path-aliases.ts",
  "scripts/client-bundle-guard.mjs",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/service-worker.mjs",
];

function* files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
      yield* files(root, join(path, name));
    }
  } else yield { path: relative(root, full), size: stat.size, mtime: stat.mtimeMs };
}

/** A fingerprint of the build inputs: paths, sizes and contents hashed. */
export function sourceFingerprint(root) {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(root, input)) {
      hash.update(`${file.path}\0${file.size}\0`);
      hash.update(readFileSync(join(root, file.path)));
    }
  }
  return hash.digest("hex");
}

export const STAMP_FILE = "build/.source-fingerprint";

/** Whether `build/` holds a production bundle made from the sources as they are now. */
export function productionBuildIsFresh(root) {
  const stamp = join(root, STAMP_FILE);
  return (
    existsSync(join(root, "build/node/main.js")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === sourceFingerprint(root)
  );
}
