import type { TFunction } from "i18next";
import { createI18n } from "./i18n";
import { messagesAt } from "./messages-store";

/**
 * A `t` function outside React (meta functions), from the root loader's language and the address of
 * its interface texts (messages-store.ts); instances are shared per texts object (createI18n).
 */
export function translator({ language, messagesSrc }: { language: string; messagesSrc: string }): TFunction {
  return createI18n(language, messagesAt(messagesSrc) ?? NO_MESSAGES).t;
}

/** Texts that are not here (never on a rendered page): `t` answers the keys. */
const NO_MESSAGES = {};
