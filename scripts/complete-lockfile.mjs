// Adds the lockfile entries `npm install` leaves out when the registry has no build of an optional,
// platform-specific package (e.g. @rollup/rollup-win32-x64-msvc). Without them `npm ci` refuses the lockfile as
// out of sync; with them it tries each one, finds it is for another platform or absent, and skips it.
// Run after `npm install` changed package-lock.json: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`package-lock.json: added ${added} optional platform entries`);
