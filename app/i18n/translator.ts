import type { TFunction } from "i18next";
import { createI18n, type Messages } from "./i18n";

const translators = new Map<string, { messages: Messages; t: TFunction }>();

/**
 * A `t` function outside React (meta functions), from the root loader's language and messages.
 * Instances are kept per language: they hold no request state.
 */
export function translator({ language, messages }: { language: string; messages: Messages }): TFunction {
  const cached = translators.get(language);
  if (cached && cached.messages === messages) return cached.t;
  const t = createI18n(language, messages).t;
  translators.set(language, { messages, t });
  return t;
}
