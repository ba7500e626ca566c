import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "~server/lib/paths";
import { drippedPost } from "../support/dripped-post";
import { adminQuery, withDatabase } from "../support/postgres-url";
import { freePort, startServerProcess } from "../support/server-process";

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "course-market-life-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One request over `agent` (keep-alive): its status and its Connection header. */
function call(agent: Agent, port: string, method: string, path: string) {
  return new Promise<{ status: number; connection: string | undefined }>((done, fail) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path, agent }, (response) => {
      response.resume();
      response.on("end", () =>
        done({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    });
    request.on("error", fail);
    request.end();
  });
}

async function courseLinks(url: string): Promise<string[]> {
  const html = await (await fetch(`${url}/`)).text();
  return [...new Set(html.match(/href="\/single-course\/[^"]+"/g) ?? [])];
}

async function totalCourses(url: string): Promise<number> {
  return ((await (await fetch(`${url}/api/courses?limit=1`)).json()) as { totalDoc: number }).totalDoc;
}

function runs(engine: "pglite" | "postgres") {
  return async (env: Record<string, string>) => {
    const first = await startServerProcess(env);
    expect((await (await fetch(`${first.url}/readyz`)).json()).database).toBe(engine);
    expect((await courseLinks(first.url)).length).toBeGreaterThanOrEqual(6);
    const courses = await totalCourses(first.url);
    expect(first.output()).toContain("seeded an empty database");
    expect(first.output().match(/generated the first admin's password/g)).toHaveLength(1);
    const stopped = await first.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);

    const second = await startServerProcess(env);
    expect(await totalCourses(second.url)).toBe(courses);
    expect(second.output()).not.toContain("seeded an empty database");
    expect(second.output()).not.toContain("generated the first admin's password");
    const interrupted = await second.stop("SIGINT");
    expect(interrupted.code).toBe(0);
  };
}

describe("the built server on the embedded database", () => {
  it("serves the seeded storefront, shuts down cleanly and keeps its data across restarts", async () => {
    await runs("pglite")({ DATA_DIR: tempDataDir() });
  });

  it("drains on SIGTERM: /readyz 503 on open connections, then finishes a request in flight without a reset", async () => {
    const server = await startServerProcess({ DATA_DIR: tempDataDir(), SHUTDOWN_DRAIN_SECONDS: "2" });
    const { port } = new URL(server.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await call(agent, port, "GET", "/readyz")).status).toBe(200);
      // A sign-in whose body is still on its way when the stop begins.
      const inFlight = drippedPost(
        server.url,
        "/api/customer/login",
        { email: "nobody@example.com", password: "not-the-password" },
        { gapMs: 3_000 },
      );
      await sleep(200);
      const stopped = server.stop("SIGTERM");
      await sleep(500);
      const readyz = await call(agent, port, "GET", "/readyz");
      expect(readyz.status).toBe(503);
      expect(readyz.connection).toBe("close");
      expect(await inFlight).toEqual({ status: 401 });
      expect((await stopped).code).toBe(0);
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) await server.stop("SIGKILL");
    }
  });

  it("refuses a second server on the same DATA_DIR", async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: "a-long-password" });
    try {
      const second = spawnSync(process.execPath, [join(projectRoot, "build/node/main.js")], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain("is in use by another server");
    } finally {
      await server.stop();
    }
  });

  it("exits with a clear message naming each bad variable", () => {
    const result = spawnSync(process.execPath, [join(projectRoot, "build/node/main.js")], {
      env: { ...process.env, PORT: "eighty", DATABASE_URL: "mysql://db", DATA_DIR: tempDataDir() },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a whole number between 1 and 65535 (got "eighty")');
    expect(result.stderr).toContain("DATABASE_URL must be a URL starting with postgres:// or postgresql://");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the built server on PostgreSQL (DATABASE_URL)", () => {
  it("serves the seeded storefront, shuts down cleanly and keeps its data across restarts", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `cm_life_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `create database "${name}"`);
    try {
      await runs("postgres")({ DATABASE_URL: withDatabase(adminUrl, name), DATA_DIR: tempDataDir() });
    } finally {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    }
  });
  it("survives losing its database connections mid-traffic: /readyz 503 while unreachable, 200 again after", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `cm_loss_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const server = await startServerProcess({
      DATABASE_URL: withDatabase(adminUrl, name),
      DATA_DIR: tempDataDir(),
    });
    const terminate = async () =>
      (
        await adminQuery(
          adminUrl,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        )
      ).rowCount ?? 0;
    const status = (path: string) =>
      fetch(`${server.url}${path}`).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
    const eventually = async (path: string, wanted: number) => {
      const deadline = Date.now() + 60_000;
      let last = 0;
      while (Date.now() < deadline) {
        last = await status(path);
        if (last === wanted) return last;
        await sleep(100);
      }
      return last;
    };
    try {
      // Light traffic: pages, API reads and the readiness probe, while the job queue polls.
      let running = true;
      const traffic = (async () => {
        while (running) {
          await Promise.all([
            status("/"),
            status("/api/courses?limit=2"),
            status("/api/categories"),
            status("/readyz"),
          ]);
          await sleep(20);
        }
      })();
      for (let round = 0; round < 3; round++) {
        await sleep(400);
        // The traffic reconnects on its own; on a loaded machine that can take more than 400 ms.
        let terminated = await terminate();
        for (const deadline = Date.now() + 30_000; terminated === 0 && Date.now() < deadline; ) {
          await sleep(100);
          terminated = await terminate();
        }
        expect(terminated, `round ${round}: connections terminated`).toBeGreaterThan(0);
      }
      // Unreachable: no new connection is allowed, every existing one is cut.
      await adminQuery(adminUrl, `alter database "${name}" with allow_connections false`);
      await terminate();
      expect(await eventually("/readyz", 503)).toBe(503);
      expect(server.child.exitCode).toBeNull();
      await adminQuery(adminUrl, `alter database "${name}" with allow_connections true`);
      expect(await eventually("/readyz", 200)).toBe(200);
      running = false;
      await traffic;

      expect(server.child.exitCode).toBeNull();
      for (const path of ["/", "/api/courses?limit=2", "/api/categories"])
        expect(await status(path), path).toBe(200);
      expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    } finally {
      await server.stop();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    }
  });
});
