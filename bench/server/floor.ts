/**
 * `npm run bench:floor`: what Node.js and Fastify charge a request before any of the product's own
 * code runs (issue 25, docs/decisions/036-request-path.md). In one run, with the same wrk settings as
 * `npm run bench` (one thread, 50 connections), it measures bare Fastify servers, each in its own
 * process, with one thing of the product's added at a time (bench/lib/bare-server.mjs):
 *   a  bare (the bench's 100 %: `{"hello":"world"}` from an async handler)
 *   a′ bare, answering with `reply.send` at once, as the product's constant route does
 *   b  a′ + every header line the product sends on its constant route, copied from one of its answers
 *   c0 b + an AsyncLocalStorage entered once at start and by no request (Node.js 20's async hooks on)
 *   c  b + an AsyncLocalStorage entered per request in an `onRequest` hook, as the tenant scope is
 *   d  c + every route the product's router holds (read from the product at start-up)
 *   e  d + as many no-op callback hooks as the product's plugins add (eight `onRequest`, three `onSend`)
 *   f  e + Fastify's pino logger at `warn`, the level the bench runs the product at
 * beside the product's constant route and cached list (and, with FLOOR_BASE, the same routes of a
 * second build, to compare two builds in the same run). Every server is measured in turn, round after
 * round (interleaved, so a neighbour's burst of work falls on all of them alike); a figure is the
 * median of the rounds: req/s, its share of a's, and the server's CPU time (user + system, from
 * /proc/<pid>/stat) per answered request, whose share ("CPU share": a's µs over the row's) is what the
 * req/s share would be with a core to spare for each.
 *
 * FLOOR_DATABASE=name  a PostgreSQL database with the bench's data (required; e.g. a copy:
 *                      `createdb -T bench_catalog_base name`); migrated and seeded as the bench does
 * BENCH_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 * FLOOR_ROUNDS         rounds (default 5); FLOOR_SECONDS seconds per measurement (default 3)
 * FLOOR_BASE=path      the root of a second checkout whose build/node/main.js is measured too
 * FLOOR_PATHS=a,b      more of the product's paths measured on each build (cached after the warm-up), e.g.
 *                      `/api/courses/bench-course-123,/,/single-course/bench-course-123` (the bench's
 *                      course detail, home page and course page)
 * FLOOR_VARIANTS=a,f   only these of the bare servers (default all; a, the 100 %, is always measured)
 * Results: printed, and written to bench/results/floor.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SERVER_URL, databaseUrl, migrateAndSeed } from "../lib/database";
import { loadGenerator } from "../lib/load";
import { type ServerProcess, serverCpuSeconds, startServer } from "../lib/server-process";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 5);
const SECONDS = Number(process.env.FLOOR_SECONDS ?? 3);
const CONNECTIONS = 50;
const ADMIN_PASSWORD = "bench-admin-password";
const DATABASE = process.env.FLOOR_DATABASE;
const BASE = process.env.FLOOR_BASE;
const EXTRA_PATHS = (process.env.FLOOR_PATHS ?? "").split(",").filter(Boolean);
const VARIANTS = process.env.FLOOR_VARIANTS?.split(",").filter(Boolean);
const CONSTANT_PATH = "/api/health/baseline";
const LIST_PATH = "/api/courses";
/** The product's plugins' app-level hooks, counted in decision 036 (request id, text, cookie, security, tenancy, CSRF, auth, compress; cookie, compress, security). */
const PRODUCT_HOOKS = "8,3";
/** Header lines a bare Fastify server sends itself; every other line of the product's answer is copied. */
const OWN_HEADERS = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

const log = (message: string) => console.info(`[floor] ${message}`);
const load = loadGenerator();

interface Target {
  key: string;
  name: string;
  url: string;
  path: string;
}

