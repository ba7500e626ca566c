import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "~shared/language";

/** The storage key i18next-browser-languagedetector uses for local and session storage. */
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** The `i18next` cookie as the browser should store it (readable by the UI: it holds no secret). */
export function languageCookie(language: string): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
}

/** Remembers a language chosen in the browser: the cookie (read by the server) and local storage. */
export function rememberLanguage(language: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; no secret, no Cookie Store API needed.
  document.cookie = languageCookie(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be disabled (private mode, policies): the cookie alone is enough.
  }
}
