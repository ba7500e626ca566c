import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95?: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  /** One path, or several taken in turn. */
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadGenerator {
  name: string;
  run(options: LoadOptions): Promise<LoadResult>;
}

/**
 * wrk when it is installed (`apt-get install wrk`), else autocannon; BENCH_LOAD=autocannon|wrk
 * chooses. wrk is C: one thread of it drives the server with a fraction of a core, where
 * autocannon, parsing every answer in JavaScript, needs a whole one for a 100 KB page and becomes
 * the ceiling itself on a 2-core machine (measured: home page 2.6k req/s with autocannon at
 * 113 % CPU and the server at 53 %; 8.7k req/s with wrk at 25 % and the server at 112 %).
 */
export function loadGenerator(): LoadGenerator {
  const wanted = process.env.BENCH_LOAD;
  if (wanted && wanted !== "wrk" && wanted !== "autocannon")
    throw new Error(`BENCH_LOAD must be wrk or autocannon, not ${wanted}`);
  const wrk = wanted === "autocannon" ? undefined : wrkVersion();
  if (wanted === "wrk" && !wrk) throw new Error("BENCH_LOAD=wrk but wrk is not installed");
  return wrk ? { name: `${wrk} (1 thread)`, run: runWrk } : { name: "autocannon", run: runAutocannon };
}

function wrkVersion(): string | undefined {
  // `wrk -v` prints its version and usage (and exits 1); not installed: an ENOENT error, no output.
  const { stdout } = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  const version = /^wrk (\S+)/m.exec(stdout ?? "")?.[1];
  return version ? `wrk ${version.replace(/^debian\//, "")}` : undefined;
}

/** Closed-loop load with autocannon: `connections` clients each sending the next request when the last one answered. */
async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: "GET", path })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  socketErrors: number;
  non2xx: number;
}

/** The paths taken in turn, and a JSON line with the figures when the run is done. */
function wrkScript(paths: string[]): string {
  const list = paths.map((path) => JSON.stringify(path)).join(", ");
  return `local paths = { ${list} }
local next_path = 0
${
  paths.length > 1
    ? `request = function()
  next_path = next_path % #paths + 1
  return wrk.format(nil, paths[next_path])
end`
    : `wrk.path = paths[1]`
}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

/** The same closed loop with wrk, one thread: `connections` connections, each sending its next request when the last one answered. */
async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "course-market-wrk-"));
  try {
    const script = join(dir, "load.lua");
    writeFileSync(script, wrkScript(options.paths));
    const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      "-H",
      `${name}: ${value}`,
    ]);
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        "wrk",
        // A 30 s request timeout (wrk's default is 2 s): a slow answer on a busy machine is measured, not dropped.
        [
          "-t1",
          `-c${options.connections}`,
          `-d${options.seconds}s`,
          "--timeout",
          "30s",
          "-s",
          script,
          ...headers,
          options.url,
        ],
        { encoding: "utf8" },
        (error, stdout, stderr) =>
          error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
      ),
    );
    const line = output.split("\n").find((candidate) => candidate.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const summary = JSON.parse(line) as WrkSummary;
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requestsPerSecond: Math.round(summary.requests / (summary.durationUs / 1e6)),
      p50: ms(summary.p50Us),
      p99: ms(summary.p99Us),
      requests: summary.requests,
      errors: summary.socketErrors,
      non2xx: summary.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
