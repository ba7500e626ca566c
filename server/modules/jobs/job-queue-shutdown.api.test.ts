import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-app";
import { createJobQueue } from "./job-queue";

const quiet = { info() {}, error() {} };

describe("job queue shutdown", () => {
  it("lets a handler that outlives the grace period finish before the database is closed", async () => {
    const database = await openTestDatabase();
    const queue = createJobQueue(database, { log: quiet, pollingIntervalSeconds: 0.5 });
    const { db } = database;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    queue.define<{ companyId: string }>({
      name: "slow-shutdown-test",
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handler() {
        started();
        // Longer than pg-boss's grace (at least 1 s), shorter than twice it; then it uses the database.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await database.executeSql("select 1");
        finished = true;
      },
    });
    await queue.start();
    const company = (await database.executeSql("select id from companies limit 1")).rows[0] as { id: string };
    await queue.enqueue(db, "slow-shutdown-test", { companyId: company.id });
    queue.wake("slow-shutdown-test");
    await running;
    await queue.stop(1_000);
    expect(finished).toBe(true);
    // Closing now must not leave pg-boss a query on a closed pool (vitest fails on the unhandled rejection).
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it("writes nothing for a handler that outlives both waits, after the database is closed", async () => {
    const database = await openTestDatabase();
    const queue = createJobQueue(database, { log: quiet, pollingIntervalSeconds: 0.5 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finishedAfterClose = false;
    queue.define<{ companyId: string }>({
      name: "stuck-shutdown-test",
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handler() {
        started();
        // Longer than the grace and the wait after it (1 s each): like a mail to a server that hangs.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        finishedAfterClose = true;
      },
    });
    await queue.start();
    const company = (await database.executeSql("select id from companies limit 1")).rows[0] as { id: string };
    await queue.enqueue(database.db, "stuck-shutdown-test", { companyId: company.id });
    queue.wake("stuck-shutdown-test");
    await running;
    await queue.stop(1_000);
    await database.close();
    // The handler ends now; pg-boss's completion (not awaited by it) must not reach the closed pool.
    await expect.poll(() => finishedAfterClose, { timeout: 5_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
});
