import type { Messages } from "./i18n";

/**
 * Every locale file, `locales/{language}/{feature}.json`. Each feature keeps its strings in its own
 * file under its own top-level keys; the files of one language are merged into one message tree.
 */
const files = import.meta.glob<Messages>("./locales/*/*.json", { eager: true, import: "default" });

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

const locales: Record<string, Messages> = {};
for (const [path, messages] of Object.entries(files)) {
  const language = path.split("/")[2] as string;
  locales[language] = merge(locales[language] ?? {}, messages);
}

const cache = new Map<string, Messages>();

/** The strings for one language, with English filling any gaps (English is the fallback language). */
export function messagesFor(language: string): Messages {
  let messages = cache.get(language);
  if (!messages) {
    const en = locales.en ?? {};
    messages = language === "en" ? en : merge(en, locales[language] ?? {});
    cache.set(language, messages);
  }
  return messages;
}
