/**
 * The service worker, served from the site root as `/sw.js` (scope `/`). Built on its own by
 * `scripts/service-worker.mjs`, which also writes the precache list into `self.__WB_MANIFEST`.
 *
 * - Precache: the storefront's hashed scripts and stylesheets (the app shell), the fonts and icons.
 * - Pages: the storefront pages of `offline-pages.ts` are fetched from the network first and kept
 *   for when there is none. Everything else (admin, account, API, any write) goes to the network.
 * - Images: served from the cache while a fresh copy is fetched.
 * - A new version waits until the page asks it to take over (the 'Reload?' prompt).
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { isImagePath, isOfflinePage, isSessionChange } from "./offline-pages";
import type { WorkerMessage } from "./worker-messages";

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The little of ServiceWorkerGlobalScope used here (the app's TypeScript program uses the DOM library). */
interface WorkerScope {
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(
    type: "message",
    listener: (event: ExtendableEvent & { data: unknown; ports: readonly MessagePort[] }) => void,
  ): void;
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

declare const self: WorkerScope;

const PAGES = "offline-pages";
const IMAGES = "offline-images";
const ASSETS = "offline-assets";

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
clientsClaim();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

const pages = new NetworkFirst({
  cacheName: PAGES,
  plugins: [
    {
      // Only complete, successful pages: never an error page, a redirect or a partial response.
      cacheWillUpdate: async ({ response }) =>
        response.status === 200 && !response.redirected ? response : null,
    },
    new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60 }),
  ],
});
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    isOfflinePage(url.pathname) &&
    (request.mode === "navigate" || url.pathname.endsWith(".data")),
  pages,
);

const images = new StaleWhileRevalidate({
  cacheName: IMAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60 })],
});
registerRoute(({ url, request }) => sameOrigin(url) && request.destination === "image", images);

// Hashed build files that are not precached (admin code, other font subsets), and the interface
// texts' scripts (/i18n/…, addressed by their content: a kept page finds the texts it was made with).
registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/i18n/")),
  new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

/**
 * React Router discovers routes lazily (`/__manifest?paths=…&version=…`). Offline, every route of
 * this version is known from the precached route manifest, so navigating inside the app still works.
 */
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === "/__manifest",
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const routes = await precachedRoutes(url.searchParams.get("version"));
      if (!routes) throw error;
      return new Response(JSON.stringify(routes), { headers: { "content-type": "application/json" } });
    }
  },
);

async function precachedRoutes(version: string | null): Promise<unknown> {
  const entry = manifest.find((item) => /(?:^|\/)assets\/manifest-[0-9a-f]+\.js$/.test(item.url));
  const response = entry && (await matchPrecache(entry.url));
  if (!response) return null;
  const text = await response.text();
  const parsed = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    version: string;
    routes: unknown;
  };
  return parsed.version === version ? parsed.routes : null;
}

// Signing in or out: pages kept for the previous visitor (their name, their courses) are dropped.
registerRoute(
  ({ url }) => sameOrigin(url) && isSessionChange(url.pathname),
  async ({ request }) => {
    const response = await fetch(request);
    await Promise.all([caches.delete(PAGES), caches.delete(IMAGES)]);
    return response;
  },
  "POST",
);

/** Keeps pages and images the visitor saw before this worker controlled the page (the first visit). */
async function cacheUrls(urls: string[], event: ExtendableEvent) {
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.href);
      if (!sameOrigin(url)) return;
      try {
        if (isOfflinePage(url.pathname)) {
          const cache = await caches.open(PAGES);
          if (await cache.match(url.href)) return;
          const request = new Request(url.href, {
            headers: { accept: "text/html" },
            credentials: "same-origin",
          });
          await pages.handle({ request, event: event as never });
        } else if (isImagePath(url.pathname)) {
          await images.handle({ request: new Request(url.href), event: event as never });
        }
      } catch {
        // Offline again, or the page is gone: nothing to keep.
      }
    }),
  );
}

/**
 * A new version renews the kept pages when it takes over: the old copies point at build files
 * that are no longer precached. Data responses are fetched again when needed; a page that cannot
 * be fetched now is dropped rather than kept half-working.
 */
async function renewPages() {
  const cache = await caches.open(PAGES);
  const requests = await cache.keys();
  await Promise.all(
    requests.map(async (request) => {
      let fresh: Response | null = null;
      if (!new URL(request.url).pathname.endsWith(".data")) {
        fresh = await fetch(request.url, { credentials: "same-origin" }).catch(() => null);
      }
      if (fresh?.status === 200 && !fresh.redirected) await cache.put(request, fresh);
      else await cache.delete(request);
    }),
  );
}

self.addEventListener("activate", (event) => event.waitUntil(renewPages()));

self.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === "SKIP_WAITING") {
    event.waitUntil(self.skipWaiting());
  } else if (message?.type === "CACHE_URLS") {
    event.waitUntil(cacheUrls(message.urls, event).then(() => event.ports[0]?.postMessage(true)));
  }
});
