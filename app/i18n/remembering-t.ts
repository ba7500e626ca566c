import type { i18n as I18n, TFunction } from "i18next";

/** Past this many different answers an instance starts again (texts with a title in them are many). */
const MAX_ANSWERS = 5_000;

/**
 * `i18n.t` that remembers its answers per key and option values. An instance never changes language
 * or texts (see use-translation.ts) and is shared by every page rendered with the same texts, so the
 * same call answers the same text: i18next's lookup, plural rules and interpolation (2–6 µs a call,
 * some 250 calls a catalogue page) run once per distinct call instead of on every render. Calls with
 * an option that is not a plain value (an object, a function) go to i18next as they are.
 */
export function rememberingT(i18n: I18n): TFunction {
  const t = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const answers = new Map<string, unknown>();
  const remembering = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 0) return t(key, options, ...rest);
    let id = key;
    if (options !== undefined) {
      if (options === null || typeof options !== "object") return t(key, options);
      for (const [name, value] of Object.entries(options)) {
        if ((value !== null && typeof value === "object") || typeof value === "function")
          return t(key, options);
        id += `\u0000${name}\u0001${typeof value}\u0001${String(value)}`;
      }
    }
    if (answers.has(id)) return answers.get(id);
    const answer = t(key, options);
    if (answers.size >= MAX_ANSWERS) answers.clear();
    answers.set(id, answer);
    return answer;
  };
  return remembering as unknown as TFunction;
}
