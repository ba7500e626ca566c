import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import nl from "./locales/nl.json";

export const LANGUAGES = ["en", "nl"] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const resources = { en: { translation: en }, nl: { translation: nl } } as const;

/** A ready i18next instance for one language (one per server request; one for the browser). */
export function createI18n(language: string): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
