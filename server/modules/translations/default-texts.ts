import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../lib/paths";

/** The interface texts in the code: `app/i18n/locales/{language}/{feature}.json`. */
const LOCALES_DIR = join(projectRoot, "app/i18n/locales");

export interface DefaultTexts {
  /** Every key of the English texts, flattened with dots, in file order. */
  keys: string[];
  /** The default texts of a language by key: the language's own, English where it has none. */
  of(language: string): ReadonlyMap<string, string>;
}

function flatten(tree: Record<string, unknown>, prefix: string, into: Map<string, string>) {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === "object") flatten(value as Record<string, unknown>, key, into);
    else if (typeof value === "string") into.set(key, value);
  }
}

function readLanguage(language: string): Map<string, string> {
  const texts = new Map<string, string>();
  let files: string[];
  try {
    files = readdirSync(join(LOCALES_DIR, language)).filter((name) => name.endsWith(".json"));
  } catch {
    return texts;
  }
  for (const file of files.sort()) {
    const tree = JSON.parse(readFileSync(join(LOCALES_DIR, language, file), "utf8")) as Record<
      string,
      unknown
    >;
    flatten(tree, "", texts);
  }
  return texts;
}

/**
 * The same texts app/i18n/messages.server.ts gives the pages (read from the same files, once per
 * process): the server's list of keys staff can override, and the defaults they fall back to.
 */
export function loadDefaultTexts(): DefaultTexts {
  const english = readLanguage("en");
  const byLanguage = new Map<string, ReadonlyMap<string, string>>([["en", english]]);
  return {
    keys: [...english.keys()],
    of(language) {
      let texts = byLanguage.get(language);
      if (!texts) {
        const own = readLanguage(language);
        texts = new Map([...english].map(([key, text]) => [key, own.get(key) ?? text]));
        byLanguage.set(language, texts);
      }
      return texts;
    },
  };
}

/** The `{{placeholder}}` names of a text, e.g. "Hello {{name}}" → ["name"]. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((match) => match[1]!.split(",")[0]!.trim());
}
