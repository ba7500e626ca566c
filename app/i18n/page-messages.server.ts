import type { AppLoadContext } from "react-router";
import type { Language } from "~shared/language";
import type { Messages } from "./i18n";
import type { MessageArea } from "./message-area";
import { messagesWithOverrides } from "./messages.server";
import { type MessagesScript, messagesScript } from "./messages-script.server";
import { keepMessages } from "./messages-store";

/** Where the root loader leaves the page's texts for the server render (entry.server.tsx). */
const PAGE_MESSAGES = "pageMessages";

/**
 * A school's interface texts in one language and message area (its overrides over the defaults)
 * and the script that carries them to the browser; put in the message store under its address.
 */
export async function schoolMessages(
  context: AppLoadContext,
  language: Language,
  area: MessageArea,
): Promise<{ messages: Messages; script: MessagesScript }> {
  // The school's own wording of interface texts (International › Translations).
  const overrides = await context.services.translations.overrides(context.company.id, language);
  const messages = messagesWithOverrides(language, area, overrides);
  const script = messagesScript(language, area, messages);
  keepMessages(script.src, messages);
  return { messages, script };
}

/** The page's texts, for the server render of this request (entry.server.tsx). */
export function holdPageMessages(context: AppLoadContext, messages: Messages): void {
  context[PAGE_MESSAGES] = messages;
}

export function heldPageMessages(context: AppLoadContext): Messages | undefined {
  return context[PAGE_MESSAGES] as Messages | undefined;
}
