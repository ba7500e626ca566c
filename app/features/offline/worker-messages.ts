/** Messages a page sends to the service worker. */
export type WorkerMessage =
  /** Take over now (the visitor chose to reload into the new version). */
  | { type: "SKIP_WAITING" }
  /** Keep these pages and images for offline use (pages the visitor saw before the worker controlled them). */
  | { type: "CACHE_URLS"; urls: string[] };
