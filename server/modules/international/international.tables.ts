import { sql } from "drizzle-orm";
import { boolean, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";

/** Languages a school offers; only published ones appear in the switchers. */
export const languages = pgTable(
  "languages",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** ISO 639-1, e.g. "nl". */
    isoCode: text("iso_code").notNull(),
    /** BCP 47 tag used for formatting, e.g. "nl-NL". */
    languageCode: text("language_code").notNull(),
    flag: text("flag"),
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("languages_company_iso_key").on(t.companyId, sql`lower(${t.isoCode})`)],
);

/** Currencies a school shows prices in, with the rate from the shop currency. */
export const currencies = pgTable(
  "currencies",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** ISO 4217, e.g. "EUR". */
    isoCode: text("iso_code").notNull(),
    /** Units of this currency per one unit of the shop currency (exact decimal). */
    exchangeRate: numeric("exchange_rate", { precision: 18, scale: 8 }).notNull().default("1"),
    enabled: boolean("enabled").notNull().default(true),
    liveExchangeRates: boolean("live_exchange_rates").notNull().default(false),
    /** When the live rate was last read from the provider (null: never). */
    rateUpdatedAt: timestamp("rate_updated_at", { withTimezone: true }),
    /** Why the last live refresh failed (null: it worked); the rate before it stays. */
    rateError: text("rate_error"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("currencies_company_iso_key").on(t.companyId, sql`upper(${t.isoCode})`)],
);
