import { nl } from "./nl";

/** The server's message catalogues per language; English is the text itself. */
const catalogues: Record<string, Record<string, string>> = { nl };

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(catalogue: Record<string, string>): Template[] {
  return (
    Object.entries(catalogue)
      .filter(([english]) => /\{\w+\}/.test(english))
      .map(([english, translation]) => {
        const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
        const source = english
          .split(PLACEHOLDER)
          .map((part, index) => (index % 2 === 1 ? "(.+?)" : escapeRegExp(part)))
          .join("");
        return {
          pattern: new RegExp(`^${source}$`),
          names,
          translation,
          literal: english.replace(PLACEHOLDER, "").length,
        };
      })
      // The most specific template first: "The {label} must …" before "{label} must …".
      .sort((a, b) => b.literal - a.literal)
      .map(({ pattern, names, translation }) => ({ pattern, names, translation }))
  );
}

const templates = new Map<string, Template[]>();

/**
 * A message the server shows people, in `language`: the catalogue's text for the exact English
 * message, else the first template that matches (`{name}` parts are carried over, translated when
 * they are themselves known texts, such as a field label); else the English message as it is.
 */
export function localizeMessage(message: string, language: string): string {
  const catalogue = catalogues[language];
  if (!catalogue || !message) return message;
  const exact = catalogue[message];
  if (exact !== undefined) return exact;
  let compiled = templates.get(language);
  if (!compiled) {
    compiled = compile(catalogue);
    templates.set(language, compiled);
  }
  for (const template of compiled) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = new Map(template.names.map((name, index) => [name, match[index + 1] ?? ""]));
    return template.translation.replace(PLACEHOLDER, (_, name: string) => {
      const value = values.get(name) ?? "";
      return localizeMessage(value, language);
    });
  }
  return message;
}

/**
 * The `details` of an error body with every `message` (issue lists) and every field message
 * (`{ fields: { name: message } }`) localized; other values unchanged.
 */
export function localizeDetails(details: unknown, language: string): unknown {
  if (!catalogues[language] || details === null || typeof details !== "object") return details;
  if (Array.isArray(details)) {
    return details.map((item) =>
      item && typeof item === "object" && typeof (item as { message?: unknown }).message === "string"
        ? { ...item, message: localizeMessage((item as { message: string }).message, language) }
        : item,
    );
  }
  const record = details as Record<string, unknown>;
  const fields = record.fields;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return details;
  const localized: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    localized[name] = typeof value === "string" ? localizeMessage(value, language) : value;
  }
  return { ...record, fields: localized };
}
