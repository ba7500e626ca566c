import { AsyncLocalStorage } from "node:async_hooks";
import { localizeMessage } from "./localize";

// One store for the server and the separately bundled pages (each bundle has its own copy of this
// module), found through a global symbol.
const KEY = Symbol.for("course-market.request-language");
const shared = globalThis as { [KEY]?: AsyncLocalStorage<string> };
shared[KEY] ??= new AsyncLocalStorage<string>();
const storage = shared[KEY];

/**
 * Runs a page request (loaders and actions) with its language at hand, so that the shared action
 * helpers can put the server's messages into that language without every route passing it along.
 */
export function withRequestLanguage<T>(language: string, run: () => T): T {
  return storage.run(language, run);
}

/** A server message in the current page request's language (English outside a page request). */
export function localizeForRequest(message: string): string {
  return localizeMessage(message, storage.getStore() ?? "en");
}

/** Every message of a field → message map, in the current page request's language. */
export function localizeFieldsForRequest(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) out[name] = localizeForRequest(message);
  return out;
}
