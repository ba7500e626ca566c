/**
 * `npm run bench`: the server benchmark. Makes its own database on the local PostgreSQL
 * (BENCH_DATABASE_URL), fills it with set-based SQL, starts the production build as a separate
 * process, measures every route with wrk (when installed, else autocannon) as a share of a bare
 * Fastify server in a process of its own (bench/lib/bare-server.mjs, the 100 %), beside the product's
 * constant route (`/api/health/baseline`, every plugin on the request path: what they cost per request
 * is a figure of its own), checks the budgets, writes bench/results/server.{json,md} and exits 1 when
 * a budget is missed.
 *
 * The miss path (bench/server/miss.ts): random pages, courses, search words and rendered pages over
 * the whole catalogue, beside the same URL again (a hit), once with the catalogue cache on and once
 * with a second server started with CATALOG_CACHE=off; its budgets are checked on the bypassed run.
 *
 * BENCH_LOAD        wrk or autocannon (default: wrk when it is on the PATH, else autocannon)
 * BENCH_SECONDS     seconds per measurement (default 10, 3 in quick mode; a warm-up comes first)
 * BENCH_EMBEDDED=1  also run the list budget and the miss path on the embedded database (PGlite)
 * BENCH_QUICK=1     minutes, not a quarter of an hour: the full 100,000 courses but a small sales
 *                   history (the catalogue budgets hold for it), 3 s measurements after a 1 s warm-up
 *                   (and 5 s of warm-up for each fresh miss-path server, 10 s in full runs);
 *                   with BENCH_ONLY=report the full million orders (the reports' budget is for them)
 * BENCH_SIZE=small  a tenth of the data (for trying the harness itself; budgets are for the full size)
 * BENCH_ONLY=regex   only the scenarios whose name matches (the bare server and the constant route
 *                   always run); results are printed but bench/results and README.md are left alone
 * BENCH_WORKERS=n   the PostgreSQL miss path (cache on and bypassed) on a server of n processes
 *                   (WEB_CONCURRENCY=n, docs/decisions/041-processes-per-server.md; default 1); the
 *                   request path (the bare server comparison, the constant route, the budgets in % of
 *                   bare Fastify) and checkout stay on one process: their budgets compare one process
 *                   with one bare process. CPU time and peak memory are then those of all n + 1.
 * BENCH_KEEP_DATABASE=name  use (and keep) this PostgreSQL database: it is made and filled only when it does
 *                   not exist yet (migrations still run), so a second run skips the data generation;
 *                   drop it by hand (`dropdb name`) after changing the generator or the size
 * --readme          also put the table into README.md (between the bench:server markers)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STAMP_FILE, sourceFingerprint } from "../../scripts/build-stamp.mjs";
import {
  createPostgresDatabase,
  DEFAULT_SERVER_URL,
  databaseUrl,
  dropPostgresDatabase,
  migrateAndSeed,
  pgliteRunner,
  postgresDatabaseExists,
  postgresRunner,
  type RunnerHandle,
} from "../lib/database";
import { FULL_SIZE, type GenerateSize, generateData, PARTIAL_WORD, RARE_WORD } from "../lib/generate";
import { loadGenerator } from "../lib/load";
import {
  BARE_SCENARIO,
  CONSTANT_SCENARIO,
  describeMachine,
  type MissVariant,
  markdownReport,
  type Row,
} from "../lib/report";
import { type ServerProcess, serverCpuSeconds, startServer } from "../lib/server-process";
import { runCheckout } from "./checkout";
import { EMBEDDED_BUDGETS, type MissScenario, missScenarios, POSTGRES_BUDGETS } from "./miss";
import { reportScenarios } from "./reports";
import { verifyCatalogue } from "./verify";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const QUICK = process.env.BENCH_QUICK === "1";
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const WARM_UP_SECONDS = QUICK ? 1 : 3;
/**
 * A server's first seconds (the JIT compiling the request path, the pool opening its connections, each
 * PostgreSQL backend loading its caches and preparing the statements, the list positions built ahead)
 * are not what a scenario measures: the miss path warms each fresh server this long before its first
 * scenario, over the tails of every scenario's random paths (decision 013, eighth pass).
 */
