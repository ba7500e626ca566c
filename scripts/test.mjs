import { execFileSync, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { productionBuildIsFresh } from "./build-stamp.mjs";

/**
 * `npm test`: the whole suite. Vitest runs projects whose files go one at a time
 * (`fileParallelism: false`: the browser tests share one server; the process tests start and kill
 * their own) only after every other project, and one such file after another. Those tests mostly
 * wait (on pages, restarts, outages), so on a 2-core machine a core sat idle for most of the run.
 * This runs three Vitest processes side by side: the browser tests streamed as they go, the unit
 * and API tests' and the process tests' reports printed whole when each finishes. The production
 * build both of the last two need is made first, once. The exit code fails when any fails.
 *
 * With arguments (`npm test -- path/to/file.test.ts`, `--project api`) it is plain `vitest run`.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(root, "node_modules/vitest/vitest.mjs");
const args = process.argv.slice(2);

/** Runs vitest with `vitestArgs`; `buffered` keeps its output until it ends. Resolves to its exit code. */
function run(vitestArgs, { buffered }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", ...vitestArgs], {
      cwd: root,
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    const stop = () => child.kill("SIGTERM");
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    child.on("close", (code, signal) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      if (buffered) {
        process.stdout.write(`\n--- ${vitestArgs.join(" ")}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (args.length > 0) {
  process.exitCode = await run(args, { buffered: false });
} else {
  if (!productionBuildIsFresh(root))
    execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  const codes = await Promise.all([
    run(["--project", "unit", "--project", "api"], { buffered: true }),
    run(["--project", "e2e"], { buffered: false }),
    run(["--project", "process"], { buffered: true }),
  ]);
  process.exitCode = Math.max(...codes);
}
