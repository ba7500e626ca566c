import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../tests/support/test-app";
import { TurnGate } from "./db/turn-gate";
import { listen } from "./server";

/**
 * Whether a connection was noted (`noteConnection`) at or after `since`, seen through a gate's own
 * behaviour: with its clock standing at `since` and a burst that lasts no time past a connection, a
 * gate holds back the second answer of a window only when a connection came at `since` or later.
 */
async function connectionNotedSince(since: number): Promise<boolean> {
  const gate = new TurnGate(Number.POSITIVE_INFINITY, { now: () => since, burstMs: Number.MIN_VALUE });
  void gate.pass("first");
  let through = false;
  void gate.pass("second").then(() => {
    through = true;
  });
  for (let i = 0; i < 3; i++) await Promise.resolve();
  return !through;
}

/** A request on a connection of its own (no keep-alive agent), answered. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    }).on("error", reject);
  });
}

/** The HTTP server tells the turn gates about the connections it accepts (decision 013, eleventh pass). */
describe("the HTTP server and the turn gates", () => {
  it("tells the gates about every connection it accepts", async () => {
    const t = await createTestApp();
    try {
      await listen(t.app, { PORT: 0, HOST: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      const since = performance.now();
      expect(await connectionNotedSince(since)).toBe(false);
      expect(await statusOf(`http://127.0.0.1:${port}/healthz`)).toBe(200);
      expect(await connectionNotedSince(since)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
