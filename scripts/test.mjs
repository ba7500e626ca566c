import { execFileSync, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { productionBuildIsFresh } from "./build-stamp.mjs";

/**
 * `npm test`: the whole suite. Vitest runs projects whose files go one at a time
 * (`fileParallelism: false`: the browser tests share one server; the process tests start and kill
 * their own) only after every other project, one such file after another. Those tests mostly wait
 * (on pages, restarts, outages), so on a 2-core machine a core sat idle for most of the run. This
 * runs the parts in two steps: the unit and API tests (two workers fill both cores); then the
 * storefront browser tests, the other browser tests (each browser run starts its own server on a
 * fresh database) and the process tests, side by side. The process tests mostly wait (on restarts,
 * outages, retries: load average under 1 when they ran alone, 4.8 of a 20-minute CI run), so beside
 * the browsers they cost little; their deadlines are generous. With the unit and API tests side by
 * side too the two cores were so oversubscribed (load average 20) that the unit and API tests took
 * 23 minutes instead of 2 and the whole run 29 instead of about 16 (2026-11-28).
 * The production build the browser and process tests need is made first, once. Every line is
 * prefixed with its part; the exit code fails when any part fails.
 *
 * With arguments (`npm test -- tests/e2e/admin`, `--project api`) it is plain `vitest run`.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(root, "node_modules/vitest/vitest.mjs");
const args = process.argv.slice(2);
const children = new Set();
/** Lines naming a failed test or file, per part: printed again at the end, where a CI log's tail shows them. */
const failures = [];
const FAILURE_LINE =
  /^\s*(?:FAIL\b|×|❯ .*\.test\.tsx?|Error: |AssertionError|Vitest caught|This error originated)/;

for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
  });

/** Runs `vitest run` with `vitestArgs`, each output line prefixed with `label`. Resolves to its exit code. */
function run(vitestArgs, label) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", ...vitestArgs], {
      cwd: root,
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    children.add(child);
    if (label)
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
          out.write(`[${label}] ${line}\n`);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
          if (FAILURE_LINE.test(line.replace(/\x1b\[[0-9;]*m/g, ""))) failures.push(`[${label}] ${line}`);
        });
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The test files under `dir`, relative to the project root. */
function testFiles(dir) {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => relative(root, join(root, dir, name)))
    .sort();
}

if (args.length > 0) {
  process.exitCode = await run(args);
} else {
  if (!productionBuildIsFresh(root))
    execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  const storefront = "tests/e2e/storefront/";
  const otherBrowserTests = testFiles("tests/e2e").filter((file) => !file.startsWith(storefront));
  // Every part runs whatever an earlier one gave, so the end names every failure.
  const unitApi = await run(
    ["--project", "unit", "--project", "api", "--project", "api-mocking"],
    "unit+api",
  );
  const [processes, ...browsers] = await Promise.all([
    run(["--project", "process"], "process"),
    run(["--project", "e2e", storefront], "e2e storefront"),
    run(["--project", "e2e", ...otherBrowserTests], "e2e admin"),
  ]);
  const codes = [unitApi, processes, ...browsers];
  process.exitCode = Math.max(...codes);
  const parts = ["unit+api", "process", "e2e storefront", "e2e admin"];
  process.stdout.write(
    `\n--- npm test: ${codes
      .map((code, i) => `${parts[i]} ${code === 0 ? "passed" : `FAILED (${code})`}`)
      .join(", ")}\n`,
  );
  if (failures.length > 0) process.stdout.write(`--- what failed:\n${failures.slice(0, 200).join("\n")}\n`);
}
