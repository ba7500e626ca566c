import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabase } from "../../tests/support/postgres-url";
import { type Database, openDatabase } from "./client";

/**
 * The turn gate in place (decision 013, "Eleventh pass" and "After review"): the PostgreSQL pool's
 * answers pass it, a transaction's statements and the readiness ping do not. The gate's own rules:
 * turn-gate.test.ts; the HTTP server telling it about the connections it accepts: server.api.test.ts.
 */
const config = inject("database");

/** `ms` of work on the thread after an answer, as mapping rows and writing a reply are. */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a request's work is
  }
}

/** Counts the event loop's turns (its check phases) from now until `stop()`. */
function loopTurns() {
  let count = 0;
  let running = true;
  const turn = () => {
    count++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    get count() {
      return count;
    },
    stop() {
      running = false;
    },
  };
}

/**
 * The queries take this long in PostgreSQL (seconds), so no answer comes before the loop is held
 * (a poll may run between sending the queries and the hold; PostgreSQL answers `select 1` faster).
 */
const SLEEP_S = 0.05;
/**
 * How long the loop is held from just after the queries are sent, so that every answer has come
 * before the next poll and that one poll reads them all (as a busy server's poll does): generous, for
 * a loaded two-core machine.
 */
const HOLD_MS = 300;

/**
 * `count` pool queries sent at once, whose answers one poll reads together; `then()` runs when an
 * answer gets through, and `afterMs` of work follows it. Resolves with the loop turn each answer got
 * through in, in the order they got through.
 */
async function answersReadTogether(
  database: Database,
  count: number,
  afterMs: number,
  then: () => void = () => undefined,
): Promise<number[]> {
  const loop = loopTurns();
  const turns: number[] = [];
  const answers = Array.from({ length: count }, (_, i) =>
    database.db.execute(sql`select pg_sleep(${SLEEP_S}), ${i}::int as n`).then(() => {
      turns.push(loop.count);
      then();
      work(afterMs);
    }),
  );
  // The queries are written by the ticks and microtasks that follow (the pool's connections are open
  // and idle); the loop is held in the next check phase until every answer is in.
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      work(HOLD_MS);
      resolve();
    }),
  );
  await Promise.all(answers);
  loop.stop();
  return turns;
}

describe.runIf(config.engine === "postgres")("PostgreSQL's answers and the turn gate", () => {
  const POOL_SIZE = 16;
  let name = "";
  let database: Database;

  beforeAll(async () => {
    if (config.engine !== "postgres") return;
    name = `${config.prefix}_gate_${Date.now().toString(36)}`;
    await adminQuery(config.adminUrl, `create database "${name}"`);
    database = await openDatabase({
      engine: "postgres",
      url: withDatabase(config.adminUrl, name),
      poolSize: POOL_SIZE,
    });
    // Every connection open and idle: a query is then sent in the turn it is made.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => database.db.execute(sql`select 1`)));
  });

  afterAll(async () => {
    await database?.close();
    if (config.engine === "postgres" && name)
      await adminQuery(config.adminUrl, `drop database if exists "${name}" with (force)`);
  });

  it("lets the pool's answers read in one poll through one turn at a time once a slice of work followed them", async () => {
    // 3 ms of work after each answer, a 1 ms slice: without the gate all six run in the poll that read them.
    const turns = await answersReadTogether(database, 6, 3);
    expect(turns).toHaveLength(6);
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
  });

  it("lets a transaction's statements and the readiness ping through at once, not behind the answers waiting", async () => {
    const count = 12;
    const marks: string[] = [];
    let started: Promise<unknown> = Promise.resolve();
    // 30 ms of work after each answer: the eleven behind the first wait about a third of a second in
    // all. While they wait, the ping and a transaction of two statements start and must finish first.
    const turns = await answersReadTogether(database, count, 30, () => {
      marks.push("answer");
      if (marks.length !== 1) return;
      started = Promise.all([
        database.ping().then(() => marks.push("ping")),
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await tx.execute(sql`select 2`);
          })
          .then(() => marks.push("transaction")),
      ]);
    });
    await started;
    // The answers did wait in the gate: each in a turn of its own.
    expect(new Set(turns).size).toBe(count);
    const answersAfter = (mark: string) =>
      marks.slice(marks.indexOf(mark) + 1).filter((entry) => entry === "answer").length;
    expect(answersAfter("ping"), marks.join(" ")).toBeGreaterThan(0);
    expect(answersAfter("transaction"), marks.join(" ")).toBeGreaterThan(0);
  });
});
