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
    async close() {},
  };
}

export async function createCacheBus(database: Database, log: BusLog): Promise<CacheBus> {
  const { listen, notify } = database;
  if (!listen || !notify) return localCacheBus();
  const handlers = handlerList();
  const stop = await listen(CACHE_CHANNEL, (payload) => {
    if (payload === null) return handlers.emit(null, null);
    const { topic, scope } = decodeMessage(payload);
    handlers.emit(scope, topic);
  });
  return {
    publish(topic, scope) {
      // This instance at once (read-your-writes), the others when the notification arrives.
      handlers.emit(scope, topic);
      notify(CACHE_CHANNEL, encodeMessage(topic, scope)).catch((error) => {
        log.error({ err: error, topic }, "could not tell the other instances about a write");
      });
    },
    subscribe: handlers.add,
    close: stop,
  };
}
