import { THEME_COLORS } from "~/lib/theme";

/** Icons written by `scripts/generate-icons.mjs` into public/icons. */
const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** At most this many characters fit under an icon on a home screen. */
const SHORT_NAME_LENGTH = 12;

export function shortName(name: string): string {
  if (name.length <= SHORT_NAME_LENGTH) return name;
  const firstWord = name.split(/\s+/)[0] ?? name;
  return firstWord.length <= SHORT_NAME_LENGTH ? firstWord : name.slice(0, SHORT_NAME_LENGTH).trimEnd();
}

/** The web app manifest of a store: the storefront can be installed as an app. */
export function webAppManifest({ name, language }: { name: string; language: string }) {
  return {
    id: "/",
    name,
    short_name: shortName(name),
    lang: language,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f7f8f6",
    theme_color: THEME_COLORS.light,
    icons: ICONS,
  };
}
