import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "nl"] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
/** One language's strings (nested keys), as delivered by the root loader. */
export type Messages = Record<string, unknown>;

/**
 * The instance made for a messages object. An instance never changes language, so pages rendered
 * with the same messages (the server keeps one object per language, area and school overrides)
 * share it, with its plural rules and formatters, instead of building one per request.
 */
const instances = new WeakMap<Messages, i18n>();

/**
 * A ready i18next instance for one language and its messages (shared, see `instances`).
 * Only that language's messages are passed in (already merged over the English fallback on the
 * server, see messages.server.ts), so the browser bundle carries no locale files.
 */
export function createI18n(language: string, messages: Messages): i18n {
  const cached = instances.get(messages);
  if (cached?.language === language) return cached;
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources: { [language]: { translation: messages } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instances.set(messages, instance);
  return instance;
}
