import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** Spec: 500 ms after a route change, a screen-reader status line says 'Navigated to {page} page.' */
const ANNOUNCE_DELAY_MS = 500;

/**
 * Set once the first page of this document has been seen: the root renders an announcer in its page
 * and in its error boundary, so an announcer mounted later (an error page reached by a link) announces.
 */
let firstPageSeen = false;

/** Rendered once by the root, on every page: storefront, learner area, admin and bare pages alike. */
export function RouteAnnouncer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");

  useEffect(() => {
    // Announce navigations, not the first page load; search-param changes (tabs) are not page changes.
    if (!firstPageSeen) {
      firstPageSeen = true;
      return;
    }
    const timer = window.setTimeout(() => {
      const page = document.title.split(" | ")[0]?.split(" — ")[0] || pathname;
      setMessage(t("a11y.navigated", { page }));
    }, ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, t]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
