import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";
import { rememberingT } from "./remembering-t";

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

const translations = new WeakMap<I18n, Translation>();

/**
 * The current language's `t` and its i18n instance, for any component.
 *
 * Used instead of react-i18next's `useTranslation`, which copies every property descriptor of the
 * i18n instance into a wrapper for each component the first time it renders (so that a language
 * change gives a new identity): on the server every component renders for the first time, and that
 * copy was the busiest function of a page render (a tenth of the CPU of a catalogue page, plus its
 * garbage). Here an instance never changes language — the root makes a new one when the language or
 * the messages change, and the provider's new value re-renders every reader — so one answer per
 * instance serves every component, and its `t` remembers its answers (remembering-t.ts).
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let translation = translations.get(i18n);
  if (!translation) {
    translation = { t: rememberingT(i18n), i18n };
    translations.set(i18n, translation);
  }
  return translation;
}
