import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** Spec: 500 ms after a route change, a screen-reader status line says 'Navigated to {page} page.' */
const ANNOUNCE_DELAY_MS = 500;

export function RouteAnnouncer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const first = useRef(true);

  useEffect(() => {
    // Announce navigations, not the first page load; search-param changes (tabs) are not page changes.
    if (first.current) {
      first.current = false;
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
