import type { FastifyRequest } from "fastify";
import { CONSENT_COOKIE } from "~shared/cookie-consent";
import { CURRENCY_COOKIE } from "~shared/currency-cookie";
import type { CacheBus } from "../lib/cache-bus";
import { ReadCache } from "../lib/read-cache";
import { type NoncePage, splitAtNonce } from "./nonce-page";
import { pageText, type RenderedPage } from "./rendered-page";

/**
 * Rendered storefront pages for visitors without a session, shared by everyone who asks for the
 * same page in the same language with the same theme, currency and cookie-banner answer. A page is dropped, on every
 * instance, when anything it is made of changes in its company (catalogue, settings, currencies,
 * languages: every message on the cache bus); otherwise it is rendered again in the background
 * once it is older than `PAGE_TTL_MS` (review and student counts), while the older copy goes on
 * being served, so no visitor waits for a render unless the page is missing or older than
 * `PAGE_STALE_MS`.
 *
 * Each response still gets its own CSP nonce: the page is kept cut at the nonce it was rendered
 * with, as bytes and as pre-compressed gzip (see nonce-page.ts), so a hit costs a copy of the page
 * and no compression.
 */
export const PAGE_TTL_MS = 10_000;
/** Past this age a page is rendered again before answering (the background renders kept failing). */
export const PAGE_STALE_MS = 60_000;
const MAX_PAGES = 500;
/** Public pages made from the catalogue. */
const CACHEABLE_PATH = /^\/(?:|catalog|single-course\/[^/]+)$/;
/**
 * The cookies an anonymous storefront page is rendered from, besides the language (`i18next`,
 * already in `request.language`) and the company (the cache's scope). Other cookies (analytics,
 * checkout consent) do not split the cache; the cookie banner's answer does (it adds the widgets). A loader of these pages that starts reading another cookie must
 * be added here.
 */
const PAGE_COOKIES = ["theme", CURRENCY_COOKIE, CONSENT_COOKIE];

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML cut at the nonce it was rendered with. */
  body: NoncePage;
}

/** A page, or undefined when its render could not be shared (a cookie was set, not HTML, not 200). */
interface Entry {
  renderedAt: number;
  page: CachedPage | undefined;
}

export interface PageRender {
  /** Renders the page for the current request; `background` when nobody waits for the answer. */
  render: (background: boolean) => Promise<RenderedPage>;
  /** The nonce `render` puts in the page. */
  nonce: string;
  /** Answers the current request with a render that cannot be shared. */
  passThrough: (response: RenderedPage) => void;
  /** A background render failed (the older page stays in use). */
  onBackgroundError: (error: unknown) => void;
}

export function createPageCache(options: { bus?: CacheBus; now?: () => number } = {}) {
  const { now = Date.now } = options;
  const cache = new ReadCache<Entry>(MAX_PAGES);
  options.bus?.subscribe((companyId) => cache.drop(companyId));

  async function load({ render, nonce, passThrough }: PageRender, background: boolean): Promise<Entry> {
    const renderedAt = now();
    const response = await render(background);
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) {
      if (background) response.body?.destroy();
      else passThrough(response);
      return { renderedAt, page: undefined };
    }
    const html = await pageText(response);
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    return { renderedAt, page: { status: response.status, headers, body: await splitAtNonce(html, nonce) } };
  }

  return {
    /** The cache key of a request whose page may be shared, or undefined. */
    keyFor(request: FastifyRequest): string | undefined {
      if (request.method !== "GET") return undefined;
      if (request.customer || request.visitorSession || request.staffSession) return undefined;
      const { url, cookies } = request;
      const query = url.indexOf("?");
      if (!CACHEABLE_PATH.test(query < 0 ? url : url.slice(0, query))) return undefined;
      // Joined by hand: this runs for every page request, and a hit does little else (decision 036).
      let key = `${request.language}\u0000${url}`;
      for (const name of PAGE_COOKIES) key += `\u0000${cookies[name] ?? ""}`;
      return key;
    },

    /**
     * The shared page for `key`, rendering it when there is none. Undefined when the page cannot
     * be shared: `passThrough` has then been given the render (or the caller renders its own).
     */
    async get(companyId: string, key: string, page: PageRender): Promise<CachedPage | undefined> {
      const entry = cache.peek(companyId, key);
      const age = entry ? now() - entry.renderedAt : Number.POSITIVE_INFINITY;
      if (entry && age < PAGE_TTL_MS) return entry.page;
      if (entry?.page && age < PAGE_STALE_MS) {
        cache.refresh(companyId, key, () => load(page, true)).catch(page.onBackgroundError);
        return entry.page;
      }
      return (await cache.refresh(companyId, key, () => load(page, false))).page;
    },

    /** The shared page for `key` when it is fresh (what `get` answers at once), else undefined: no promise. */
    fresh(companyId: string, key: string): CachedPage | undefined {
      const entry = cache.peek(companyId, key);
      return entry?.page && now() - entry.renderedAt < PAGE_TTL_MS ? entry.page : undefined;
    },

    /** Drops a company's pages in this process (null: every company's). */
    invalidate(companyId: string | null) {
      cache.drop(companyId);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
