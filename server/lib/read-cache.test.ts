import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache";

describe("ReadCache", () => {
  it("loads once and serves the cached value after", async () => {
    const cache = new ReadCache<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", "k", load)).toBe(1);
    expect(await cache.get("a", "k", load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("invalidates one scope only", async () => {
    const cache = new ReadCache<string>();
    await cache.get("a", "k", async () => "a1");
    await cache.get("b", "k", async () => "b1");
    cache.invalidate("a");
    expect(await cache.get("a", "k", async () => "a2")).toBe("a2");
    expect(await cache.get("b", "k", async () => "b2")).toBe("b1");
  });

  it("evicts the least recently used entry past its size", async () => {
    const cache = new ReadCache<string>(2);
    await cache.get("s", "1", async () => "one");
    await cache.get("s", "2", async () => "two");
    await cache.get("s", "1", async () => "fresh");
    await cache.get("s", "3", async () => "three");
    expect(await cache.get("s", "1", async () => "reloaded")).toBe("one");
    expect(await cache.get("s", "2", async () => "reloaded")).toBe("reloaded");
  });

  it("shares one load between concurrent misses", async () => {
    const cache = new ReadCache<number>();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return loads;
    };
    const values = await Promise.all([cache.get("s", "k", load), cache.get("s", "k", load)]);
    expect(values).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it("does not keep a value loaded across an invalidation of its scope", async () => {
    const cache = new ReadCache<string>();
    let release: (value: string) => void = () => undefined;
    const slow = cache.get("s", "k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate("s");
    release("before the write");
    expect(await slow).toBe("before the write");
    expect(await cache.get("s", "k", async () => "after the write")).toBe("after the write");
  });
});

describe("ReadCache.peek", () => {
  it("finds only what is kept: nothing evicted, invalidated or cleared", async () => {
    const cache = new ReadCache<string>(1);
    await cache.get("s", "a", async () => "A");
    expect(cache.peek("s", "a")).toBe("A");
    await cache.get("s", "b", async () => "B");
    expect(cache.peek("s", "a")).toBeUndefined();
    expect(cache.peek("s", "b")).toBe("B");
    cache.invalidate("s");
    expect(cache.peek("s", "b")).toBeUndefined();
    await cache.get("t", "b", async () => "T");
    cache.clear();
    expect(cache.peek("t", "b")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe("ReadCache bounded by weight", () => {
  it("evicts the least recently used entries past its weight, and never keeps one heavier than the bound", async () => {
    const cache = new ReadCache<string>(100, { maxWeight: 10, weigh: (value) => value.length });
    await cache.get("s", "1", async () => "aaaa");
    await cache.get("s", "2", async () => "bbbb");
    await cache.get("s", "1", async () => "fresh");
    await cache.get("s", "3", async () => "cccc");
    expect(cache.weight).toBe(8);
    expect(await cache.get("s", "1", async () => "reloaded")).toBe("aaaa");
    expect(await cache.get("s", "2", async () => "x")).toBe("x");
    await cache.get("s", "big", async () => "far too heavy to keep");
    expect(await cache.get("s", "big", async () => "again")).toBe("again");
    cache.invalidate("s");
    expect(cache.weight).toBe(0);
  });
});

describe("ReadCache.refresh", () => {
  it("keeps serving the old value until the new one is loaded", async () => {
    const cache = new ReadCache<string>();
    await cache.get("s", "k", async () => "old");
    let finish: (value: string) => void = () => {};
    const loading = cache.refresh("s", "k", () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek("s", "k")).toBe("old");
    // A second refresh shares the load under way.
    const again = cache.refresh("s", "k", async () => "other");
    finish("new");
    expect(await loading).toBe("new");
    expect(await again).toBe("new");
    expect(cache.peek("s", "k")).toBe("new");
  });

  it("does not keep a refresh that started before an invalidation", async () => {
    const cache = new ReadCache<string>();
    await cache.get("s", "k", async () => "old");
    let finish: (value: string) => void = () => {};
    const loading = cache.refresh("s", "k", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate("s");
    finish("stale");
    expect(await loading).toBe("stale");
    expect(cache.peek("s", "k")).toBeUndefined();
  });
});
