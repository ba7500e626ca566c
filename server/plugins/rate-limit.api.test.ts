import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../tests/support/golden-database";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
import { memoryRateLimitStore, redisRateLimitStore } from "../lib/rate-limit-store";
import { ruleFor } from "./rate-limit";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("rate limits", () => {
  it("covers the API and the pages' form posts, including React Router's .data posts", () => {
    expect(ruleFor("POST", "/api/customer/login")?.name).toBe("sign-in");
    expect(ruleFor("POST", "/customer-signin.data?redirectTo=%2F")?.name).toBe("sign-in");
    expect(ruleFor("PUT", "/api/customer/reset-password")?.name).toBe("reset-password");
    expect(ruleFor("POST", "/user/reset-password/abc.data")?.name).toBe("reset-password");
    expect(ruleFor("GET", "/customer-signin")).toBeUndefined();
  });

  it("locks an account after 10 failed sign-ins, even with the right password, and names the wait", async () => {
    const attempt = (password: string, ip = "203.0.113.7") =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        remoteAddress: ip,
        payload: { email: TEST_ADMIN.email, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong-password-123")).statusCode).toBe(401);
    const locked = await attempt(TEST_ADMIN.password, "203.0.113.8");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("does not count successful sign-ins against the account", async () => {
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/customer/login",
        remoteAddress: "198.51.100.20",
        payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it("limits forgot-password per account to 5 an hour, answering 429 and sending nothing more", async () => {
    const ask = () =>
      t.app.inject({
        method: "PUT",
        url: "/api/customer/forget-password",
        remoteAddress: "198.51.100.30",
        payload: { email: "someone-rate-limited@example.com" },
      });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it("limits sign-ups per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/customer/register",
        remoteAddress: "192.0.2.44",
        payload: { name: "" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 50).every((status) => status === 400)).toBe(true);
    expect(statuses[50]).toBe(429);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/customer/register",
      remoteAddress: "192.0.2.45",
      payload: { name: "" },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe("rate limit stores", () => {
  it("counts per key in fixed windows in memory", async () => {
    let now = 1_000;
    const store = memoryRateLimitStore(() => now);
    expect((await store.hit("k", 100)).count).toBe(1);
    expect((await store.hit("k", 100)).count).toBe(2);
    expect(await store.peek("k")).toBe(2);
    now += 101;
    expect(await store.peek("k")).toBe(0);
    expect((await store.hit("k", 100)).count).toBe(1);
  });

  it.runIf(process.env.TEST_REDIS_URL)("shares counts between instances through Redis", async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const a = redisRateLimitStore(url);
    const b = redisRateLimitStore(url);
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      expect((await a.hit(key, 10_000)).count).toBe(1);
      expect((await b.hit(key, 10_000)).count).toBe(2);
      expect(await a.peek(key)).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
