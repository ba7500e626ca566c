import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazyRequestLoggerFactory } from "./lazy-request-logger";
import { OneLineRequestLog } from "./request-log";

async function logLines(level: string, routeLogLevel?: "debug") {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    childLoggerFactory: lazyRequestLoggerFactory,
    logController: new OneLineRequestLog({ requestIdLogLabel: "requestId" }),
  });
  app.get("/work", { logLevel: routeLogLevel }, async (request) => {
    request.log.debug("a detail");
    request.log.info({ step: 1 }, "working");
    request.log.warn({ step: 2 }, "careful");
    request.log.child({ part: "inner" }).error("inner trouble");
    return { level: request.log.level };
  });
  await app.ready();
  const response = await app.inject({ url: "/work", headers: { "x-request-id": "r1" } });
  await app.close();
  return { lines: lines.filter((line) => line.requestId), body: response.json() };
}

describe("lazyRequestLoggerFactory", () => {
  it("writes only what reaches the level, with the request id, as the real child would", async () => {
    const { lines, body } = await logLines("warn");
    expect(body).toEqual({ level: "warn" });
    expect(lines.map((line) => line.msg)).toEqual(["careful", "inner trouble"]);
    expect(lines[0]).toMatchObject({ level: 40, step: 2 });
    expect(lines[1]).toMatchObject({ level: 50, part: "inner" });
    for (const line of lines) expect(line.requestId).toEqual(lines[0]?.requestId);
  });

  it("at info writes the request's lines and the access line", async () => {
    const { lines } = await logLines("info");
    expect(lines.map((line) => line.msg)).toEqual([
      "working",
      "careful",
      "inner trouble",
      "request completed",
    ]);
    expect(lines[0]).toMatchObject({ level: 30, step: 1 });
  });

  it("keeps a route's own level", async () => {
    const { lines, body } = await logLines("info", "debug");
    expect(body).toEqual({ level: "debug" });
    expect(lines[0]?.msg).toBe("a detail");
  });
});
