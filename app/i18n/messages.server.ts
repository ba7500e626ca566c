import type { Messages } from "./i18n";
import en from "./locales/en.json";
import nl from "./locales/nl.json";

const locales: Record<string, Messages> = { en, nl };

function merge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      value && typeof value === "object" && current && typeof current === "object"
        ? merge(current as Messages, value as Messages)
        : value;
  }
  return out;
}

const cache = new Map<string, Messages>();

/** The strings for one language, with English filling any gaps (English is the fallback language). */
export function messagesFor(language: string): Messages {
  let messages = cache.get(language);
  if (!messages) {
    messages = language === "en" ? en : merge(en, locales[language] ?? {});
    cache.set(language, messages);
  }
  return messages;
}
