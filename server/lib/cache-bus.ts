import type { Database } from "../db/client";

/**
 * Tells every instance of the app that a company's cached reads are stale. On PostgreSQL the
 * message goes through LISTEN/NOTIFY, so a write on one instance empties the caches of all;
 * on the embedded database there is only one process, and the message stays in it.
 */
export interface CacheBus {
  /** Announces a write for `scope` (a company id) to every instance, this one included. */
  publish(scope: string): void;
  /** `scope` null: messages may have been lost, drop everything. */
  subscribe(handler: (scope: string | null) => void): void;
  close(): Promise<void>;
}

export const CACHE_CHANNEL = "course_market_cache";

interface BusLog {
  error(obj: object, msg: string): void;
}

export function localCacheBus(): CacheBus {
  const handlers: ((scope: string | null) => void)[] = [];
  return {
    publish(scope) {
      for (const handler of handlers) handler(scope);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {},
  };
}

export async function createCacheBus(database: Database, log: BusLog): Promise<CacheBus> {
  const { listen, notify } = database;
  if (!listen || !notify) return localCacheBus();
  const handlers: ((scope: string | null) => void)[] = [];
  const emit = (scope: string | null) => {
    for (const handler of handlers) handler(scope);
  };
  const stop = await listen(CACHE_CHANNEL, emit);
  return {
    publish(scope) {
      // This instance at once (read-your-writes), the others when the notification arrives.
      emit(scope);
      notify(CACHE_CHANNEL, scope).catch((error) => {
        log.error({ err: error }, "could not tell the other instances about a catalogue write");
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    close: stop,
  };
}
