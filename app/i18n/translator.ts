import type { TFunction } from "i18next";
import { createI18n } from "./i18n";

const translators = new Map<string, TFunction>();

/**
 * A `t` function for one language outside React (meta functions, loaders).
 * Instances are kept per language: they hold no request state.
 */
export function translator(language: string): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = createI18n(language).t;
    translators.set(language, t);
  }
  return t;
}
