import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { ReadCache } from "../../lib/read-cache";
import { languages } from "./international.tables";

/** A language the back office edits translatable text in. */
export interface EditingLanguage {
  /** ISO 639-1 code, the key in translatable values, e.g. "nl". */
  code: string;
  name: string;
}

/** Without any languages configured, the product's own two. */
export const DEFAULT_EDITING_LANGUAGES: EditingLanguage[] = [
  { code: "en", name: "English" },
  { code: "nl", name: "Nederlands" },
];

/**
 * The languages translatable fields are edited in: the company's published languages (English
 * first, it is the fallback and always present), or English and Dutch while none are set up.
 * Every page asks for them (the language switcher offers them), so they are cached per company
 * and dropped by `invalidate` (on every instance, given the cache bus) when a language is created,
 * changed or deleted.
 */
export function createEditingLanguagesService(db: Db, deps: { bus?: CacheBus } = {}) {
  const cache = new ReadCache<EditingLanguage[]>(1000);
  const invalidateEverywhere = sharedInvalidation(deps.bus, "languages", (companyId) =>
    cache.drop(companyId),
  );

  async function load(companyId: string): Promise<EditingLanguage[]> {
    const rows = await db
      .select({ code: languages.isoCode, name: languages.name })
      .from(languages)
      .where(and(eq(languages.companyId, companyId), eq(languages.published, true)))
      .orderBy(asc(languages.name));
    if (rows.length === 0) return DEFAULT_EDITING_LANGUAGES;
    const list = rows.map((row) => ({ code: row.code.toLowerCase(), name: row.name }));
    const english = list.find((language) => language.code === "en") ?? DEFAULT_EDITING_LANGUAGES[0]!;
    return [english, ...list.filter((language) => language.code !== "en")];
  }

  return {
    list(companyId: string): Promise<EditingLanguage[]> {
      return cache.get(companyId, "published", () => load(companyId));
    },
    /** Drops a company's cached list on every instance (after its languages changed). */
    invalidate: invalidateEverywhere,
  };
}

export type EditingLanguagesService = ReturnType<typeof createEditingLanguagesService>;
