import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";

/** The probes a load balancer uses; the whole stop under traffic: tests/process/server-lifecycle.test.ts. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("/readyz while draining", () => {
  it("is ready, then 503 with every answer closing its connection while the instance drains", async () => {
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe("close");

    t.app.draining = true;
    try {
      const draining = await t.app.inject({ url: "/readyz" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ message: "This instance is shutting down.", code: "SHUTTING_DOWN" });
      expect(draining.headers.connection).toBe("close");
      // Requests still sent on open connections are answered, and close them.
      const page = await t.app.inject({ url: "/api/categories" });
      expect(page.statusCode).toBe(200);
      expect(page.headers.connection).toBe("close");
      expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });
});
