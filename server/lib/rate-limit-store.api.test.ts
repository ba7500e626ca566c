import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/server-process";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
import { redisRateLimitStore } from "./rate-limit-store";

/**
 * Redis down: sign-in, sign-up and password resets still answer at once, limited per process, and
 * the shared counters are used again when Redis is back (issue 16, item 10). A private redis-server
 * on a free port is started and killed by the test.
 */
let port: number;
let server: ChildProcess | undefined;

async function startRedis(): Promise<void> {
  server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const probe = new Redis(port, "127.0.0.1", {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

async function killRedis(): Promise<void> {
  const current = server;
  server = undefined;
  if (!current || current.exitCode !== null) return;
  const exited = new Promise((done) => current.once("exit", done));
  current.kill("SIGKILL");
  await exited;
}

/** The shared counters Redis holds now. */
async function redisKeys(): Promise<string[]> {
  const client = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 0 });
  try {
    return (await client.keys("rl:*")).sort();
  } finally {
    client.disconnect();
  }
}

/** Whether Redis holds a counter for this email within a moment. */
async function sharedCount(email: string): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    if ((await redisKeys()).some((key) => key.includes(email))) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.runIf(hasRedis)("rate limits while Redis is down", () => {
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await t?.close();
    await killRedis();
  });

  afterEach(async () => {
    if (!server) await startRedis();
  });

  const failedSignIn = async (email: string) => {
    const started = Date.now();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email, password: "wrong-password" },
    });
    return { status: response.statusCode, ms: Date.now() - started };
  };

  it("answers at once from per-process counters, still limits, and shares counts again when Redis is back", async () => {
    // Counted in Redis once its connection is up (the failure is counted once the answer is sent).
    let before = false;
    for (let i = 0; i < 5 && !before; i++) {
      expect((await failedSignIn("before@example.org")).status).toBe(401);
      before = await sharedCount("before@example.org");
    }
    expect(before).toBe(true);

    await killRedis();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await failedSignIn("during@example.org"));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    // The hashing of a wrong password takes most of it; a wait for Redis would show as seconds.
    for (const answer of answers) expect(answer.ms).toBeLessThan(1_500);
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/customer/register",
      payload: {
        name: "Rosa Redis",
        email: "rosa@example.org",
        password: "long-enough-password",
        acceptTerms: true,
      },
    });
    expect(signUp.statusCode).toBe(201);

    await startRedis();
    const deadline = Date.now() + 10_000;
    let shared = false;
    while (!shared && Date.now() < deadline) {
      await failedSignIn("after@example.org");
      shared = await sharedCount("after@example.org");
    }
    expect(shared).toBe(true);
  });

  it("logs once when Redis goes away and once when it is back", async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const store = redisRateLimitStore(`redis://127.0.0.1:${port}`, {
      log: { warn: (_obj, msg) => warnings.push(msg), info: (_obj, msg) => infos.push(msg) },
    });
    try {
      const deadline = Date.now() + 5_000;
      while ((await store.peek("x")) === 0 && (await redisKeys()).length === 0 && Date.now() < deadline) {
        await store.hit("x", 60_000);
      }
      expect(warnings).toEqual([]);
      await killRedis();
      for (let i = 0; i < 5; i++) expect((await store.hit("y", 60_000)).count).toBe(i + 1);
      await sleep(500);
      expect(warnings).toHaveLength(1);
      await startRedis();
      const back = Date.now() + 10_000;
      while (infos.length === 0 && Date.now() < back) await sleep(100);
      expect(infos).toHaveLength(1);
      expect(warnings).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
