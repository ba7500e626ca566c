import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OneLineRequestLog } from "./request-log";

async function logLines(url: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new OneLineRequestLog({ requestIdLogLabel: "requestId" }),
  });
  app.get("/ok", async () => ({ ok: true }));
  app.get("/broken", async () => {
    throw new Error("boom");
  });
  await app.ready();
  const response = await app.inject({ url, headers: { host: "school.test" } });
  await app.close();
  return { lines: lines.filter((line) => line.requestId), status: response.statusCode };
}

describe("OneLineRequestLog", () => {
  it("writes one line per answered request, with the request and the answer in it", async () => {
    const { lines, status } = await logLines("/ok?page=2");
    expect(status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/ok?page=2", host: "school.test" },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]?.responseTime).toBe("number");
  });

  it("still logs a failed request's error beside its line", async () => {
    const { lines, status } = await logLines("/broken");
    expect(status).toBe(500);
    expect(lines.map((line) => line.msg)).toEqual(["boom", "request completed"]);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: "boom" } });
  });
});
