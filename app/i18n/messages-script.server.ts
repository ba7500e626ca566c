import { createHash } from "node:crypto";
import { isSupportedLanguage, type Language } from "~shared/language";
import type { Messages } from "./i18n";
import type { MessageArea } from "./message-area";

/**
 * The interface texts of one language, message area and school overrides as a browser module
 * (`/i18n/<language>-<area>-<hash>.js`, app/routes/storefront/interface-texts.ts), instead of
 * inside every page's data: the page names the module, the browser fetches it once and keeps it
 * (its address changes with its content), and the server no longer encodes some 1,700 strings
 * into every page it renders.
 */
export interface MessagesScript {
  /** The module's address; also the key of the client's and the server's message store. */
  src: string;
  /** Content hash (hex) of the texts: a saved override gives another one. */
  hash: string;
  /** `export default JSON.parse("…")`: parsed as JSON, faster than the same object literal. */
  body: string;
  /** The response's entity tag. */
  etag: string;
}

const HASH_LENGTH = 16;
const SCRIPT_FILE = new RegExp(`^([a-z]{2})-(storefront|admin)-([0-9a-f]{${HASH_LENGTH}})\\.js$`);

/** Built once per messages object (the server keeps one per language, area and school overrides). */
const scripts = new WeakMap<Messages, MessagesScript>();

export function messagesScript(language: Language, area: MessageArea, messages: Messages): MessagesScript {
  let script = scripts.get(messages);
  if (!script) {
    const json = JSON.stringify(messages);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, HASH_LENGTH);
    script = {
      src: messagesScriptPath(language, area, hash),
      hash,
      body: `export default JSON.parse(${JSON.stringify(json)});\n`,
      etag: `"${hash}"`,
    };
    scripts.set(messages, script);
  }
  return script;
}

export function messagesScriptPath(language: Language, area: MessageArea, hash: string): string {
  return `/i18n/${language}-${area}-${hash}.js`;
}

/** The language, area and hash a script's file name asks for; undefined for anything else. */
export function parseMessagesScriptFile(
  file: string,
): { language: Language; area: MessageArea; hash: string } | undefined {
  const match = SCRIPT_FILE.exec(file);
  if (!match || !isSupportedLanguage(match[1])) return undefined;
  return { language: match[1], area: match[2] as MessageArea, hash: match[3]! };
}
