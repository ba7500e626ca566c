import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "~server/lib/paths";
import { productionBuildIsFresh } from "../../scripts/build-stamp.mjs";

/** Builds the production bundle when it is missing or older than the sources, as `npm start` does. */
export function ensureProductionBuild() {
  if (!productionBuildIsFresh(projectRoot))
    execFileSync(process.execPath, [join(projectRoot, "scripts/build.mjs")], {
      cwd: projectRoot,
      stdio: "inherit",
    });
}

/** Vitest global setup of the process tests (they start their own servers from the build). */
export default function setup() {
  ensureProductionBuild();
}
