import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "~server/lib/paths";
import { STAMP_FILE, sourceFingerprint } from "../../scripts/build-stamp.mjs";

/** Builds the production bundle when it is missing or older than the sources, as `npm start` does. */
export function ensureProductionBuild() {
  const stamp = join(projectRoot, STAMP_FILE);
  const fresh =
    existsSync(join(projectRoot, "build/node/main.js")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === sourceFingerprint(projectRoot);
  if (!fresh)
    execFileSync(process.execPath, [join(projectRoot, "scripts/build.mjs")], {
      cwd: projectRoot,
      stdio: "inherit",
    });
}
