import type { Cluster, Worker } from "node:cluster";
import { memoryRateLimitStore, type RateLimitStore } from "./rate-limit-store";

/**
 * Rate-limit counters of a server running several processes (WEB_CONCURRENCY) without Redis: the
 * primary process keeps them, the workers count through it over cluster IPC, so a limit holds
 * for the whole server rather than once per process (docs/decisions/041-processes-per-server.md).
 */

interface CounterRequest {
  type: "rate-limit";
  id: number;
  op: "hit" | "peek";
  key: string;
  windowMs: number;
}

interface CounterAnswer {
  type: "rate-limit";
  id: number;
  count: number;
  resetAt: number;
}

const isRequest = (message: unknown): message is CounterRequest =>
  typeof message === "object" &&
  message !== null &&
  (message as CounterRequest).type === "rate-limit" &&
  typeof (message as CounterRequest).key === "string";

/** In the primary: answers every worker's counting from one set of counters. */
export function serveRateLimitCounters(cluster: Cluster, store: RateLimitStore = memoryRateLimitStore()) {
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isRequest(message)) return;
    const answer = (count: number, resetAt: number) => {
      if (worker.isConnected())
        worker.send({ type: "rate-limit", id: message.id, count, resetAt } satisfies CounterAnswer);
    };
    if (message.op === "hit")
      void store.hit(message.key, message.windowMs).then((hit) => answer(hit.count, hit.resetAt));
    else void store.peek(message.key).then((count) => answer(count, 0));
  };
  cluster.on("message", onMessage);
  return {
    async close() {
      cluster.off("message", onMessage);
      await store.close();
    },
  };
}

/** How long a worker waits for the primary's count before counting on its own. */
export const PRIMARY_TIMEOUT_MS = 500;

export interface ClusterStoreOptions {
  /** Told once when the primary does not answer (counts fall back to this process), once when it does again. */
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  timeoutMs?: number;
  /** The IPC channel to the primary (a cluster worker's own process). */
  channel?: Pick<NodeJS.Process, "send" | "on" | "off" | "connected">;
}

/**
 * In a worker: counts in the primary. Should the primary not answer within `timeoutMs` (it is
 * stuck; a primary that died ends its workers), the attempt is counted by this process alone,
 * as the Redis store does while Redis is down.
 */
export function clusterRateLimitStore(options: ClusterStoreOptions = {}): RateLimitStore {
  const channel = options.channel ?? process;
  const timeoutMs = options.timeoutMs ?? PRIMARY_TIMEOUT_MS;
  const local = memoryRateLimitStore();
  const waiting = new Map<number, (answer: CounterAnswer) => void>();
  let nextId = 1;
  let down = false;

  const onMessage = (message: unknown) => {
    const answer = message as CounterAnswer;
    if (answer?.type !== "rate-limit") return;
    waiting.get(answer.id)?.(answer);
  };
  channel.on("message", onMessage);

  const ask = (op: CounterRequest["op"], key: string, windowMs: number) =>
    new Promise<CounterAnswer | undefined>((resolve) => {
      if (!channel.connected || !channel.send) return resolve(undefined);
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(answer);
      });
      channel.send({ type: "rate-limit", id, op, key, windowMs } satisfies CounterRequest);
    });

  const answered = <T>(answer: CounterAnswer | undefined, shared: (a: CounterAnswer) => T) => {
    if (answer) {
      if (down) options.log?.info({}, "the primary process answers again: rate limits are shared again");
      down = false;
      return shared(answer);
    }
    if (!down)
      options.log?.warn(
        { timeoutMs },
        "the primary process did not answer: rate limits are counted per process until it does",
      );
    down = true;
    return undefined;
  };

  return {
    async hit(key, windowMs) {
      const answer = answered(await ask("hit", key, windowMs), (a) => ({
        count: a.count,
        resetAt: a.resetAt,
      }));
      return answer ?? local.hit(key, windowMs);
    },
    async peek(key) {
      const answer = answered(await ask("peek", key, 0), (a) => a.count);
      return answer ?? local.peek(key);
    },
    async close() {
      channel.off("message", onMessage);
      waiting.clear();
      await local.close();
    },
  };
}
