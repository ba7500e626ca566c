import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { ReadCache } from "../../lib/read-cache";
import { currencies } from "../international/international.tables";
import type { SettingsService } from "../settings/settings.service";
import { type Conversion, createConversion } from "./exchange";

/** A currency a visitor can choose on the storefront. */
export interface CurrencyOption {
  isoCode: string;
  symbol: string;
  name: string;
}

/** The currencies offered to a visitor and the one their prices are shown in. */
export interface CurrencyChoice {
  selected: string;
  /** The shop currency first, then the other enabled currencies by ISO code. */
  options: CurrencyOption[];
}

interface CompanyCurrencies {
  /** Enabled currencies by upper-case ISO code. */
  enabled: Map<string, { option: CurrencyOption; rate: string }>;
  /** Conversions built so far, by "BASE>CODE" (the shop currency can change in the settings). */
  conversions: Map<string, Conversion>;
}

/**
 * The currencies a school shows prices in (International › Currencies) and conversions from the
 * shop currency into them. The table is cached per company and dropped by `invalidate` after
 * every currency write (on every instance, given the cache bus); the shop currency comes from the
 * settings (cached there).
 */
export function createCurrencyService(
  db: Db,
  deps: { settings: Pick<SettingsService, "storeInfo" | "knownCurrency">; bus?: CacheBus },
) {
  const cache = new ReadCache<CompanyCurrencies>(1000);
  const invalidateEverywhere = sharedInvalidation(deps.bus, "currencies", (companyId) =>
    cache.drop(companyId),
  );

  const table = (companyId: string) =>
    cache.get(companyId, "currencies", async () => {
      const rows = await db
        .select({
          isoCode: currencies.isoCode,
          symbol: currencies.symbol,
          name: currencies.name,
          rate: currencies.exchangeRate,
          enabled: currencies.enabled,
        })
        .from(currencies)
        .where(eq(currencies.companyId, companyId));
      const enabled = new Map<string, { option: CurrencyOption; rate: string }>();
      for (const row of rows) {
        if (!row.enabled) continue;
        const isoCode = row.isoCode.toUpperCase();
        enabled.set(isoCode, { option: { isoCode, symbol: row.symbol, name: row.name }, rate: row.rate });
      }
      return { enabled, conversions: new Map() };
    });

  async function shopCurrency(companyId: string) {
    return (await deps.settings.storeInfo(companyId)).currency.toUpperCase();
  }

  /** The conversion into the currency `requested` names (the shop currency's own when not enabled). */
  function conversionFor(data: CompanyCurrencies, base: string, requested: string | null | undefined) {
    const chosen = pick(data, base, requested);
    const key = chosen ? `${base}>${chosen.option.isoCode}` : base;
    let conversion = data.conversions.get(key);
    if (!conversion) {
      conversion = chosen
        ? createConversion(base, chosen.option.isoCode, chosen.rate)
        : createConversion(base, base, "1");
      data.conversions.set(key, conversion);
    }
    return conversion;
  }

  /** The enabled currency `requested` names, else the shop currency (unknown, disabled or none). */
  function pick(data: CompanyCurrencies, base: string, requested: string | null | undefined) {
    const code = requested?.trim().toUpperCase();
    return code && code !== base ? data.enabled.get(code) : undefined;
  }

  return {
    /**
     * Shop-currency amounts in the currency a visitor asked for. An unknown or disabled currency
     * (or none) gives the shop currency itself, so a request never fails over its currency.
     */
    async resolve(companyId: string, requested?: string | null): Promise<Conversion> {
      const [data, base] = await Promise.all([table(companyId), shopCurrency(companyId)]);
      return conversionFor(data, base, requested);
    },

    /** `resolve` when the currencies and the settings are in memory (no promise; decision 036), else undefined. */
    resolveKnown(companyId: string, requested?: string | null): Conversion | undefined {
      const data = cache.peek(companyId, "currencies");
      const base = deps.settings.knownCurrency(companyId)?.toUpperCase();
      return data && base ? conversionFor(data, base, requested) : undefined;
    },

    /** What the storefront's currency picker offers, and the visitor's current choice. */
    async choice(companyId: string, requested?: string | null): Promise<CurrencyChoice> {
      const [data, base] = await Promise.all([table(companyId), shopCurrency(companyId)]);
      const baseOption = data.enabled.get(base)?.option ?? { isoCode: base, symbol: base, name: base };
      const others = [...data.enabled.values()]
        .map((entry) => entry.option)
        .filter((option) => option.isoCode !== base)
        .sort((a, b) => a.isoCode.localeCompare(b.isoCode));
      return {
        selected: pick(data, base, requested)?.option.isoCode ?? base,
        options: [baseOption, ...others],
      };
    },

    /** Drops the cached currencies of a company on every instance; call after every currency write. */
    invalidate: invalidateEverywhere,
  };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
