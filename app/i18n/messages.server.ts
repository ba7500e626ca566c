import type { Messages } from "./i18n";
import { isAdminNamespace, type MessageArea } from "./message-area";

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

/**
 * The strings for one language, with English filling any gaps (English is the fallback language):
 * all of them for the back office, all but the back office's for the storefront (message-area.ts).
 */
export function messagesFor(language: string, area: MessageArea): Messages {
  const key = `${language}:${area}`;
  let messages = cache.get(key);
  if (!messages) {
    const en = locales.en ?? {};
    const all = language === "en" ? en : merge(en, locales[language] ?? {});
    messages =
      area === "admin"
        ? all
        : Object.fromEntries(Object.entries(all).filter(([namespace]) => !isAdminNamespace(namespace)));
    cache.set(key, messages);
  }
  return messages;
}

/** Merged messages per overrides object (the service returns the same object until one changes). */
const overridden = new WeakMap<object, Map<string, Messages>>();

/**
 * `messagesFor(language, area)` with a school's own texts (International › Translations) put over
 * the defaults: only keys the area's messages have, so the storefront never gets back-office texts.
 * Built once per overrides object and area, so the pages' translators stay cached.
 */
export function messagesWithOverrides(
  language: string,
  area: MessageArea,
  overrides: Readonly<Record<string, string>>,
): Messages {
  const base = messagesFor(language, area);
  const keys = Object.keys(overrides);
  if (keys.length === 0) return base;
  let byArea = overridden.get(overrides);
  if (!byArea) {
    byArea = new Map();
    overridden.set(overrides, byArea);
  }
  let messages = byArea.get(area);
  if (!messages) {
    const tree: Messages = {};
    for (const key of keys) {
      const path = key.split(".");
      if (typeof lookup(base, path) !== "string") continue;
      let node = tree;
      for (const part of path.slice(0, -1)) {
        if (!node[part] || typeof node[part] !== "object") node[part] = {};
        node = node[part] as Messages;
      }
      node[path[path.length - 1]!] = overrides[key];
    }
    messages = merge(base, tree);
    byArea.set(area, messages);
  }
  return messages;
}

function lookup(tree: Messages, path: string[]): unknown {
  let node: unknown = tree;
  for (const part of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Messages)[part];
  }
  return node;
}
