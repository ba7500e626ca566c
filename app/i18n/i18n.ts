import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "nl"] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
/** One language's strings (nested keys), as delivered by the root loader. */
export type Messages = Record<string, unknown>;

/**
 * A ready i18next instance for one language (one per server request; one for the browser).
 * Only that language's messages are passed in (already merged over the English fallback on the
 * server, see messages.server.ts), so the browser bundle carries no locale files.
 */
export function createI18n(language: string, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources: { [language]: { translation: messages } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
