/**
 * Which same-origin requests the service worker keeps for offline use. Only public storefront
 * pages are kept (the home page, the catalogue, course pages, the cart and checkout), as HTML
 * documents and as the `.data` requests React Router makes when navigating inside the app.
 * Admin, account, payment and order pages, the API and every non-GET request are never stored.
 */
const OFFLINE_PAGE = /^\/(?:catalog|single-course\/[^/]+|cart|checkout)?$/;

/** The page path a request is for: `/catalog.data` → `/catalog`, `/_root.data` → `/` (React Router's data URLs). */
export function pagePath(pathname: string): { path: string; data: boolean } {
  if (pathname === "/_root.data") return { path: "/", data: true };
  if (pathname.endsWith(".data")) return { path: pathname.slice(0, -".data".length), data: true };
  return { path: pathname, data: false };
}

/** Whether a page (or its data) at this path is kept for offline use. */
export function isOfflinePage(pathname: string): boolean {
  return OFFLINE_PAGE.test(pagePath(pathname).path);
}

/** Images the pages show (static course images, uploaded media): cached while browsing. */
export function isImagePath(pathname: string): boolean {
  return /\.(?:avif|gif|jpe?g|png|svg|webp)$/i.test(pathname) && !pathname.startsWith("/api/");
}

/**
 * Form posts after which the cached pages may show someone else's name or courses: signing in,
 * signing up or out (as documents or as React Router `.data` submissions). The cache is emptied.
 */
export function isSessionChange(pathname: string): boolean {
  return /^\/(?:logout|customer-signin|customer-signup|admin\/logout|login)(?:\.data)?$/.test(pathname);
}