const SERVER_WARM_UP_SECONDS = QUICK ? 5 : 10;
/** Courses for the checkout warm-up's bursts (as many as 3 s takes, at most this many). */
const CHECKOUT_WARM_UP_COURSES = 20;
const ADMIN_PASSWORD = "bench-admin-password";
const COMPANY = "wellspring";
const WORKERS = benchWorkers(process.env.BENCH_WORKERS);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
/** Quick runs of the report scenarios (BENCH_ONLY=report) keep the full history: their budget is for it. */
const reportsOnly = only?.test("report: sales by day, 30 days") === true && !only.test("list: first page");
const size: GenerateSize =
  process.env.BENCH_SIZE === "small"
    ? { courses: 10_000, categories: 50, lessonsPerCourse: 5, customers: 20_000, orders: 100_000 }
    : QUICK && !reportsOnly
      ? { ...FULL_SIZE, customers: 10_000, orders: 50_000 }
      : FULL_SIZE;

/** BENCH_WORKERS: a whole number of processes (default 1). */
function benchWorkers(value: string | undefined): number {
  if (!value) return 1;
  const count = /^\d+$/.test(value) ? Number(value) : 0;
  if (count < 1 || count > 64) {
    console.error(`BENCH_WORKERS must be a whole number of processes from 1 to 64 (got "${value}")`);
    process.exit(1);
  }
  return count;
}

/**
 * A database name: the bench makes it (and its data) only when it does not exist yet, and keeps it
 * at the end, so the next run (and EXPLAIN ANALYZE by hand) reuses the million orders.
 */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE || undefined;
if (KEEP_DATABASE && !/^[a-z0-9_]+$/.test(KEEP_DATABASE))
  throw new Error("BENCH_KEEP_DATABASE must be a database name of a-z, 0-9 and _");

const log = (message: string) => console.info(`[bench] ${message}`);
/**
 * CPU time (seconds) of the PostgreSQL backends connected to the bench database, from /proc (the local
 * server only), while the PostgreSQL part runs: a miss's CPU is the server's and the database's, and the
 * server's figure alone leaves out about half of it (decision 013, eighth pass). Logged beside it.
 */
let databaseCpu: (() => Promise<Map<number, number> | undefined>) | undefined;
/** CPU ticks (1/100 s) of each backend connected to the bench database, by pid. */
function backendsCpu(runner: RunnerHandle) {
  return async () => {
    const backends = await runner.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const ticks = new Map<number, number>();
    for (const { pid } of backends) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // A backend that just ended, or a server on another machine: left out.
      }
    }
    return ticks.size > 0 ? ticks : undefined;
  };
}
/**
 * Seconds of CPU the backends spent between two readings, counting only those present at both (a
 * backend that ended meanwhile would take its ticks out of the second reading; one that began
 * meanwhile has no first). Undefined when either reading is.
 */
function databaseSecondsBetween(before?: Map<number, number>, after?: Map<number, number>) {
  if (!before || !after) return undefined;
  let ticks = 0;
  for (const [pid, spent] of after) {
    const earlier = before.get(pid);
    if (earlier !== undefined) ticks += spent - earlier;
  }
  return ticks / 100;
}
const selected = (name: string) => !only || only.test(name);
const load = loadGenerator();

