import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { adminQuery, withDatabase } from "./postgres-url";

export type Engine = "pglite" | "postgres";

/**
 * A process test on both database engines: the embedded one always, PostgreSQL when
 * TEST_DATABASE_URL is set (a throwaway database per run). `run` gets the engine and the
 * environment for the server processes (a fresh DATA_DIR, and DATABASE_URL on PostgreSQL).
 */
export function onBothEngines(
  subject: string,
  behaviour: string,
  run: (engine: Engine, env: Record<string, string>) => Promise<void>,
  timeoutMs: number,
) {
  const dataDirs: string[] = [];
  const tempDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "course-market-process-"));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe(`${subject} (embedded database)`, () => {
    it(behaviour, () => run("pglite", { DATA_DIR: tempDataDir() }), timeoutMs);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)(`${subject} (PostgreSQL)`, () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `cm_process_${randomBytes(4).toString("hex")}`;
    afterAll(async () => {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    });
    it(
      behaviour,
      async () => {
        await adminQuery(adminUrl, `create database "${name}"`);
        await run("postgres", { DATABASE_URL: withDatabase(adminUrl, name), DATA_DIR: tempDataDir() });
      },
      timeoutMs,
    );
  });
}
