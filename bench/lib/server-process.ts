import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export interface ServerProcess {
  url: string;
  pid: number;
  /** Peak resident memory so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A process and its descendants (a server of several processes, WEB_CONCURRENCY: its primary and
 * workers), from /proc; a process that has just ended is left out.
 */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
  } catch {
    // ended, or no /proc
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Peak resident memory (VmHWM) of a server's processes, summed, in MiB. */
function peakRss(pid: number): number {
  let kib = 0;
  for (const each of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${each}/status`, "utf8");
      kib += Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return Math.round(kib / 1024);
}

/** The process behind each running server's URL (for its CPU time). */
const processes = new Map<string, number>();

/** Linux's clock ticks per second (USER_HZ) for /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

/**
 * CPU time (user and system, in seconds) the server at `url` has used so far, all its processes
 * together; undefined when it is not one this module started or /proc cannot tell.
 */
export function serverCpuSeconds(url: string): number | undefined {
  const pid = processes.get(url);
  if (pid === undefined) return undefined;
  let ticks = 0;
  for (const each of processTree(pid)) {
    try {
      // The fields after the command name (which is in parentheses and may hold spaces): utime is the 14th.
      const fields = readFileSync(`/proc/${each}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      if (each === pid) return undefined;
    }
  }
  return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : undefined;
}

/**
 * Starts the production build (`build/node/main.js`), or another `script` (the bare Fastify
 * baseline, bench/lib/bare-server.mjs), as its own process and waits until its `/readyz` answers.
 */
export async function startServer(
  root: string,
  env: Record<string, string>,
  script?: string,
  extraNodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": Node flags for the product's server
  // (profiling it under load); the bare baseline runs without them.
  const nodeArgs = [
    ...(script ? [] : (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)),
    ...extraNodeArgs,
  ];
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, script ?? join(root, "build/node/main.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        ...env,
        PORT: String(port),
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server was not ready within 120 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid as number;
  processes.set(url, pid);
  let lastPeak = 0;
  return {
    url,
    pid,
    peakRssMiB() {
      lastPeak = Math.max(lastPeak, peakRss(pid));
      return lastPeak;
    },
    async stop() {
      lastPeak = Math.max(lastPeak, peakRss(pid));
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      processes.delete(url);
    },
  };
}
