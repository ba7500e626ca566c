import { describe, expect, it } from "vitest";
import { type CacheBus, decodeMessage, encodeMessage, localCacheBus } from "./cache-bus";
import { sharedInvalidation } from "./company-cache";

function recorder(bus: CacheBus | undefined, topic: string) {
  const dropped: (string | null)[] = [];
  const invalidate = sharedInvalidation(bus, topic, (companyId) => dropped.push(companyId));
  return { dropped, invalidate };
}

describe("shared invalidation", () => {
  it("drops a company in every cache of the topic, and only of that topic", () => {
    const bus = localCacheBus();
    const settings = recorder(bus, "settings");
    const sameTopic = recorder(bus, "settings");
    const catalog = recorder(bus, "catalog");
    settings.invalidate("c1");
    expect(settings.dropped).toEqual(["c1"]);
    expect(sameTopic.dropped).toEqual(["c1"]);
    expect(catalog.dropped).toEqual([]);
  });

  it("drops everything when messages may have been lost, and a company on a message without topic", () => {
    const handlers: Parameters<CacheBus["subscribe"]>[0][] = [];
    const bus: CacheBus = {
      publish: () => {},
      subscribe: (handler) => void handlers.push(handler),
      sent: () => undefined,
      close: async () => {},
    };
    const settings = recorder(bus, "settings");
    for (const handler of handlers) handler(null, null);
    for (const handler of handlers) handler("c2", null);
    expect(settings.dropped).toEqual([null, "c2"]);
  });

  it("stays in this process without a bus", () => {
    const settings = recorder(undefined, "settings");
    settings.invalidate("c1");
    expect(settings.dropped).toEqual(["c1"]);
  });

  it("carries the topic and the company in one notification", () => {
    expect(decodeMessage(encodeMessage("settings", "c1"))).toEqual({ topic: "settings", scope: "c1" });
    expect(decodeMessage("c1")).toEqual({ topic: null, scope: "c1" });
  });
});