function ensureBuild() {
  const stamp = join(root, STAMP_FILE);
  const fresh =
    existsSync(join(root, "build/node/main.js")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === sourceFingerprint(root);
  if (fresh) return;
  log("building the production bundle (missing or out of date)…");
  execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
}

interface Scenario {
  name: string;
  paths: string[];
  connections: number;
  /** Minimum share of the baseline's (the bare Fastify server's) req/s. */
  minRatio?: number;
  /** Minimum req/s. */
  minRps?: number;
  maxP99?: number;
  headers?: Record<string, string>;
}

async function measure(
  url: string,
  scenario: Scenario,
  engine: Row["engine"],
  baseline?: number,
  variant?: MissVariant,
) {
  const options = {
    url,
    paths: scenario.paths,
    connections: scenario.connections,
    headers: scenario.headers,
  };
  // The warm-up takes the random paths from the end: the measurement starts at the first, so with the
  // cache on it does not ask again for what the warm-up just cached.
  await load.run({ ...options, paths: [...options.paths].reverse(), seconds: WARM_UP_SECONDS });
  const databaseBefore = engine === "postgres" ? await databaseCpu?.() : undefined;
  const cpuBefore = serverCpuSeconds(url);
  const result = await load.run({ ...options, seconds: SECONDS });
  const cpuAfter = serverCpuSeconds(url);
  const databaseAfter = databaseBefore === undefined ? undefined : await databaseCpu?.();
  const perRequest = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined || result.requests === 0
      ? undefined
      : Math.round(((after - before) * 1e7) / result.requests) / 10;
  const cpuMicroseconds = perRequest(cpuBefore, cpuAfter);
  const databaseMicroseconds = perRequest(0, databaseSecondsBetween(databaseBefore, databaseAfter));
  const ratio = baseline ? result.requestsPerSecond / baseline : undefined;
  const missed: string[] = [];
  const budget: string[] = [];
  if (scenario.minRatio !== undefined) {
    budget.push(`≥ ${scenario.minRatio * 100} % of bare Fastify`);
    if (ratio === undefined || ratio < scenario.minRatio)
      missed.push(
        `${scenario.name}: ${Math.round((ratio ?? 0) * 100)} % of bare Fastify < ${scenario.minRatio * 100} %`,
      );
  }
  if (scenario.minRps !== undefined) {
    budget.push(`≥ ${scenario.minRps.toLocaleString("en-US")} req/s`);
    if (result.requestsPerSecond < scenario.minRps)
      missed.push(`${scenario.name}: ${result.requestsPerSecond} req/s < ${scenario.minRps}`);
  }
  if (scenario.maxP99 !== undefined) {
    budget.push(`p99 ≤ ${scenario.maxP99} ms`);
    if (result.p99 > scenario.maxP99)
      missed.push(`${scenario.name}: p99 ${result.p99} ms > ${scenario.maxP99} ms`);
  }
  if (result.requests === 0) missed.push(`${scenario.name}: no request was answered`);
  if (result.errors > 0 || result.non2xx > 0)
    missed.push(`${scenario.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  const row: Row = {
    engine,
    name: scenario.name,
    connections: scenario.connections,
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    ratio,
    cpuMicroseconds,
    errors: result.errors + result.non2xx,
    budget: budget.join(", ") || "ceiling",
    missed,
    ...(variant ? { variant } : {}),
  };
  log(
    `${engine} ${scenario.name}${variant ? ` (${variant})` : ""}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
      (ratio === undefined ? "" : `, ${Math.round(ratio * 100)} % of bare Fastify`) +
      (cpuMicroseconds === undefined ? "" : `, CPU ${cpuMicroseconds} µs/request`) +
      (databaseMicroseconds === undefined ? "" : ` (+ PostgreSQL ${databaseMicroseconds} µs/request)`) +
      `, load average ${loadavg()[0]?.toFixed(2)}`,
  );
  return row;
}

/**
 * The miss path on a running server: `cached` true runs each scenario's one URL (a hit) and its random
 * URLs with the cache on, false its random URLs on a server started with CATALOG_CACHE=off, with the
 * budgets. Errors and non-2xx answers are always missed.
 */
async function measureMisses(
  url: string,
  scenarios: MissScenario[],
  engine: Row["engine"],
  cached: boolean,
  fresh: boolean,
): Promise<Row[]> {
  const rows: Row[] = [];
  const chosen = scenarios.filter((candidate) => selected(`miss ${candidate.name}`));
  // The tails of the random paths, taken in turn (the measurements start at their heads). Not the
  // searches': miss.ts measures them last because the queries they leave running slow what follows.
  const tails = chosen
    .filter((scenario) => !scenario.name.startsWith("search:"))
    .map((scenario) => scenario.paths.slice(-500).reverse());
  if (fresh && tails.length > 0) {
    const paths = Array.from({ length: 500 }, (_, i) =>
      tails.map((tail) => tail[i % tail.length] as string),
    ).flat();
    const started = performance.now();
    await load.run({ url, paths, connections: 50, seconds: SERVER_WARM_UP_SECONDS });
    log(`${engine} server warmed for ${Math.round((performance.now() - started) / 1000)} s (not measured)`);
  }
  for (const scenario of chosen) {
    const { name, connections } = scenario;
    if (cached) {
      rows.push(
        await measure(url, { name, connections, paths: [scenario.hitPath] }, engine, undefined, "hit"),
      );
      rows.push(
        await measure(
          url,
          { name, connections, paths: scenario.paths },
          engine,
          undefined,
          "random, cache on",
        ),
      );
    } else {
      rows.push(await measure(url, scenario, engine, undefined, "random, cache off"));
    }
  }
  return rows;
}

async function staffToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The 100 %: a bare Fastify server in a process of its own, then the product's constant route, one
 * after the other (a ratio within one run holds on a busy machine where absolute figures do not).
 */
async function measureBaselines(url: string, engine: Row["engine"]): Promise<[Row, Row]> {
  const bare = await startServer(root, {}, join(root, "bench/lib/bare-server.mjs"));
  let bareRow: Row;
  try {
    bareRow = await measure(bare.url, { name: BARE_SCENARIO, paths: ["/"], connections: 50 }, engine);
  } finally {
    await bare.stop();
  }
  const constantRow = await measure(
    url,
    { name: CONSTANT_SCENARIO, paths: ["/api/health/baseline"], connections: 50, minRatio: 0.8, maxP99: 15 },
    engine,
    bareRow.requestsPerSecond,
  );
  return [bareRow, constantRow];
}

async function prepare(runner: RunnerHandle, reused = false) {
  const started = performance.now();
  const [generated] = reused
    ? await runner.query<{ orders: number }>(
        "select count(*)::int as orders from orders where customer_email like 'bench-customer-%'",
      )
    : [];
  if (generated && generated.orders > 0) {
    if (generated.orders !== size.orders)
      throw new Error(
        `database ${KEEP_DATABASE} holds ${generated.orders} generated orders, this run's size ${size.orders}: drop it or use another name`,
      );
    log(`reusing the data of database ${KEEP_DATABASE} (BENCH_KEEP_DATABASE)`);
  } else {
    await generateData(runner, COMPANY, size, log);
    log(`data generated in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  // The checkout scenario's course and its warm-up's: 20 seats each, none sold.
  const slugs = Array.from({ length: CHECKOUT_WARM_UP_COURSES + 1 }, (_, i) => `bench-course-${42 - i}`);
  const seated = await runner.query<{ id: string; slug: string }>(
    "update courses set total_seats = 20, seats_sold = 0 where slug = any($1) returning id, slug",
    [slugs],
  );
  if (seated.length !== slugs.length) throw new Error(`a course of ${slugs.join(", ")} is missing`);
  const [course, ...warmUp] = slugs.map((slug) => seated.find((row) => row.slug === slug)!);
  return { course: course!, warmUp };
}

async function benchPostgres(serverUrl: string, rows: Row[], peakRss: Record<string, number>) {
  const name = KEEP_DATABASE ?? `course_market_bench_${process.pid}`;
  const reused = KEEP_DATABASE !== undefined && (await postgresDatabaseExists(serverUrl, name));
  if (!reused) await createPostgresDatabase(serverUrl, name);
  const url = databaseUrl(serverUrl, name);
  let server: ServerProcess | undefined;
  const runner = await postgresRunner(url);
  databaseCpu = backendsCpu(runner);
  try {
    await migrateAndSeed({ engine: "postgres", url }, ADMIN_PASSWORD);
    const checkout = await prepare(runner, reused);
    const dataDir = mkdtempSync(join(tmpdir(), "course-market-bench-"));
    server = await startServer(root, { DATABASE_URL: url, DATA_DIR: dataDir, ADMIN_PASSWORD });
    log(`server ${server.pid} ready at ${server.url}`);

    if (selected("check"))
      rows.push(...(await verifyCatalogue(server.url, runner, { rare: RARE_WORD, partial: PARTIAL_WORD })));

    const [bareRow, constantRow] = await measureBaselines(server.url, "postgres");
    rows.push(bareRow, constantRow);
    const baseline = bareRow.requestsPerSecond ?? 0;
    const list = { connections: 50, minRatio: 0.5, maxP99: 15 };
    const deepPage = Math.floor(size.courses / 20 / 2);
    const token = await staffToken(server.url);
    const scenarios: Scenario[] = [
      { name: "list: first page", paths: ["/api/courses"], ...list },
      { name: `list: page ${deepPage}`, paths: [`/api/courses?page=${deepPage}`], ...list },
      { name: "list: category", paths: ["/api/courses?category=bench-category-7"], ...list },
      ...(["price-asc", "price-desc", "date-asc", "date-desc"] as const).map((sort) => ({
        name: `list: sort ${sort}`,
        paths: [`/api/courses?sort=${sort}`],
        ...list,
      })),
      {
        name: "search: common word",
        paths: ["/api/courses?searchText=practical"],
        connections: 10,
        maxP99: 30,
      },
      {
        name: "search: common words, ranked",
        paths: ["/api/courses?searchText=creative%20music"],
        connections: 10,
        maxP99: 30,
      },
      {
        name: "search: rare word",
        paths: [`/api/courses?searchText=${RARE_WORD}`],
        connections: 10,
        maxP99: 30,
      },
      {
        name: "search: part of a word",
        paths: [`/api/courses?searchText=${PARTIAL_WORD}`],
        connections: 10,
        maxP99: 30,
      },
      { name: "course detail", paths: ["/api/courses/bench-course-123"], ...list },
      { name: "page: home /", paths: ["/"], connections: 50, minRatio: 0.35, maxP99: 15 },
      {
        name: "page: course",
        paths: ["/single-course/bench-course-123"],
        connections: 50,
        minRatio: 0.35,
        maxP99: 15,
      },
      {
        name: "dashboard API (staff)",
        paths: ["/api/admin/dashboard"],
        connections: 2,
        maxP99: 150,
        headers: { authorization: `Bearer ${token}` },
      },
      ...reportScenarios(token, Date.now(), size.orders >= FULL_SIZE.orders),
    ];
    for (const scenario of scenarios.filter((candidate) => selected(candidate.name)))
      rows.push(await measure(server.url, scenario, "postgres", baseline));
    const misses = await missScenarios(runner, COMPANY, size.courses, POSTGRES_BUDGETS);
    if (WORKERS === 1) rows.push(...(await measureMisses(server.url, misses, "postgres", true, false)));
    if (selected("checkout"))
      rows.push(
        await runCheckout(server.url, runner, checkout.course, checkout.warmUp, WARM_UP_SECONDS * 1000),
      );
    peakRss.postgres = server.peakRssMiB();
    await server.stop();
    server = undefined;
    // The miss path on BENCH_WORKERS processes: with the cache on (a server of its own), then bypassed.
    const processes: Record<string, string> = WORKERS > 1 ? { WEB_CONCURRENCY: String(WORKERS) } : {};
    const described = WORKERS > 1 ? ` (${WORKERS} processes)` : "";
    if (WORKERS > 1) {
      server = await startServer(root, {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        ...processes,
      });
      log(`server ${server.pid}${described} ready at ${server.url}`);
      rows.push(...(await measureMisses(server.url, misses, "postgres", true, true)));
      peakRss.postgres = Math.max(peakRss.postgres, server.peakRssMiB());
      await server.stop();
      server = undefined;
    }
    server = await startServer(root, {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CATALOG_CACHE: "off",
      ...processes,
    });
    log(`server ${server.pid}${described} with CATALOG_CACHE=off ready at ${server.url}`);
    rows.push(...(await measureMisses(server.url, misses, "postgres", false, true)));
    peakRss.postgres = Math.max(peakRss.postgres, server.peakRssMiB());
  } finally {
    await server?.stop();
    databaseCpu = undefined;
    await runner.close();
    if (KEEP_DATABASE) log(`database ${name} kept (BENCH_KEEP_DATABASE)`);
    else await dropPostgresDatabase(serverUrl, name);
  }
}

async function benchEmbedded(rows: Row[], peakRss: Record<string, number>) {
  const dataDir = mkdtempSync(join(tmpdir(), "course-market-bench-embedded-"));
  let server: ServerProcess | undefined;
  try {
    await migrateAndSeed({ engine: "pglite", dataDir: join(dataDir, "db") }, ADMIN_PASSWORD);
    const runner = await pgliteRunner(join(dataDir, "db"));
    let misses: MissScenario[];
    try {
      await prepare(runner);
      misses = await missScenarios(runner, COMPANY, size.courses, EMBEDDED_BUDGETS);
    } finally {
      await runner.close();
    }
    server = await startServer(root, { DATA_DIR: dataDir, ADMIN_PASSWORD });
    log(`embedded server ${server.pid} ready at ${server.url}`);
    const [bareRow, constantRow] = await measureBaselines(server.url, "embedded");
    rows.push(bareRow, constantRow);
    rows.push(
      await measure(
        server.url,
        { name: "list: first page", paths: ["/api/courses"], connections: 50, minRatio: 0.5, maxP99: 15 },
        "embedded",
        bareRow.requestsPerSecond,
      ),
    );
    rows.push(...(await measureMisses(server.url, misses, "embedded", true, false)));
    peakRss.embedded = server.peakRssMiB();
    await server.stop();
    server = undefined;
    server = await startServer(root, { DATA_DIR: dataDir, ADMIN_PASSWORD, CATALOG_CACHE: "off" });
    log(`embedded server ${server.pid} with CATALOG_CACHE=off ready at ${server.url}`);
    rows.push(...(await measureMisses(server.url, misses, "embedded", false, true)));
    peakRss.embedded = Math.max(peakRss.embedded, server.peakRssMiB());
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuild();
log(
  `load generator: ${load.name}` +
    (load.name === "autocannon"
      ? " (install wrk, e.g. apt-get install wrk: autocannon needs a whole core for the big pages)"
      : ""),
);
const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;
const rows: Row[] = [];
const peakRss: Record<string, number> = {};
let postgresVersion: string | undefined;
{
  const probe = await postgresRunner(databaseUrl(serverUrl, "postgres"));
  postgresVersion = (await probe.query<{ v: string }>("show server_version"))[0]?.v;
  await probe.close();
}
await benchPostgres(serverUrl, rows, peakRss);
if (process.env.BENCH_EMBEDDED === "1") await benchEmbedded(rows, peakRss);

const machine = {
  ...describeMachine(postgresVersion, load.name),
  ...(WORKERS > 1 ? { missPathProcesses: WORKERS } : {}),
};
const markdown = markdownReport(rows, machine, peakRss);
if (only) {
  console.info(`\n${markdown}`);
  process.exit(rows.some((row) => row.missed.length > 0) ? 1 : 0);
}
const resultsDir = join(root, "bench/results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, "server.json"),
  `${JSON.stringify({ machine, size, seconds: SECONDS, quick: QUICK, peakRssMiB: peakRss, rows }, null, 2)}\n`,
);
writeFileSync(join(resultsDir, "server.md"), markdown);
console.info(`\n${markdown}`);
if (process.argv.includes("--readme")) {
  const readme = join(root, "README.md");
  const text = readFileSync(readme, "utf8");
  const start = "<!-- bench:server:start -->";
  const end = "<!-- bench:server:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error("README.md has no bench:server markers");
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${markdown}${text.slice(to)}`);
}
const missed = rows.flatMap((row) => row.missed);
if (missed.length > 0) {
  console.error(`Budgets missed:\n- ${missed.join("\n- ")}`);
  process.exit(1);
}
console.info("Every budget met.");
