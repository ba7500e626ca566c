import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "~server/lib/paths";
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
});
