export const SUPPORTED_LANGUAGES = ["en", "nl"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "i18next";
/** How long the `i18next` cookie caches a chosen or detected language: one year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header, honouring q-values. */
export function pickFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isSupportedLanguage);
}

/**
 * The language of a request, in the spec's order as far as the server can see it:
 * the `lng` query value, the `i18next` cookie, then the browser's Accept-Language.
 */
export function detectLanguage(input: {
  query?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): Language {
  if (isSupportedLanguage(input.query)) return input.query;
  if (isSupportedLanguage(input.cookie)) return input.cookie;
  return pickFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * The language to cache in the `i18next` cookie for a page request, or undefined when the cookie
 * already says so. Only an explicit `?lng=` is cached on the server: the rest of the detection
 * order (local storage, session storage, the browser) is only known in the browser, which caches
 * its own result (see app/features/layout/language-detection.tsx).
 */
export function languageToCache(input: { query?: string | undefined; cookie?: string | undefined }) {
  if (!isSupportedLanguage(input.query) || input.query === input.cookie) return undefined;
  return input.query;
}
