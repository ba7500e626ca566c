import cluster, { type Worker } from "node:cluster";
import { pino } from "pino";
import type { Env } from "./config/env";
import { openDatabase } from "./db/client";
import { clusterRateLimitStore, serveRateLimitCounters } from "./lib/cluster-rate-limit-store";
import { startupPhases } from "./lib/startup-phases";
import { createBlobStore } from "./modules/media/blob-store";
import type { WebOptions } from "./plugins/web";
import { type ClusterRole, seedOnce, startServer } from "./server";

/**
 * Several processes serving one port (WEB_CONCURRENCY, docs/decisions/041-processes-per-server.md).
 *
 * The primary does what must happen once (migrations, the seed), then forks the workers; each
 * worker is the whole app (server.ts) against the same PostgreSQL, and node:cluster hands each new
 * connection to one of them in turn. The primary keeps the rate-limit counters (without Redis),
 * gives the periodic sweeps to one worker, starts another worker when one dies (with a backoff),
 * and on SIGTERM or SIGINT stops every worker gracefully before it exits.
 */

/** Marks a process forked by this primary (a cluster worker of another manager runs as a single process). */
const WORKER_MARK = "COURSE_MARKET_WORKER";

/** The wait before a dead worker's replacement; doubled while replacements die soon after start. */
export const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long before dying died of something else than its start: the backoff resets. */
const STEADY_MS = 30_000;
/** How long a stop may take beyond the workers' own drain and close before they are killed. */
const STOP_MARGIN_MS = 12_000;

type ToWorker = { type: "cluster:listen" } | { type: "cluster:schedules" };
type ToPrimary = { type: "cluster:built" };

const isMessage = <T extends { type: string }>(message: unknown, type: T["type"]): message is T =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;

/** Whether this process is a worker forked by {@link startCluster}. */
export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_MARK] === "1";
}

/** In a worker: the app, started when the primary says so. */
export function startClusterWorker(env: Env, web: WebOptions) {
  let listen: () => void = () => undefined;
  const turn = new Promise<void>((resolve) => {
    listen = resolve;
  });
  let schedules: (() => void) | undefined;
  let schedulesGiven = false;
  process.on("message", (message: unknown) => {
    if (isMessage<ToWorker>(message, "cluster:listen")) listen();
    if (isMessage<ToWorker>(message, "cluster:schedules")) {
      schedulesGiven = true;
      schedules?.();
    }
  });
  const role: ClusterRole = {
    counters: (log) => clusterRateLimitStore({ log }),
    turnToListen() {
      process.send?.({ type: "cluster:built" } satisfies ToPrimary);
      return turn;
    },
    onSchedules(run) {
      schedules = run;
      if (schedulesGiven) run();
    },
  };
  return startServer(env, web, role);
}

interface WorkerState {
  startedAt: number;
  built: boolean;
  listening: boolean;
}

/**
 * In the primary: the one-time work, then `env.WEB_CONCURRENCY` workers running `exec` (the
 * server's entry file), kept running until SIGTERM or SIGINT.
 */
export async function startCluster(env: Env, exec: string): Promise<void> {
  const log = pino({ level: env.LOG_LEVEL });
  const phases = startupPhases();
  phases.mark("modules");
  if (!env.DATABASE_URL) throw new Error("several processes need DATABASE_URL (config/env.ts refuses this)");
  const database = await openDatabase({ engine: "postgres", url: env.DATABASE_URL, poolSize: 2 });
  try {
    await database.migrate();
    phases.mark("migrate");
    await seedOnce(database, env, createBlobStore(env), log);
    phases.mark("seed");
  } finally {
    await database.close();
  }

  const size = env.WEB_CONCURRENCY;
  const counters = serveRateLimitCounters(cluster);
  const states = new Map<Worker, WorkerState>();
  let started = false;
  let stopping = false;
  let schedulesHolder: Worker | undefined;
  /** Replacements that died soon after their start, in a row: the backoff's exponent. */
  let quickDeaths = 0;
  let exitCode = 0;

  cluster.setupPrimary({ exec });
  const fork = () => {
    const worker = cluster.fork({ [WORKER_MARK]: "1" });
    states.set(worker, { startedAt: Date.now(), built: false, listening: false });
    return worker;
  };

  /** The periodic sweeps run in one listening worker; given again when it dies. */
  const giveSchedules = () => {
    if (stopping || (schedulesHolder && states.has(schedulesHolder))) return;
    const next = [...states].find(([worker, state]) => state.listening && worker.isConnected())?.[0];
    schedulesHolder = next;
    next?.send({ type: "cluster:schedules" } satisfies ToWorker);
  };

  const allListen = () => {
    for (const worker of states.keys()) worker.send({ type: "cluster:listen" } satisfies ToWorker);
  };

  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage<ToPrimary>(message, "cluster:built")) return;
    const state = states.get(worker);
    if (!state) return;
    state.built = true;
    // The first workers listen together (the server is ready with all of them); a replacement at once.
    if (started) worker.send({ type: "cluster:listen" } satisfies ToWorker);
    else if ([...states.values()].every((each) => each.built)) allListen();
  });

  cluster.on("listening", (worker) => {
    const state = states.get(worker);
    if (state) state.listening = true;
    if (!started && [...states.values()].every((each) => each.listening)) {
      started = true;
      phases.mark("listen");
      log.info(
        {
          processes: size,
          url: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
          startupMs: phases.summary(),
        },
        "ready: every process listens",
      );
    } else if (started) log.info({ worker: worker.process.pid }, "a replacement worker listens");
    giveSchedules();
  });

  const finished = new Promise<void>((resolve) => {
    cluster.on("exit", (worker, code, signal) => {
      const state = states.get(worker);
      states.delete(worker);
      if (stopping) {
        // Each worker drains, closes and exits 0 on its own; anything else is a failed stop.
        if (code !== 0) exitCode = 1;
        if (states.size === 0) resolve();
        return;
      }
      if (!started) {
        log.error({ worker: worker.process.pid, code, signal }, "a worker failed to start; stopping");
        exitCode = 1;
        stop("a worker failed to start");
        if (states.size === 0) resolve();
        return;
      }
      const quick = state !== undefined && Date.now() - state.startedAt < STEADY_MS;
      quickDeaths = quick ? quickDeaths + 1 : 0;
      const delayMs = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, quickDeaths - 1), MAX_RESTART_DELAY_MS);
      log.error(
        { worker: worker.process.pid, code, signal, restartInMs: delayMs },
        "a worker process died; starting another",
      );
      if (worker === schedulesHolder) {
        schedulesHolder = undefined;
        giveSchedules();
      }
      setTimeout(() => {
        if (!stopping) fork();
      }, delayMs).unref();
    });
  });

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, processes: states.size }, "shutting down: stopping every worker");
    for (const worker of states.keys()) worker.process.kill("SIGTERM");
    const force = setTimeout(
      () => {
        log.error("the workers took too long to stop; killing them");
        for (const worker of states.keys()) worker.process.kill("SIGKILL");
        exitCode = 1;
      },
      env.SHUTDOWN_DRAIN_SECONDS * 1000 + STOP_MARGIN_MS,
    );
    force.unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < size; i++) fork();
  await finished;
  await counters.close();
  log.info({ code: exitCode }, "every worker stopped");
  log.flush();
  process.exit(exitCode);
}
