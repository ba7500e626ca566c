import { Workbox } from "workbox-window";
import type { WorkerMessage } from "./worker-messages";

export interface ServiceWorkerEvents {
  /** The first install finished: the app shell and this page are cached. */
  onOfflineReady(): void;
  /** A new version is installed and waiting; `activate` makes it take over and reloads the page. */
  onUpdateWaiting(activate: () => void): void;
}

/** Pages and images this page loaded before a service worker controlled it. */
function visitedUrls(): string[] {
  const images = performance
    .getEntriesByType("resource")
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "img")
    .map((entry) => entry.name);
  return [window.location.href, ...images];
}

/**
 * Registers `/sw.js` for the whole site (loaded lazily, after the page has rendered) and returns a
 * function that asks the worker to keep a page the visitor navigated to inside the app.
 */
export function registerServiceWorker(events: ServiceWorkerEvents): (url: string) => void {
  const workbox = new Workbox("/sw.js", { scope: "/" });
  const send = (message: WorkerMessage) => workbox.messageSW(message);

  workbox.addEventListener("activated", (event) => {
    if (event.isUpdate) return;
    void send({ type: "CACHE_URLS", urls: visitedUrls() }).then(() => events.onOfflineReady());
  });

  workbox.addEventListener("waiting", () => {
    events.onUpdateWaiting(() => {
      // Reload once the new worker controls the page, so the page and its worker match again.
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
        once: true,
      });
      workbox.messageSkipWaiting();
    });
  });

  void workbox.register();
  return (url) => {
    if (navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({
        type: "CACHE_URLS",
        urls: [url],
      } satisfies WorkerMessage);
    }
  };
}
