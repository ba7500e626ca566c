import { LANGUAGES } from "./i18n";

/** A language the visitor can switch to: its code and the name the school published it under. */
export interface OfferedLanguage {
  code: string;
  name: string;
}

/** Names for the interface languages when the school has not published them (the current one). */
const OWN_NAMES: Record<string, string> = { en: "English", nl: "Nederlands" };

/**
 * The languages the switcher offers: the school's published languages (admin `/languages`) that
 * the interface has messages for, in the school's order. The current language is always listed
 * (a visitor may arrive with `?lng=` or a cookie for a language the school has since unpublished),
 * so the switcher can always show what is on screen.
 */
export function offeredLanguages(published: OfferedLanguage[], current: string): OfferedLanguage[] {
  const supported = LANGUAGES as readonly string[];
  const offered = published.filter((language) => supported.includes(language.code));
  if (!offered.some((language) => language.code === current)) {
    offered.push({ code: current, name: OWN_NAMES[current] ?? current });
  }
  return offered;
}
