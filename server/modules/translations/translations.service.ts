import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { businessRule } from "../../lib/errors";
import { listPage } from "../../lib/list-query";
import { ReadCache } from "../../lib/read-cache";
import type { AuditService } from "../audit/audit.service";
import type { EditingLanguagesService } from "../international/editing-languages";
import type { StaffActor } from "../settings/settings-admin.service";
import { type DefaultTexts, loadDefaultTexts, placeholdersOf } from "./default-texts";
import type {
  AdminListTranslationsQuery,
  Translation,
  TranslationInput,
  TranslationKeyQuery,
  TranslationList,
} from "./translations.schemas";
import { translationOverrides } from "./translations.tables";

/** A school's texts in one language that replace the code's: key → text. Never mutate it. */
export type TranslationOverrides = Readonly<Record<string, string>>;

type OverrideRow = typeof translationOverrides.$inferSelect;

const NO_OVERRIDES: TranslationOverrides = Object.freeze({});

/** Placeholder names as a readable list: "{{name}}, {{count}}". */
const named = (names: string[]) => names.map((name) => `{{${name}}}`).join(", ");

/**
 * International › Translations: a school's own wording of any interface text, per language, over
 * the defaults in the code. The overrides of a school are cached per language and dropped on every
 * instance (cache bus topic "translations") when one is saved or reset; the bus message also drops
 * the school's shared storefront pages (server/web/page-cache.ts).
 */
export function createTranslationService(
  db: Db,
  deps: {
    audit: AuditService;
    editingLanguages: Pick<EditingLanguagesService, "list">;
    bus?: CacheBus;
    defaults?: DefaultTexts;
  },
) {
  const { audit, editingLanguages } = deps;
  let defaultTexts = deps.defaults;
  const defaults = () => {
    defaultTexts ??= loadDefaultTexts();
    return defaultTexts;
  };
  const cache = new ReadCache<OverrideRow[]>(1000);
  const invalidate = sharedInvalidation(deps.bus, "translations", (companyId) => cache.drop(companyId));
  const overridesCache = new WeakMap<OverrideRow[], TranslationOverrides>();

  const overrideOf = (companyId: string, language: string, key: string) =>
    and(
      eq(translationOverrides.companyId, companyId),
      eq(translationOverrides.language, language),
      eq(translationOverrides.key, key),
    );

  const rowsOf = (companyId: string, language: string) =>
    cache.get(companyId, language, () =>
      db
        .select()
        .from(translationOverrides)
        .where(
          and(eq(translationOverrides.companyId, companyId), eq(translationOverrides.language, language)),
        ),
    );

  /** The language must be one the school offers (English always is). */
  async function assertLanguage(companyId: string, language: string) {
    if (language === "en") return;
    const offered = await editingLanguages.list(companyId);
    if (!offered.some((item) => item.code === language)) {
      throw businessRule(
        `"${language}" is not one of this school's languages (${offered.map((item) => item.code).join(", ")}).`,
        "LANGUAGE_NOT_OFFERED",
      );
    }
  }

  function defaultOf(language: string, key: string): string {
    const text = defaults().of(language).get(key);
    if (text === undefined) {
      throw businessRule(
        `There is no interface text with the key "${key}". Search the list for the text you want to change.`,
        "UNKNOWN_TRANSLATION_KEY",
      );
    }
    return text;
  }

  function toTranslation(language: string, key: string, row: OverrideRow | undefined): Translation {
    return {
      key,
      english: defaults().of("en").get(key) ?? "",
      defaultText: defaults().of(language).get(key) ?? "",
      override: row?.text ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedByEmail ?? null,
    };
  }

  return {
    /**
     * The school's overrides in one language (key → text), for the pages' messages. The same
     * object is returned until one of them changes, so callers may cache what they build from it.
     */
    async overrides(companyId: string, language: string): Promise<TranslationOverrides> {
      const rows = await rowsOf(companyId, language);
      if (rows.length === 0) return NO_OVERRIDES;
      let map = overridesCache.get(rows);
      if (!map) {
        map = Object.freeze(Object.fromEntries(rows.map((row) => [row.key, row.text])));
        overridesCache.set(rows, map);
      }
      return map;
    },

    /** Every interface text of a language with its English text, default and override; searchable. */
    async list(companyId: string, query: AdminListTranslationsQuery): Promise<TranslationList> {
      const { language } = query;
      await assertLanguage(companyId, language);
      const rows = new Map((await rowsOf(companyId, language)).map((row) => [row.key, row]));
      const english = defaults().of("en");
      const inLanguage = defaults().of(language);
      const needle = query.search?.toLocaleLowerCase();
      const keys = needle
        ? defaults().keys.filter((key) =>
            [key, english.get(key) ?? "", rows.get(key)?.text ?? inLanguage.get(key) ?? ""].some((text) =>
              text.toLocaleLowerCase().includes(needle),
            ),
          )
        : defaults().keys;
      const start = (query.page - 1) * query.limit;
      const items = keys
        .slice(start, start + query.limit)
        .map((key) => toTranslation(language, key, rows.get(key)));
      return { ...listPage(items, keys.length, query), language };
    },

    /** Saves the school's text for one key; it must keep exactly the default's placeholders. */
    async save(companyId: string, input: TranslationInput, actor: StaffActor): Promise<Translation> {
      const { language, key, text } = input;
      await assertLanguage(companyId, language);
      const fallback = defaultOf(language, key);
      const expected = new Set(placeholdersOf(fallback));
      const given = new Set(placeholdersOf(text));
      const missing = [...expected].filter((name) => !given.has(name));
      const extra = [...given].filter((name) => !expected.has(name));
      if (missing.length > 0 || extra.length > 0) {
        const parts = [
          missing.length > 0 ? `Missing: ${named(missing)}.` : "",
          extra.length > 0 ? `Not in the default: ${named(extra)}.` : "",
        ].filter(Boolean);
        throw businessRule(
          `The text must keep exactly the placeholders of the default text. ${parts.join(" ")}`,
          "PLACEHOLDERS_CHANGED",
          { missing, extra },
        );
      }
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ text: translationOverrides.text })
          .from(translationOverrides)
          .where(overrideOf(companyId, language, key));
        const values = { text, updatedBy: actor.id, updatedByEmail: actor.email };
        const [saved] = await tx
          .insert(translationOverrides)
          .values({ companyId, language, key, ...values })
          .onConflictDoUpdate({
            target: [translationOverrides.companyId, translationOverrides.language, translationOverrides.key],
            set: { ...values, updatedAt: new Date() },
          })
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: before ? "update" : "create",
          entity: "translation",
          entityId: saved!.id,
          summary: `${language}: ${key}`,
          changes: { text: { from: before?.text ?? fallback, to: text } },
        });
        return saved!;
      });
      invalidate(companyId);
      return toTranslation(language, key, row);
    },

    /** Goes back to the code's text for one key (nothing to do when there is no override). */
    async reset(companyId: string, input: TranslationKeyQuery, actor: StaffActor): Promise<Translation> {
      const { language, key } = input;
      await assertLanguage(companyId, language);
      defaultOf(language, key);
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(translationOverrides)
          .where(overrideOf(companyId, language, key))
          .returning();
        if (row) {
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "translation",
            entityId: row.id,
            summary: `${language}: ${key}`,
            changes: { text: { from: row.text, to: defaults().of(language).get(key) } },
          });
        }
        return row;
      });
      if (removed) invalidate(companyId);
      return toTranslation(language, key, undefined);
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
