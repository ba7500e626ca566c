import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, notFound } from "../../lib/errors";
import { containsPattern, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { SettingsService } from "../settings/settings.service";
import type { StaffActor } from "../settings/settings-admin.service";
import type { EditingLanguagesService } from "./editing-languages";
import type {
  AdminListCurrenciesQuery,
  AdminListLanguagesQuery,
  Currency,
  CurrencyInput,
  Language,
  LanguageInput,
} from "./international.schemas";
import { currencies, languages } from "./international.tables";

type LanguageRow = typeof languages.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;

const toLanguage = (row: LanguageRow): Language => ({
  id: row.id,
  name: row.name,
  isoCode: row.isoCode,
  languageCode: row.languageCode,
  flag: row.flag,
  published: row.published,
  updatedAt: row.updatedAt.toISOString(),
});

/** "1.50000000" → "1.5" */
const trimRate = (value: string) => value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

const toCurrency = (row: CurrencyRow, shopCurrency: string): Currency => ({
  id: row.id,
  name: row.name,
  symbol: row.symbol,
  isoCode: row.isoCode,
  exchangeRate: trimRate(row.exchangeRate),
  enabled: row.enabled,
  liveExchangeRates: row.liveExchangeRates,
  rateUpdatedAt: row.rateUpdatedAt?.toISOString() ?? null,
  rateError: row.rateError,
  isShopCurrency: row.isoCode.toUpperCase() === shopCurrency.toUpperCase(),
  updatedAt: row.updatedAt.toISOString(),
});

const ENGLISH = "en";
export const ENGLISH_REQUIRED = "English is the fallback language: it cannot be unpublished or deleted.";
export const SHOP_CURRENCY_REQUIRED = "The shop currency cannot be disabled or deleted.";

/** Languages and currencies a school offers (area "international"). */
export function createInternationalService(
  db: Db,
  deps: {
    audit: AuditService;
    settings: SettingsService;
    editingLanguages: EditingLanguagesService;
    /** Called after a currency was added, changed or deleted (the storefront caches them). */
    onCurrenciesChanged?: (companyId: string) => void;
    /** Called in the transaction that turns live rates on for a currency (a refresh is enqueued). */
    liveRatesTurnedOn?: (tx: Queryable, companyId: string) => Promise<void>;
  },
) {
  const { audit, settings, editingLanguages } = deps;
  const currenciesChanged = <T>(companyId: string, result: T): T => {
    deps.onCurrenciesChanged?.(companyId);
    return result;
  };
  const shopCurrency = async (companyId: string) => (await settings.storeInfo(companyId)).currency;
  const languageById = (companyId: string, id: string) =>
    and(eq(languages.companyId, companyId), eq(languages.id, id));
  const currencyById = (companyId: string, id: string) =>
    and(eq(currencies.companyId, companyId), eq(currencies.id, id));

  async function assertLanguageFree(companyId: string, isoCode: string, exceptId?: string) {
    const [taken] = await db
      .select({ id: languages.id })
      .from(languages)
      .where(
        and(
          eq(languages.companyId, companyId),
          sql`lower(${languages.isoCode}) = ${isoCode.toLowerCase()}`,
          ...(exceptId ? [ne(languages.id, exceptId)] : []),
        ),
      );
    if (taken) throw conflict(`A language with ISO code "${isoCode}" already exists.`, "LANGUAGE_EXISTS");
  }

  async function assertCurrencyFree(companyId: string, isoCode: string, exceptId?: string) {
    const [taken] = await db
      .select({ id: currencies.id })
      .from(currencies)
      .where(
        and(
          eq(currencies.companyId, companyId),
          sql`upper(${currencies.isoCode}) = ${isoCode.toUpperCase()}`,
          ...(exceptId ? [ne(currencies.id, exceptId)] : []),
        ),
      );
    if (taken) throw conflict(`A currency with ISO code "${isoCode}" already exists.`, "CURRENCY_EXISTS");
  }

  return {
    async listLanguages(companyId: string, query: AdminListLanguagesQuery) {
      const conditions: SQL[] = [eq(languages.companyId, companyId)];
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(
            ilike(languages.name, pattern),
            ilike(languages.isoCode, pattern),
            ilike(languages.languageCode, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      const column = { name: languages.name, isoCode: languages.isoCode, published: languages.published }[
        query.sort ?? "name"
      ];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(languages)
          .where(where)
          .orderBy(direction(column), asc(languages.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(languages).where(where),
      ]);
      return listPage(rows.map(toLanguage), total?.value ?? 0, query);
    },

    async createLanguage(companyId: string, input: LanguageInput, actor: StaffActor): Promise<Language> {
      await assertLanguageFree(companyId, input.isoCode);
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(languages)
          .values({ companyId, ...input, flag: input.flag || null })
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "language",
          entityId: row!.id,
          summary: `${input.name} (${input.isoCode})`,
        });
        return toLanguage(row!);
      });
      editingLanguages.invalidate(companyId); // the published languages are cached for every page
      return result;
    },

    async updateLanguage(
      companyId: string,
      id: string,
      input: LanguageInput,
      actor: StaffActor,
    ): Promise<Language> {
      const [before] = await db.select().from(languages).where(languageById(companyId, id));
      if (!before) throw notFound(`No language "${id}" exists.`, "LANGUAGE_NOT_FOUND");
      if (before.isoCode.toLowerCase() === ENGLISH && (!input.published || input.isoCode !== ENGLISH)) {
        throw businessRule(ENGLISH_REQUIRED, "ENGLISH_REQUIRED");
      }
      await assertLanguageFree(companyId, input.isoCode, id);
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(languages)
          .set({ ...input, flag: input.flag || null })
          .where(languageById(companyId, id))
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "language",
          entityId: id,
          summary: `${input.name} (${input.isoCode})`,
          changes:
            before.published !== input.published
              ? { published: { from: before.published, to: input.published } }
              : null,
        });
        return toLanguage(row!);
      });
      editingLanguages.invalidate(companyId); // the published languages are cached for every page
      return result;
    },

    async deleteLanguages(companyId: string, ids: string[], actor: StaffActor): Promise<number> {
      const result = await db.transaction(async (tx) => {
        let removed = 0;
        for (const id of ids) {
          const [row] = await tx.select().from(languages).where(languageById(companyId, id));
          if (!row) continue;
          if (row.isoCode.toLowerCase() === ENGLISH) throw businessRule(ENGLISH_REQUIRED, "ENGLISH_REQUIRED");
          await tx.delete(languages).where(languageById(companyId, id));
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "language",
            entityId: id,
            summary: `${row.name} (${row.isoCode})`,
          });
          removed += 1;
        }
        if (removed === 0) throw notFound(`No language "${ids.join(", ")}" exists.`, "LANGUAGE_NOT_FOUND");
        return removed;
      });
      editingLanguages.invalidate(companyId); // the published languages are cached for every page
      return result;
    },

    async listCurrencies(companyId: string, query: AdminListCurrenciesQuery) {
      const conditions: SQL[] = [eq(currencies.companyId, companyId)];
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(
            ilike(currencies.name, pattern),
            ilike(currencies.isoCode, pattern),
            ilike(currencies.symbol, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      const column = {
        name: currencies.name,
        isoCode: currencies.isoCode,
        exchangeRate: currencies.exchangeRate,
        enabled: currencies.enabled,
      }[query.sort ?? "name"];
      const [rows, [total], shop] = await Promise.all([
        db
          .select()
          .from(currencies)
          .where(where)
          .orderBy(direction(column), asc(currencies.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(currencies).where(where),
        shopCurrency(companyId),
      ]);
      return listPage(
        rows.map((row) => toCurrency(row, shop)),
        total?.value ?? 0,
        query,
      );
    },

    /** Enabled currencies (ISO codes) for the settings form's currency choice. */
    async enabledCurrencyCodes(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ isoCode: currencies.isoCode })
        .from(currencies)
        .where(and(eq(currencies.companyId, companyId), eq(currencies.enabled, true)))
        .orderBy(asc(currencies.isoCode));
      return rows.map((row) => row.isoCode.toUpperCase());
    },

    async createCurrency(companyId: string, input: CurrencyInput, actor: StaffActor): Promise<Currency> {
      await assertCurrencyFree(companyId, input.isoCode);
      const shop = await shopCurrency(companyId);
      if (!input.enabled && input.isoCode === shop.toUpperCase())
        throw businessRule(SHOP_CURRENCY_REQUIRED, "SHOP_CURRENCY_REQUIRED");
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(currencies)
          .values({ companyId, ...input, exchangeRate: String(input.exchangeRate) })
          .returning();
        if (input.liveExchangeRates) await deps.liveRatesTurnedOn?.(tx, companyId);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "currency",
          entityId: row!.id,
          summary: `${input.name} (${input.isoCode})`,
        });
        return toCurrency(row!, shop);
      });
      return currenciesChanged(companyId, created);
    },

    async updateCurrency(
      companyId: string,
      id: string,
      input: CurrencyInput,
      actor: StaffActor,
    ): Promise<Currency> {
      const [before] = await db.select().from(currencies).where(currencyById(companyId, id));
      if (!before) throw notFound(`No currency "${id}" exists.`, "CURRENCY_NOT_FOUND");
      const shop = (await shopCurrency(companyId)).toUpperCase();
      const wasShop = before.isoCode.toUpperCase() === shop;
      if (wasShop && (!input.enabled || input.isoCode !== shop))
        throw businessRule(SHOP_CURRENCY_REQUIRED, "SHOP_CURRENCY_REQUIRED");
      await assertCurrencyFree(companyId, input.isoCode, id);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(currencies)
          .set({ ...input, exchangeRate: String(input.exchangeRate) })
          .where(currencyById(companyId, id))
          .returning();
        if (input.liveExchangeRates && !before.liveExchangeRates)
          await deps.liveRatesTurnedOn?.(tx, companyId);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "currency",
          entityId: id,
          summary: `${input.name} (${input.isoCode})`,
          changes: {
            ...(trimRate(before.exchangeRate) !== trimRate(String(input.exchangeRate))
              ? { exchangeRate: { from: trimRate(before.exchangeRate), to: String(input.exchangeRate) } }
              : {}),
            ...(before.enabled !== input.enabled
              ? { enabled: { from: before.enabled, to: input.enabled } }
              : {}),
          },
        });
        return toCurrency(row!, shop);
      });
      return currenciesChanged(companyId, updated);
    },

    async deleteCurrencies(companyId: string, ids: string[], actor: StaffActor): Promise<number> {
      const shop = (await shopCurrency(companyId)).toUpperCase();
      const removed = await db.transaction(async (tx) => {
        let removed = 0;
        for (const id of ids) {
          const [row] = await tx.select().from(currencies).where(currencyById(companyId, id));
          if (!row) continue;
          if (row.isoCode.toUpperCase() === shop)
            throw businessRule(SHOP_CURRENCY_REQUIRED, "SHOP_CURRENCY_REQUIRED");
          await tx.delete(currencies).where(currencyById(companyId, id));
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "currency",
            entityId: id,
            summary: `${row.name} (${row.isoCode})`,
          });
          removed += 1;
        }
        if (removed === 0) throw notFound(`No currency "${ids.join(", ")}" exists.`, "CURRENCY_NOT_FOUND");
        return removed;
      });
      return currenciesChanged(companyId, removed);
    },
  };
}

export type InternationalService = ReturnType<typeof createInternationalService>;
