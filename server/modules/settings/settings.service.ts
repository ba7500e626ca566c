import { and, eq } from "drizzle-orm";
import { type DateFormat, DEFAULT_DATE_FORMAT, isDateFormat } from "~shared/date-formats";
import { isSupportedLanguage, type Language } from "~shared/language";
import type { Db, Queryable } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { ReadCache } from "../../lib/read-cache";
import { settings } from "./settings.tables";

/** What the storefront shows about the school: header, footer, invoices. */
export interface StoreInfo {
  shopName: string;
  /** Address of the uploaded logo ("" when none). */
  logo: string;
  companyName: string;
  vatNumber: string;
  addressLines: string[];
  phones: string[];
  email: string;
  website: string;
  currency: string;
  defaultLanguage: string;
  /**
   * The language of visitors without a preference of their own, before their browser's: the
   * school's default language when staff chose one the site speaks, else undefined (the browser's).
   */
  visitorLanguage: Language | undefined;
  /** Opening hours as the school wrote them ("" when not set): invoices and the site footer. */
  workingHours: string;
  /** The footer text of receipts and invoices ("" when not set). */
  receiptFooter: string;
  timeZone: string;
  /** How every date is shown (Settings → Date format). */
  dateFormat: DateFormat;
}

export interface TaxSettings {
  country: string;
  vatRateBp: number;
  pricesIncludeVat: boolean;
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const currencyOf = (global: Record<string, unknown>) => text(global.currency, "EUR");
const visitorLanguageOf = (global: Record<string, unknown>) =>
  isSupportedLanguage(global.defaultLanguage) ? global.defaultLanguage : undefined;

/** Settings per company, cached and dropped on write, on every instance when given the cache bus. */
export function createSettingsService(db: Db, deps: { bus?: CacheBus } = {}) {
  const cache = new ReadCache<Record<string, unknown>>();
  const invalidateEverywhere = sharedInvalidation(deps.bus, "settings", (companyId) => cache.drop(companyId));

  const read = (companyId: string, name: string) =>
    cache.get(companyId, name, async () => {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.companyId, companyId), eq(settings.name, name)));
      return row?.value ?? {};
    });

  return {
    read,

    async storeInfo(companyId: string): Promise<StoreInfo> {
      const global = await read(companyId, "global");
      return {
        shopName: text(global.shopName),
        logo: text(global.logo),
        companyName: text(global.companyName),
        vatNumber: text(global.vatNumber),
        addressLines: [global.addressLine1, global.addressLine2, global.addressLine3]
          .map((v) => text(v))
          .filter(Boolean),
        phones: [global.contactPhone, global.contactPhone2].map((v) => text(v)).filter(Boolean),
        email: text(global.email),
        website: text(global.website),
        currency: currencyOf(global),
        defaultLanguage: text(global.defaultLanguage) || "en",
        visitorLanguage: visitorLanguageOf(global),
        workingHours: text(global.workingHours),
        receiptFooter: text(global.receiptFooter),
        timeZone: text(global.timeZone, "Europe/Amsterdam"),
        dateFormat: isDateFormat(global.dateFormat) ? global.dateFormat : DEFAULT_DATE_FORMAT,
      };
    },

    /** The shop currency when the settings are in memory (no promise; decision 036), else undefined. */
    knownCurrency(companyId: string): string | undefined {
      const global = cache.peek(companyId, "global");
      return global && currencyOf(global);
    },

    /**
     * The school's visitor language (`storeInfo().visitorLanguage`, null for none) when the settings are
     * in memory, else undefined: no promise.
     */
    knownVisitorLanguage(companyId: string): Language | null | undefined {
      const global = cache.peek(companyId, "global");
      return global && (visitorLanguageOf(global) ?? null);
    },

    async tax(companyId: string): Promise<TaxSettings> {
      const tax = await read(companyId, "tax");
      return {
        country: text(tax.country, "NL"),
        vatRateBp: typeof tax.vatRateBp === "number" ? tax.vatRateBp : 2100,
        pricesIncludeVat: tax.pricesIncludeVat !== false,
      };
    },

    /**
     * Replaces one settings group of a company. Pass the caller's transaction as `tx` to write
     * inside it: this process's cache is dropped at once, and the caller calls `invalidate` after
     * the commit. Without `tx` the write is committed here, and every instance is told.
     */
    async write(companyId: string, name: string, value: Record<string, unknown>, tx: Queryable = db) {
      await tx
        .insert(settings)
        .values({ companyId, name, value })
        .onConflictDoUpdate({
          target: [settings.companyId, settings.name],
          set: { value, updatedAt: new Date() },
        });
      if (tx === db) invalidateEverywhere(companyId);
      else cache.invalidate(companyId);
    },

    /** Drops a company's cached groups on every instance (after a transaction that wrote them commits). */
    invalidate: invalidateEverywhere,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
