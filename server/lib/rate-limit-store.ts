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

export interface RedisStoreOptions {
  /** Told once when Redis cannot be reached (and the limits fall back), once when it is back. */
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How long a connection attempt or a command may take before this process counts on its own. */
  timeoutMs?: number;
  /**
   * Where attempts are counted while Redis is down (default: this process's memory; a server of
   * several processes counts in its primary, server/lib/cluster-rate-limit-store.ts).
   */
  fallback?: RateLimitStore;
}

/** Redis's answer time, connection and command alike, before the counters fall back to this process. */
export const REDIS_TIMEOUT_MS = 200;
/** How long one background connection attempt may take. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The longest wait between two reconnection attempts while Redis is down. */
const REDIS_RETRY_MAX_MS = 2_000;

/**
 * Counters in Redis, shared by every instance: INCR plus an expiry set on the first hit.
 *
 * Redis is optional and may be down: then sign-in, sign-up and password resets must still answer
 * at once, limited per process. A command is never queued while Redis is unreachable and never
 * waits longer than `timeoutMs`; the attempt is then counted by this process's own counters
 * (logged once), and the client keeps reconnecting in the background, so the shared counters are
 * used again as soon as Redis answers (logged once too). Counts made meanwhile stay per process.
 */
export function redisRateLimitStore(url: string, options: RedisStoreOptions = {}): RateLimitStore {
  const { Redis } = require("ioredis") as { Redis: typeof RedisClient };
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const redis = new Redis(url, {
    // A connection attempt runs in the background (requests wait at most timeoutMs for it, in
    // ready() below): it may take longer on a busy machine without anyone waiting.
    connectTimeout: Math.max(timeoutMs, CONNECT_TIMEOUT_MS),
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, REDIS_RETRY_MAX_MS),
  });
  const local = options.fallback ?? memoryRateLimitStore();
  let down = false;
  const fellBack = (error: unknown) => {
    if (down) return;
    down = true;
    options.log?.warn(
      { err: error },
      options.fallback
        ? "Redis cannot be reached: rate limits are counted by this server alone until it is back"
        : "Redis cannot be reached: rate limits are counted per process until it is back",
    );
  };
  // ioredis reports every failed reconnection as an 'error' event; the first one is enough.
  redis.on("error", fellBack);
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    options.log?.info({}, "Redis is back: rate limits are shared again");
  });
  /** Ready, or (not known to be down) ready within the timeout: the first requests after start. */
  const ready = async (): Promise<boolean> => {
    if (redis.status === "ready") return true;
    if (down || redis.status === "end") return false;
    let timer: NodeJS.Timeout | undefined;
    const waited = await new Promise<boolean>((resolve) => {
      const onReady = () => resolve(true);
      redis.once("ready", onReady);
      timer = setTimeout(() => {
        redis.removeListener("ready", onReady);
        resolve(false);
      }, timeoutMs);
    });
    clearTimeout(timer);
    return waited;
  };
  const shared = async <T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (!(await ready())) {
      fellBack(new Error(`Redis is ${redis.status}`));
      return fallback();
    }
    try {
      return await work();
    } catch (error) {
      fellBack(error);
      return fallback();
    }
  };
  return {
    hit(key, windowMs) {
      return shared(
        async () => {
          const name = `rl:${key}`;
          const result = await redis.multi().incr(name).pexpire(name, windowMs, "NX").pttl(name).exec();
          const count = Number(result?.[0]?.[1] ?? 1);
          const ttl = Number(result?.[2]?.[1] ?? windowMs);
          return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
        },
        () => local.hit(key, windowMs),
      );
    },
    peek(key) {
      return shared(
        async () => Number((await redis.get(`rl:${key}`)) ?? 0),
        () => local.peek(key),
      );
    },
    async close() {
      redis.disconnect();
      await local.close();
    },
  };
}
