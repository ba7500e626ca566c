import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "~server/lib/paths";
import { freePort } from "../../tests/support/server-process";

/** A production server started by the benchmark, with how long it took to serve its first page. */
export interface StartedServer {
  url: string;
  /** From spawning `node build/node/main.js` to the first 200 HTML response of `/`. */
  coldStartMs: number;
  /** The server's own start-up phases in ms (its "ready" log line), when it logs at info level. */
  phases?: string;
  stop(): Promise<void>;
}

const POLL_MS = 20;

/**
 * Spawns the built server on the embedded database in `dataDir` and polls `/` until it answers
 * 200 with HTML: what a person opening the site right after a (re)start would wait for. An empty
 * data directory includes migrating and seeding the demo school.
 */
export async function startTimedServer(
  dataDir: string,
  { timeoutMs = 180_000, logLevel = "warn" }: { timeoutMs?: number; logLevel?: string } = {},
): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, "build/node/main.js")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: logLevel,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "bench-admin-password",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let coldStartMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/`, { headers: { accept: "text/html" } });
      await response.arrayBuffer();
      if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")) {
        coldStartMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`server did not serve / within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  const ready = output
    .split("\n")
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; startupMs?: Record<string, number> };
      } catch {
        return undefined;
      }
    })
    .find((entry) => entry?.msg === "ready");
  const phases = ready?.startupMs
    ? Object.entries(ready.startupMs)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)}`)
        .join(", ")
    : undefined;

  return {
    url,
    coldStartMs,
    phases,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
