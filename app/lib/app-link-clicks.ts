import { useEffect } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

/**
 * Plain `<a data-app-link>` elements navigate inside the app, as a `<Link>` does, through one
 * listener on the document instead of a `<Link>` each. A `<Link>` is a component with several hooks
 * per render on the server; a course card's image repeats its title's link (decision 013, seventh
 * pass), 20 times per list page. Such an anchor carries `data-discover` too, so React Router
 * discovers its route as it does a `<Link>`'s.
 */
export const APP_LINK_ATTRIBUTE = "data-app-link";

/** What of a click decides where it goes (a `MouseEvent`). */
export type LinkClick = Pick<
  MouseEvent,
  "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey"
> & { target: EventTarget | null };

/** The in-app address a click should navigate to, or undefined when the browser should follow it. */
export function appLinkTarget(event: LinkClick, origin: string): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return undefined;
  const target = event.target as Element | null;
  // The selector finds anchors only.
  const link = target?.closest?.(`a[${APP_LINK_ATTRIBUTE}]`) as HTMLAnchorElement | null | undefined;
  if (!link || link.hasAttribute("download")) return undefined;
  if (link.target && link.target !== "_self") return undefined;
  const url = new URL(link.href);
  if (url.origin !== origin) return undefined;
  return url.pathname + url.search + url.hash;
}

/** Handles clicks on plain in-app anchors as a `<Link>` does (the same address again replaces it). */
export function handleAppLinkClick(event: MouseEvent, navigate: NavigateFunction) {
  const to = appLinkTarget(event, window.location.origin);
  if (to === undefined) return;
  event.preventDefault();
  const { pathname, search, hash } = window.location;
  navigate(to, { replace: to === pathname + search + hash });
}

/** Listens for clicks on plain in-app anchors while the app runs (the root layout). */
export function useAppLinkClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => handleAppLinkClick(event, navigate);
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
