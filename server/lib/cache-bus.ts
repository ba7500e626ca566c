import type { Database } from "../db/client";

/**
 * Tells every instance of the app that a company's cached reads are stale. On PostgreSQL the
 * message goes through LISTEN/NOTIFY, so a write on one instance empties the caches of all;
 * on the embedded database there is only one process, and the message stays in it.
 *
 * A message names what changed (`topic`: "catalog", "settings"…) so that each cache drops only on
 * the writes it is built on; see company-cache.ts.
 */
export interface CacheBus {
  /** Announces a write of `topic` for `scope` (a company id) to every instance, this one included. */
  publish(topic: string, scope: string): void;
  /**
   * Every message. `scope` null: messages may have been lost, drop everything. `topic` null: the
   * scope changed in every respect (a message from an instance that did not name topics yet).
   */
  subscribe(handler: CacheBusHandler): void;
  /**
   * Resolves when every message published so far has been handed to the other instances (sent
   * to PostgreSQL); undefined when none is on its way. An answer waits for it (app.ts), so the
   * next request sees the write whichever instance or process it reaches.
   */
  sent(): Promise<void> | undefined;
  close(): Promise<void>;
}

export type CacheBusHandler = (scope: string | null, topic: string | null) => void;

export const CACHE_CHANNEL = "course_market_cache";

interface BusLog {
  error(obj: object, msg: string): void;
}

/** The notification payload: "topic:scope" (company ids hold no colon). */
export function encodeMessage(topic: string, scope: string): string {
  return `${topic}:${scope}`;
}

export function decodeMessage(payload: string): { topic: string | null; scope: string } {
  const colon = payload.indexOf(":");
  return colon < 0
    ? { topic: null, scope: payload }
    : { topic: payload.slice(0, colon), scope: payload.slice(colon + 1) };
}

function handlerList() {
  const handlers: CacheBusHandler[] = [];
  return {
    add: (handler: CacheBusHandler) => void handlers.push(handler),
    emit(scope: string | null, topic: string | null) {
      for (const handler of handlers) handler(scope, topic);
    },
  };
}

export function localCacheBus(): CacheBus {
  const handlers = handlerList();
  return {
    publish: (topic, scope) => handlers.emit(scope, topic),
    subscribe: handlers.add,
    sent: () => undefined,
    async close() {},
  };
}

export async function createCacheBus(database: Database, log: BusLog): Promise<CacheBus> {
  const { listen, notify } = database;
  if (!listen || !notify) return localCacheBus();
  const handlers = handlerList();
  /** Notifications not yet sent, and a promise of the last one (they go in order on the pool). */
  let unsent = 0;
  let last: Promise<void> = Promise.resolve();
  const stop = await listen(CACHE_CHANNEL, (payload) => {
    if (payload === null) return handlers.emit(null, null);
    const { topic, scope } = decodeMessage(payload);
    handlers.emit(scope, topic);
  });
  return {
    publish(topic, scope) {
      // This instance at once (read-your-writes), the others when the notification arrives.
      handlers.emit(scope, topic);
      unsent++;
      const sending = notify(CACHE_CHANNEL, encodeMessage(topic, scope))
        .catch((error) => {
          log.error({ err: error, topic }, "could not tell the other instances about a write");
        })
        .finally(() => unsent--);
      last = Promise.all([last, sending]).then(() => undefined);
    },
    subscribe: handlers.add,
    sent: () => (unsent === 0 ? undefined : last),
    close: stop,
  };
}
