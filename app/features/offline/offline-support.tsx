import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { reloadOnPreloadError } from "./preload-error";

/**
 * The 'New content available. Reload?' toast: stays until the visitor reloads or closes it. The
 * service worker's toasts sit at the bottom, clear of the header and of the page's own messages.
 */
function UpdatePrompt({ text, action, onReload }: { text: string; action: string; onReload: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="min-w-0 flex-1">{text}</p>
      <button type="button" onClick={onReload} className={buttonClasses({ variant: "primary" })}>
        {action}
      </button>
    </div>
  );
}

/**
 * The offline app (rendered once, in the root layout): registers the service worker after the
 * page has loaded (production builds only), says when the site is ready to work offline, offers
 * to reload into a new version, and reloads once when a lazily loaded file has gone missing.
 */
export function OfflineSupport() {
  const { t } = useTranslation();
  const location = useLocation();
  const keepPage = useRef<((url: string) => void) | null>(null);
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => reloadOnPreloadError(), []);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    if (import.meta.env.DEV) {
      // A worker left by a production build on this address would serve stale files in development.
      void navigator.serviceWorker.getRegistrations().then((registrations) => {
        for (const registration of registrations) void registration.unregister();
      });
      return;
    }
    let cancelled = false;
    const start = async () => {
      const { registerServiceWorker } = await import("./register-service-worker");
      if (cancelled) return;
      keepPage.current = registerServiceWorker({
        onOfflineReady: () =>
          notify.success(translate.current("offline.ready"), { position: "bottom-right" }),
        onUpdateWaiting: (activate) => {
          const tr = translate.current;
          notify.custom(
            <UpdatePrompt
              text={tr("offline.updateAvailable")}
              action={tr("offline.reload")}
              onReload={activate}
            />,
            {
              toastId: "service-worker-update",
              position: "bottom-right",
              autoClose: false,
              closeOnClick: false,
              draggable: false,
            },
          );
        },
      });
    };
    if (document.readyState === "complete") void start();
    else window.addEventListener("load", () => void start(), { once: true });
    return () => {
      cancelled = true;
    };
  }, []);

  // Pages reached inside the app are kept too, so they also open offline after a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation.
  useEffect(() => {
    keepPage.current?.(window.location.href);
  }, [location.pathname, location.search]);

  return null;
}
