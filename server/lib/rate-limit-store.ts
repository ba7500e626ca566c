import { createRequire } from "node:module";
import type { Redis as RedisClient } from "ioredis";

// Loaded when first needed, not at start-up: most installations never use it (cold start, issue 7).
const require = createRequire(import.meta.url);

/** One counted attempt: how many in the current window, and when the window ends. */
export interface Hit {
  count: number;
  resetAt: number;
}

/** Counts attempts per key in fixed windows. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current window's count without counting (0 when none). */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** In-process counters: right for one instance. Expired windows are swept as keys are hit. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, Hit>();
  let lastSweep = now();
  return {
    async hit(key, windowMs) {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.resetAt > now() ? window.count : 0;
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counters in Redis, shared by every instance: INCR plus an expiry set on the first hit. */
export function redisRateLimitStore(url: string): RateLimitStore {
  const { Redis } = require("ioredis") as { Redis: typeof RedisClient };
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs) {
      const name = `rl:${key}`;
      const result = await redis.multi().incr(name).pexpire(name, windowMs, "NX").pttl(name).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
