const STORAGE_KEY = "preloadErrorReloadAt";
/** A second failure this soon after reloading for one is not reloaded again (no reload loops). */
const GUARD_MS = 60_000;

/**
 * Whether a failed lazy module or stylesheet load (Vite's `vite:preloadError`, e.g. after a new
 * version replaced the old files) should reload the page: yes once, and it is noted in
 * sessionStorage; no when this tab already reloaded for it within the last minute, or when that
 * cannot be noted, so the error surfaces instead of looping.
 */
export function shouldReloadForPreloadError(
  storage: Pick<Storage, "getItem" | "setItem">,
  now: number,
): boolean {
  try {
    const last = Number(storage.getItem(STORAGE_KEY));
    if (last && now - last < GUARD_MS) return false;
    storage.setItem(STORAGE_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** Listens for Vite's preload errors: reloads once instead of leaving a broken screen. */
export function reloadOnPreloadError(): () => void {
  const onPreloadError = (event: Event) => {
    if (!shouldReloadForPreloadError(window.sessionStorage, Date.now())) return;
    // Prevented: Vite does not rethrow the error; the page reloads with the current files.
    event.preventDefault();
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
