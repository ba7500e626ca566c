import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";

export interface Row {
  engine: "postgres" | "embedded";
  name: string;
  connections: number;
  requestsPerSecond?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  /** req/s divided by the bare Fastify server's req/s of the same run and engine. */
  ratio?: number;
  /**
   * The server's CPU time (user and system) per answered request, in µs: unlike req/s, it hardly moves
   * when other processes share the machine, so two builds can be compared on a busy one.
   */
  cpuMicroseconds?: number;
  errors?: number;
  budget: string;
  /** The budgets this row misses, empty when it meets them all. */
  missed: string[];
  note?: string;
  /** A miss-path scenario's run: its one URL again (a hit), or random URLs with the cache on or off. */
  variant?: MissVariant;
}

/** The 100 %: a bare Fastify server (bench/lib/bare-server.mjs) in a process of its own. */
export const BARE_SCENARIO = 'bare Fastify {hello:"world"}, own process (100 %)';
/** The product's constant route, through every plugin on the request path. */
export const CONSTANT_SCENARIO = "constant route GET /api/health/baseline (every plugin)";

/**
 * What the product's plugins cost per request, per engine: the constant route's time per request
 * (1 / req/s, the server's event loop being the bottleneck) less the bare server's.
 */
export function pluginCost(rows: Row[]): { engine: Row["engine"]; share: number; microseconds: number }[] {
  return (["postgres", "embedded"] as const).flatMap((engine) => {
    const bare = rows.find((row) => row.engine === engine && row.name === BARE_SCENARIO)?.requestsPerSecond;
    const constant = rows.find(
      (row) => row.engine === engine && row.name === CONSTANT_SCENARIO,
    )?.requestsPerSecond;
    if (!bare || !constant) return [];
    return [{ engine, share: constant / bare, microseconds: Math.round(1e6 / constant - 1e6 / bare) }];
  });
}

export const MISS_VARIANTS = ["hit", "random, cache on", "random, cache off"] as const;
export type MissVariant = (typeof MISS_VARIANTS)[number];

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres?: string;
  /** The load generator, e.g. "wrk 4.1.0 (1 thread)". */
  load?: string;
  /** The machine's 1-minute load average when the run ended (other work on a shared box skews every figure). */
  loadAverage?: number;
  /** Processes of the PostgreSQL miss path's servers (BENCH_WORKERS); absent: one. */
  missPathProcesses?: number;
}

export function describeMachine(postgres?: string, load?: string): Machine {
  let cores = cpus().length;
  try {
    cores = Number(execFileSync("nproc", { encoding: "utf8" }).trim()) || cores;
  } catch {
    // nproc is missing: the count Node sees
  }
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    load,
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
  };
}

const fmt = (value: number | undefined, digits = 0) =>
  value === undefined ? "" : value.toLocaleString("en-US", { maximumFractionDigits: digits });

export function markdownTable(rows: Row[]): string {
  const lines = [
    "| Engine | Scenario | Conn. | req/s | p50 ms | p99 ms | Share of bare Fastify | CPU µs/request | Budget | Result |",
    "|---|---|--:|--:|--:|--:|--:|--:|---|---|",
  ];
  for (const row of rows) {
    const result = row.missed.length === 0 ? "pass" : `**MISSED**: ${row.missed.join("; ")}`;
    const name = row.note ? `${row.name} (${row.note})` : row.name;
    lines.push(
      `| ${row.engine} | ${name} | ${row.connections} | ${fmt(row.requestsPerSecond)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ${row.ratio === undefined ? "" : `${fmt(row.ratio * 100)} %`} | ${fmt(row.cpuMicroseconds, 1)} | ${row.budget} | ${result} |`,
    );
  }
  return lines.join("\n");
}

/** The miss-path scenarios, one line per engine and scenario: hit, random with the cache, random without it. */
export function markdownMissTable(rows: Row[]): string {
  const lines = [
    "| Engine | Scenario | Conn. | Hit: req/s, p50, p99 ms | Random, cache on | Random, cache off | Budget (cache off) | Result |",
    "|---|---|--:|--:|--:|--:|---|---|",
  ];
  const figures = (row: Row | undefined) =>
    row?.requestsPerSecond === undefined
      ? ""
      : `${fmt(row.requestsPerSecond)}, ${fmt(row.p50, 1)}, ${fmt(row.p99, 1)}`;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.engine}\u0000${row.name}`;
    if (!row.variant || seen.has(key)) continue;
    seen.add(key);
    const runs = rows.filter(
      (other) => other.variant && other.engine === row.engine && other.name === row.name,
    );
    const of = (variant: MissVariant) => runs.find((run) => run.variant === variant);
    const missed = runs.flatMap((run) => run.missed);
    const budget = of("random, cache off")?.budget ?? "";
    const result = missed.length === 0 ? "pass" : `**MISSED**: ${missed.join("; ")}`;
    lines.push(
      `| ${row.engine} | ${row.name} | ${row.connections} | ${figures(of("hit"))} | ${figures(of("random, cache on"))} | ${figures(of("random, cache off"))} | ${budget} | ${result} |`,
    );
  }
  return lines.join("\n");
}

export function markdownReport(rows: Row[], machine: Machine, peakRss: Record<string, number>): string {
  const memory = Object.entries(peakRss)
    .map(([engine, mib]) => `${engine} ${mib} MiB`)
    .join(", ");
  return [
    `Measured ${machine.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), ` +
      `${machine.memoryGiB} GiB, Node.js ${machine.node}${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ""}. ` +
      `Peak RSS of the server: ${memory}.${machine.load ? ` Load generator: ${machine.load}.` : ""}` +
      (machine.loadAverage === undefined ? "" : ` Load average at the end: ${machine.loadAverage}.`) +
      (machine.missPathProcesses
        ? ` The PostgreSQL miss path ran on ${machine.missPathProcesses} processes (BENCH_WORKERS); the request path on one.`
        : ""),
    "",
    "Every share is of a bare Fastify server answering a constant JSON in a process of its own (same Node.js, " +
      "same load generator, measured in the same run); the constant route is the product's own, through every " +
      "plugin on the request path." +
      pluginCost(rows)
        .map(
          (cost) =>
            ` ${cost.engine}: the plugins cost ${fmt(cost.microseconds)} µs per request (constant route ${fmt(cost.share * 100)} % of bare).`,
        )
        .join(""),
    "",
    markdownTable(rows.filter((row) => !row.variant)),
    "",
    ...(rows.some((row) => row.variant)
      ? [
          "Miss path: the same URL again (a cache hit) beside random URLs over the whole catalogue, with the " +
            "catalogue cache on and bypassed (CATALOG_CACHE=off); req/s, p50 ms, p99 ms.",
          "",
          markdownMissTable(rows),
          "",
        ]
      : []),
  ].join("\n");
}
