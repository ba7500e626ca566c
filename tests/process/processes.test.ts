import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "~server/lib/paths";
import { drippedPost } from "../support/dripped-post";
import { adminQuery, withDatabase } from "../support/postgres-url";
import { type ServerProcess, startServerProcess } from "../support/server-process";

/**
 * WEB_CONCURRENCY=2 on PostgreSQL (docs/decisions/041-processes-per-server.md): the built server's
 * primary and its two workers, driven over fresh connections (node:cluster hands each connection to
 * the next worker), with the workers told apart by their access log lines, never by the answers.
 */

const ADMIN_PASSWORD = "processes-admin-password";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own (no keep-alive): the primary picks the worker. */
function fresh(url: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const { port } = new URL(url);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "GET",
        agent: false,
        headers: {
          connection: "close",
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The server's worker processes: the primary's children. */
function workersOf(server: ServerProcess): number[] {
  const pid = server.child.pid as number;
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
}

/** Which processes logged an answer to `path` (the access log's `request completed` lines). */
function answeredBy(server: ServerProcess, path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { msg?: string; pid?: number; req?: { url?: string } };
    if (entry.msg === "request completed" && entry.req?.url === path && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("refuses more than one process at start, saying why", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "course-market-processes-"));
    try {
      const result = spawnSync(process.execPath, [join(projectRoot, "build/node/main.js")], {
        env: { ...process.env, WEB_CONCURRENCY: "2", DATABASE_URL: "", DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        "WEB_CONCURRENCY needs DATABASE_URL: the embedded database is opened by one process only",
      );
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the built server with WEB_CONCURRENCY=2 (PostgreSQL)", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `cm_processes_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  });

  it("serves from both workers, shares writes and limits, replaces a killed worker and stops on SIGTERM", async () => {
    await adminQuery(adminUrl, `create database "${name}"`);
    const server = await startServerProcess({
      DATABASE_URL: withDatabase(adminUrl, name),
      WEB_CONCURRENCY: "2",
      ADMIN_PASSWORD,
      SHUTDOWN_DRAIN_SECONDS: "1",
    });
    try {
      // /readyz may answer a moment before the primary has logged that both workers listen.
      await until("the primary's ready line", () =>
        server.output().includes("ready: every process listens") ? true : undefined,
      );
      const output = server.output();
      // The primary migrated and seeded once; each worker only built the app.
      expect(output.match(/seeded an empty database/g)).toHaveLength(1);
      const workers = workersOf(server);
      expect(workers).toHaveLength(2);

      // Both workers answer, and nothing in an answer says which one did.
      const course = JSON.parse((await fresh(server.url, "/api/courses?limit=1")).body).courses[0] as {
        id: string;
        slug: string;
      };
      const coursePath = `/api/courses/${course.slug}`;
      for (let i = 0; i < 6; i++) {
        const answer = await fresh(server.url, coursePath);
        expect(answer.status).toBe(200);
        for (const pid of workers) {
          expect(Object.values(answer.headers).flat().join(" ")).not.toContain(String(pid));
        }
      }
      expect([...answeredBy(server, coursePath)].sort()).toEqual([...workers].sort());

      // A catalogue write through one worker is seen by the next read, whichever worker answers:
      // both had the course cached (above), the write's answer leaves after the cache bus told them.
      const signIn = await fresh(server.url, "/api/admin/login", {
        method: "POST",
        body: { email: "admin@example.com", password: ADMIN_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      const token = JSON.parse(signIn.body).token as string;
      for (const published of [false, true]) {
        const write = await fresh(server.url, `/api/admin/courses/${course.id}`, {
          method: "PATCH",
          body: { published },
          token,
        });
        expect(write.status).toBe(200);
        for (let i = 0; i < 4; i++) {
          expect(
            (await fresh(server.url, coursePath)).status,
            `read ${i} after published: ${published}`,
          ).toBe(published ? 200 : 404);
        }
      }

      // The sign-in limit (10 failures per account in 15 minutes) holds for the server, not per worker.
      const attempt = () =>
        fresh(server.url, "/api/customer/login", {
          method: "POST",
          body: { email: "someone@example.com", password: "not-the-password" },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt()).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      expect(answeredBy(server, "/api/customer/login").size).toBe(2);

      // A killed worker is replaced; the other answers meanwhile.
      const [killed, survivor] = workers as [number, number];
      process.kill(killed, "SIGKILL");
      await until("the primary to see the death", () =>
        server.output().includes("a worker process died; starting another") ? true : undefined,
      );
      // Within the restart's backoff (1 s): one worker serves everything.
      for (let i = 0; i < 10; i++) expect((await fresh(server.url, "/api/courses?limit=2")).status).toBe(200);
      await until("the replacement worker", () =>
        server.output().includes("a replacement worker listens") ? true : undefined,
      );
      const now = workersOf(server);
      expect(now).toHaveLength(2);
      expect(now).toContain(survivor);
      expect(now).not.toContain(killed);
      const replacement = now.find((pid) => pid !== survivor) as number;
      for (let i = 0; i < 6; i++) expect((await fresh(server.url, "/api/categories")).status).toBe(200);
      expect(answeredBy(server, "/api/categories")).toContain(replacement);

      // SIGTERM: every worker drains (a sign-in whose body is still on its way is answered) and
      // exits, then the primary, with 0.
      const inFlight = drippedPost(
        server.url,
        "/api/customer/login",
        {
          email: "nobody@example.com",
          password: "not-the-password",
        },
        { gapMs: 1_500, agent: false },
      );
      await sleep(200);
      const stopped = await server.stop("SIGTERM");
      expect(await inFlight).toEqual({ status: 401 });
      expect(stopped.code).toBe(0);
      expect(server.output()).toContain("every worker stopped");
      for (const pid of now) expect(() => process.kill(pid, 0), `worker ${pid} is gone`).toThrow();
    } finally {
      if (server.child.exitCode === null) await server.stop("SIGKILL");
    }
  }, 240_000);
});
