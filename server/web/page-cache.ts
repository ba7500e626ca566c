import type { FastifyRequest } from "fastify";
import { ReadCache } from "../lib/read-cache";

/**
 * Rendered storefront pages for visitors without a session, shared by everyone who asks for the
 * same page in the same language with the same cookies. A page is kept until the company's
 * catalogue changes, and never longer than `PAGE_TTL_MS` (store texts, review and student counts).
 * Each response still gets its own CSP nonce: the page is kept cut at the nonce it was rendered with.
 */
export const PAGE_TTL_MS = 10_000;
const MAX_PAGES = 500;
/** Public pages made from the catalogue. */
const CACHEABLE_PATH = /^\/(?:|catalog|single-course\/[^/]+)$/;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML split at the nonce it was rendered with. */
  parts: string[];
}

/** Marks a key whose page could not be shared (a cookie was set, not HTML, not 200). */
const NOT_SHARED = Symbol("not shared");
type Entry = CachedPage | typeof NOT_SHARED;

export function createPageCache() {
  const cache = new ReadCache<Entry>(MAX_PAGES);
  return {
    /** The cache key of a request whose page may be shared, or undefined. */
    keyFor(request: FastifyRequest): string | undefined {
      if (request.method !== "GET") return undefined;
      if (request.customer || request.visitorSession || request.staffSession) return undefined;
      const path = request.url.split("?")[0] ?? "";
      if (!CACHEABLE_PATH.test(path)) return undefined;
      const bucket = Math.floor(Date.now() / PAGE_TTL_MS);
      return `${bucket}\u0000${request.language}\u0000${request.url}\u0000${request.headers.cookie ?? ""}`;
    },

    /**
     * The shared page for `key`, rendering it with `render` when there is none. Undefined when the
     * page cannot be shared: `render` has then answered (or the caller renders its own).
     */
    async get(
      companyId: string,
      key: string,
      nonce: string,
      render: () => Promise<Response>,
      passThrough: (response: Response) => void,
    ): Promise<CachedPage | undefined> {
      const entry = await cache.get(companyId, key, async () => {
        const response = await render();
        const type = response.headers.get("content-type") ?? "";
        if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) {
          passThrough(response);
          return NOT_SHARED;
        }
        const html = await response.text();
        const headers = [...response.headers].filter(([name]) => name !== "content-length");
        return { status: response.status, headers, parts: html.split(nonce) };
      });
      return entry === NOT_SHARED ? undefined : entry;
    },

    invalidate(companyId: string | null) {
      if (companyId === null) cache.clear();
      else cache.invalidate(companyId);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
