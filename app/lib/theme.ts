import { useSyncExternalStore } from "react";

/**
 * The visitor's theme choice, kept in the `theme` cookie (readable by the UI, never a secret).
 * Without a cookie the theme follows the operating system: the server renders no theme class and
 * the stylesheet applies the dark tokens under `prefers-color-scheme: dark`, so neither choice
 * needs a script before the first paint.
 */
export type ThemePreference = "light" | "dark" | "system";

export const THEME_COOKIE = "theme";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const DARK_QUERY = "(prefers-color-scheme: dark)";
const THEME_CHANGE_EVENT = "themechange";

/** Browser-bar colours of the two themes (canvas/brand tokens of app.css). */
export const THEME_COLORS = { light: "#0f6b63", dark: "#0e1615" } as const;

export function themeFromCookie(cookieHeader: string | null | undefined): ThemePreference {
  const match = cookieHeader?.match(/(?:^|;\s*)theme=(light|dark)(?:;|$)/);
  return (match?.[1] as "light" | "dark" | undefined) ?? "system";
}

/** The class on <html> for a preference: none while following the system. */
export function themeClass(preference: ThemePreference): "light" | "dark" | undefined {
  return preference === "system" ? undefined : preference;
}

/** The Set-Cookie / document.cookie value remembering a choice for a year. */
export function themeCookie(theme: "light" | "dark", secure = false): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function isDarkNow(): boolean {
  const root = document.documentElement;
  if (root.classList.contains("dark")) return true;
  if (root.classList.contains("light")) return false;
  return window.matchMedia(DARK_QUERY).matches;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  return () => {
    query.removeEventListener("change", onChange);
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
  };
}

/**
 * Whether the page is dark right now (the class on <html>, else the system preference). On the
 * server and during hydration it is the server's guess: the preference, light when following the system.
 */
export function useIsDark(serverPreference: ThemePreference): boolean {
  return useSyncExternalStore(subscribe, isDarkNow, () => serverPreference === "dark");
}

/** Switches the page at once (class on <html>, browser-bar colour) and remembers the choice. */
export function setTheme(theme: "light" | "dark") {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLORS[theme];
    meta.removeAttribute("media");
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain UI preference cookie; the Cookie Store API is not in every supported browser.
  document.cookie = themeCookie(theme, window.location.protocol === "https:");
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}
