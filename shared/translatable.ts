/** Text stored per language code, e.g. { en: "Algebra", nl: "Algebra" }. English is the fallback. */
export type Translatable = { en: string } & Partial<Record<string, string>>;

export const FALLBACK_LANGUAGE = "en";

/** The text in `language`, else English, else the first non-empty translation. */
export function translate(value: Translatable | null | undefined, language: string): string {
  if (!value) return "";
  const own = value[language];
  if (own) return own;
  if (value.en) return value.en;
  return Object.values(value).find((text) => typeof text === "string" && text.length > 0) ?? "";
}

/** A list of texts per language code, e.g. the outcomes of a course. */
export type TranslatableList = { en: string[] } & Partial<Record<string, string[]>>;

export function translateList(value: TranslatableList | null | undefined, language: string): string[] {
  if (!value) return [];
  const own = value[language];
  if (own && own.length > 0) return own;
  return value.en ?? [];
}
