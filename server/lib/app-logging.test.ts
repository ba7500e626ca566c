import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyServerOptions } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { appLogging } from "./app-logging";
import { lazyRequestLoggerFactory } from "./lazy-request-logger";
import { OneLineRequestLog } from "./request-log";

type Line = Record<string, unknown>;

/** An app as server/app.ts makes it: before (Fastify given the logger at every level) or with appLogging. */
async function answers(level: string, setup: "fastify-logger" | "app-logging", url: string) {
  const lines: Line[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  const logging =
    setup === "app-logging"
      ? appLogging({ level, stream }, level)
      : { logger: { level, stream }, childLoggerFactory: lazyRequestLoggerFactory };
  const app = Fastify({
    logger: logging.logger,
    childLoggerFactory: logging.childLoggerFactory,
    requestIdHeader: "x-request-id",
    logController: new OneLineRequestLog({ requestIdLogLabel: "requestId" }),
  } as FastifyServerOptions);
  if ("log" in logging && logging.log) app.log = logging.log;
  const listeners: number[] = [];
  app.get("/ok", async (request, reply) => {
    listeners.push(reply.raw.listenerCount("finish"));
    request.log.warn({ step: 1 }, "careful");
    return { ok: true };
  });
  app.get("/broken", async () => {
    throw new Error("boom");
  });
  await app.register(async (plugin) => {
    plugin.log.warn("a plugin's line");
  });
  await app.ready();
  app.log.error({ part: "start" }, "an app line");
  const response = await app.inject({ url, headers: { host: "school.test", "x-request-id": "r-1" } });
  await app.close();
  // The time differs between runs; everything else is compared.
  const written = lines.map(({ time: _time, ...line }) => line);
  return { written, status: response.statusCode, listeners, hasFastifyLogger: logging.logger !== false };
}

describe("appLogging", () => {
  it("above info gives Fastify no logger and writes exactly what Fastify's logger wrote", async () => {
    for (const level of ["warn", "error"]) {
      for (const url of ["/ok", "/broken"]) {
        const before = await answers(level, "fastify-logger", url);
        const after = await answers(level, "app-logging", url);
        expect(after.hasFastifyLogger).toBe(false);
        expect(after.status).toBe(before.status);
        expect(after.written).toEqual(before.written);
      }
    }
  });

  it("at warn, a 500 logs its error with the request id and the request", async () => {
    const { written, status } = await answers("warn", "app-logging", "/broken");
    expect(status).toBe(500);
    expect(written.map((line) => line.msg)).toEqual(["a plugin's line", "an app line", "boom"]);
    expect(written[2]).toMatchObject({
      level: 50,
      requestId: "r-1",
      err: { message: "boom", type: "Error" },
      req: { method: "GET", url: "/broken", host: "school.test" },
      res: { statusCode: 500 },
    });
    expect(written[1]).toMatchObject({ level: 50, part: "start" });
  });

  it("at warn, nothing times the response: no listener of Fastify's on it", async () => {
    const before = await answers("warn", "fastify-logger", "/ok");
    const after = await answers("warn", "app-logging", "/ok");
    expect(after.listeners[0]).toBe((before.listeners[0] ?? 0) - 1);
    expect(after.written.map((line) => line.msg)).toEqual(["a plugin's line", "an app line", "careful"]);
    expect(after.written[2]).toMatchObject({ level: 40, requestId: "r-1", step: 1 });
  });

  it("at info keeps Fastify's logger and its access line", async () => {
    const { written, hasFastifyLogger } = await answers("info", "app-logging", "/ok");
    expect(hasFastifyLogger).toBe(true);
    expect(written.map((line) => line.msg)).toContain("request completed");
    expect(written.find((line) => line.msg === "request completed")).toMatchObject({
      requestId: "r-1",
      req: { url: "/ok" },
      res: { statusCode: 200 },
    });
    const before = await answers("info", "fastify-logger", "/ok");
    expect(written.map((line) => line.msg)).toEqual(before.written.map((line) => line.msg));
  });

  it("logs nothing when told not to log (tests)", () => {
    expect(appLogging(false, "warn")).toEqual({
      logger: false,
      childLoggerFactory: lazyRequestLoggerFactory,
    });
  });

  it("takes the environment's level when no logger options are given", () => {
    expect(appLogging(undefined, "debug").logger).toEqual({ level: "debug" });
    const quiet = appLogging(undefined, "silent");
    expect(quiet.logger).toBe(false);
    expect(quiet.log?.level).toBe("silent");
  });

  it("above info writes to the logger's file, as Fastify's logger would", async () => {
    const dir = mkdtempSync(join(tmpdir(), "app-logging-"));
    try {
      const file = join(dir, "server.log");
      const logging = appLogging({ level: "warn", file } as FastifyServerOptions["logger"], "warn");
      expect(logging.logger).toBe(false);
      logging.log?.warn({ part: "file" }, "to the file");
      // pino's destination opens the file asynchronously and writes once it is open.
      const line = await vi.waitFor(() => JSON.parse(readFileSync(file, "utf8").trim()) as Line, {
        timeout: 10_000,
      });
      expect(line).toMatchObject({ level: 40, part: "file", msg: "to the file" });
      expect(() =>
        appLogging({ level: "warn", file, stream: process.stdout } as FastifyServerOptions["logger"], "warn"),
      ).toThrow("The logger takes a stream or a file, not both.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
