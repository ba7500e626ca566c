import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../tests/support/test-app";
import { buildApp } from "./app";
import { loadEnv } from "./config/env";
import type { Database } from "./db/client";

type Line = Record<string, unknown>;

const opened: { app: FastifyInstance; database: Database }[] = [];

afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.close();
  }
});

/** The real app at a log level, its lines captured; a route that fails is added to it. */
async function appAt(level: string, nodeEnv: "test" | "development") {
  const lines: Line[] = [];
  const database = await openTestDatabase();
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: nodeEnv, LOG_LEVEL: level }),
    database,
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    jobs: { workers: false },
  });
  opened.push({ app, database });
  app.get("/api/test-failure", { config: { tenant: false } }, async () => {
    throw new Error("the database fell over");
  });
  await app.ready();
  return { app, lines };
}

describe("logging at warn (production)", () => {
  it("logs a 500's error with its request id, and the app's own lines", async () => {
    const { app, lines } = await appAt("warn", "test");
    app.log.warn({ part: "start" }, "a start-up warning");
    const response = await app.inject({ url: "/api/test-failure", headers: { "x-request-id": "req-500" } });
    expect(response.statusCode).toBe(500);
    expect(response.headers["x-request-id"]).toBe("req-500");
    const failed = lines.find((line) => line.msg === "request failed");
    expect(failed).toMatchObject({
      level: 50,
      requestId: "req-500",
      err: { message: "the database fell over" },
    });
    expect(lines.find((line) => line.msg === "a start-up warning")).toMatchObject({
      level: 40,
      part: "start",
    });
    expect(lines.some((line) => line.msg === "request completed")).toBe(false);
  });
});

describe("logging at info (development)", () => {
  it("writes Fastify's access line with the request id", async () => {
    const { app, lines } = await appAt("info", "development");
    const response = await app.inject({ url: "/healthz", headers: { "x-request-id": "req-info" } });
    expect(response.statusCode).toBe(200);
    expect(lines.find((line) => line.msg === "request completed")).toMatchObject({
      level: 30,
      requestId: "req-info",
      req: { method: "GET", url: "/healthz" },
      res: { statusCode: 200 },
    });
  });
});
