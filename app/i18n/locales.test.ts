import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "locales");
const LANGUAGES = readdirSync(root);
const FEATURES = readdirSync(join(root, "en")).filter((file) => file.endsWith(".json"));

type Tree = { [key: string]: string | Tree };

function read(language: string, file: string): Tree {
  return JSON.parse(readFileSync(join(root, language, file), "utf8")) as Tree;
}

/** Every leaf as "a.b.c" → text. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [path, text] of leaves(value, `${prefix}${key}.`)) out.set(path, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  it("exist for English and Dutch, with the same feature files", () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(["en", "nl"]));
    for (const language of LANGUAGES) {
      expect(
        readdirSync(join(root, language))
          .filter((file) => file.endsWith(".json"))
          .sort(),
      ).toEqual([...FEATURES].sort());
    }
  });

  describe.each(FEATURES)("%s", (file) => {
    const en = leaves(read("en", file));
    it.each(LANGUAGES.filter((language) => language !== "en"))(
      "has every English key in %s and no others",
      (language) => {
        const other = leaves(read(language, file));
        expect([...other.keys()].filter((key) => !en.has(key))).toEqual([]);
        expect([...en.keys()].filter((key) => !other.has(key))).toEqual([]);
      },
    );

    it.each(LANGUAGES)("has no empty texts and the same {{placeholders}} as English in %s", (language) => {
      for (const [key, text] of leaves(read(language, file))) {
        expect(text.trim(), `${language}/${file}: ${key}`).not.toBe("");
        expect(placeholders(text), `${language}/${file}: ${key}`).toEqual(placeholders(en.get(key) ?? text));
      }
    });
  });

  it("keep each top-level key in one feature file (merged files must not overwrite each other)", () => {
    const owner = new Map<string, string>();
    for (const file of FEATURES) {
      for (const key of Object.keys(read("en", file))) {
        expect(owner.get(key), `"${key}" is in ${owner.get(key)} and ${file}`).toBeUndefined();
        owner.set(key, file);
      }
    }
  });
});