interface Round {
  requestsPerSecond: number;
  cpuMicroseconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function measureOnce(target: Target, seconds: number): Promise<Round> {
  const options = { url: target.url, paths: [target.path], connections: CONNECTIONS, seconds };
  const before = serverCpuSeconds(target.url);
  const result = await load.run(options);
  const after = serverCpuSeconds(target.url);
  if (result.errors > 0 || result.non2xx > 0 || result.requests === 0)
    throw new Error(
      `${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx of ${result.requests}`,
    );
  if (before === undefined || after === undefined) throw new Error(`${target.name}: no CPU time in /proc`);
  return {
    requestsPerSecond: result.requestsPerSecond,
    cpuMicroseconds: ((after - before) * 1e6) / result.requests,
  };
}

/** The header lines of the product's constant route that a bare server does not send itself. */
async function productHeaders(url: string): Promise<[string, string][]> {
  const response = await fetch(`${url}${CONSTANT_PATH}`);
  if (!response.ok) throw new Error(`${CONSTANT_PATH}: ${response.status}`);
  await response.text();
  return [...response.headers].filter(([name]) => !OWN_HEADERS.has(name));
}

async function main() {
  if (!DATABASE || !/^[a-z0-9_]+$/.test(DATABASE))
    throw new Error("FLOOR_DATABASE must name a PostgreSQL database with the bench's data (a-z, 0-9, _)");
  const url = databaseUrl(process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL, DATABASE);
  await migrateAndSeed({ engine: "postgres", url }, ADMIN_PASSWORD);
  const work = mkdtempSync(join(tmpdir(), "course-market-floor-"));
  const routesFile = join(work, "routes.json");
  const servers: ServerProcess[] = [];
  const product = async (at: string, census: boolean) => {
    const server = await startServer(
      at,
      {
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(join(work, "data-")),
        ADMIN_PASSWORD,
        ROUTE_CENSUS_FILE: routesFile,
      },
      undefined,
      census ? ["--import", join(root, "bench/lib/route-census.mjs")] : [],
    );
    servers.push(server);
    return server;
  };
  const bare = async (env: Record<string, string>) => {
    const server = await startServer(root, env, join(root, "bench/lib/bare-server.mjs"));
    servers.push(server);
    return server;
  };
  try {
    const branch = await product(root, true);
    const headers = await productHeaders(branch.url);
    const routes = JSON.parse(readFileSync(routesFile, "utf8")) as { method: string }[];
    log(
      `the product sends ${headers.length} header lines of its own: ${headers.map(([name]) => name).join(", ")}`,
    );
    log(`the product's router holds ${routes.length} routes (HEAD included)`);
    const base = BASE ? await product(BASE, false) : undefined;
    const withHeaders = { BARE_SYNC: "1", BARE_HEADERS: JSON.stringify(headers) };
    const withContext = { ...withHeaders, BARE_ASYNC_CONTEXT: "1" };
    const withRoutes = { ...withContext, BARE_ROUTES: routesFile };
    const variants: [string, string, Record<string, string>][] = [
      ["a", "bare Fastify (the bench's 100 %)", {}],
      ["a′", "a, answered with reply.send at once", { BARE_SYNC: "1" }],
      ["b", `a′ + the product's ${headers.length} header lines`, withHeaders],
      [
        "c0",
        "b + AsyncLocalStorage entered once at start, by no request",
        { ...withHeaders, BARE_ASYNC_CONTEXT: "enabled" },
      ],
      ["c", "b + AsyncLocalStorage entered per request", withContext],
      ["d", `c + the product's ${routes.length} routes`, withRoutes],
      ["e", "d + 8 onRequest and 3 onSend no-op hooks", { ...withRoutes, BARE_HOOKS: PRODUCT_HOOKS }],
      [
        "f",
        "e + Fastify's pino logger at warn",
        { ...withRoutes, BARE_HOOKS: PRODUCT_HOOKS, BARE_LOGGER: "warn" },
      ],
    ];
    const targets: Target[] = [];
    for (const [key, name, env] of variants.filter(
      ([key]) => key === "a" || !VARIANTS || VARIANTS.includes(key),
    ))
      targets.push({ key, name, url: (await bare(env)).url, path: "/" });
    const builds: [string, ServerProcess][] = base
      ? [
          ["base", base],
          ["branch", branch],
        ]
      : [["product", branch]];
    // Path by path, each build's turn right after the other's: a neighbour's burst falls on both alike.
    const productPaths: [string, string, string][] = [
      ["constant", CONSTANT_PATH, `GET ${CONSTANT_PATH}`],
      ["list", LIST_PATH, `GET ${LIST_PATH} (cached)`],
      ...EXTRA_PATHS.map((path): [string, string, string] => [path, path, `GET ${path} (cached)`]),
    ];
    for (const [suffix, path, what] of productPaths)
      for (const [label, server] of builds)
        targets.push({ key: `${label} ${suffix}`, name: `${label}: ${what}`, url: server.url, path });
    const loadBefore = loadavg();
    for (const target of targets) await measureOnce(target, 1); // warm-up (and the list's cache)
    const rounds = new Map<string, Round[]>(targets.map((target) => [target.key, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const result = await measureOnce(target, SECONDS);
        rounds.get(target.key)?.push(result);
      }
      log(`round ${round} of ${ROUNDS} done, load average ${loadavg()[0]?.toFixed(2)}`);
    }
    const loadAfter = loadavg();
    const rows = targets.map((target) => {
      const measured = rounds.get(target.key) ?? [];
      const cpu = measured.map((each) => each.cpuMicroseconds);
      return {
        key: target.key,
        name: target.name,
        requestsPerSecond: Math.round(median(measured.map((each) => each.requestsPerSecond))),
        cpuMicroseconds: Math.round(median(cpu) * 10) / 10,
        cpuRange: [Math.round(Math.min(...cpu) * 10) / 10, Math.round(Math.max(...cpu) * 10) / 10],
        cpuRounds: cpu.map((each) => Math.round(each * 10) / 10),
      };
    });
    const bareRow = rows[0] as (typeof rows)[number];
    const table = [
      "| | Server | req/s | share of a | CPU µs/request (range) | CPU share of a |",
      "|---|---|--:|--:|--:|--:|",
      ...rows.map(
        (row) =>
          `| ${row.key} | ${row.name} | ${row.requestsPerSecond.toLocaleString("en-US")} | ${Math.round((100 * row.requestsPerSecond) / bareRow.requestsPerSecond)} % | ${row.cpuMicroseconds} (${row.cpuRange[0]}–${row.cpuRange[1]}) | ${Math.round((100 * bareRow.cpuMicroseconds) / row.cpuMicroseconds)} % |`,
      ),
    ].join("\n");
    // Each round's branch figure less the base's, measured one after the other: the A/B with the noise halved.
    const paired = base
      ? productPaths.map(([suffix]) => {
          const of = (label: string) => rows.find((row) => row.key === `${label} ${suffix}`)?.cpuRounds ?? [];
          const before = of("base");
          const differences = of("branch").map((each, round) => each - (before[round] ?? 0));
          return `| ${suffix} | ${Math.round(median(differences) * 10) / 10} | ${differences.map((each) => Math.round(each * 10) / 10).join(", ")} |`;
        })
      : [];
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    const loads = `load average ${loadBefore.map((each) => each.toFixed(2)).join(" ")} before, ${loadAfter.map((each) => each.toFixed(2)).join(" ")} after`;
    console.info(
      `\n${when} UTC, Node.js ${process.version}, ${load.name}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (medians), ${loads}\n\n${table}\n${paired.length ? `\n| Path | branch − base, CPU µs/request (median) | rounds |\n|---|--:|---|\n${paired.join("\n")}\n` : ""}`,
    );
    writeFileSync(
      join(root, "bench/results/floor.json"),
      `${JSON.stringify({ when, node: process.version, load: { before: loadBefore, after: loadAfter }, headers, routes: routes.length, rows }, null, 2)}\n`,
    );
  } finally {
    for (const server of servers) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
