import { z } from "zod";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";

const text = (label: string, max: number) =>
  z
    .string({ message: `Please enter the ${label}` })
    .trim()
    .min(1, `Please enter the ${label}`)
    .max(max, `The ${label} must have at most ${max} characters`);

export const LanguageInput = z.strictObject({
  name: text("name", 60),
  isoCode: z
    .string({ message: "Please enter the ISO code" })
    .trim()
    .max(2, "The ISO code is two letters, e.g. nl")
    .toLowerCase()
    .regex(/^[a-z]{2}$/, "The ISO code is two letters, e.g. nl"),
  languageCode: z
    .string({ message: "Please enter the language code" })
    .trim()
    .max(35, "The language code looks like nl-NL")
    .regex(/^[a-zA-Z]{2}(-[a-zA-Z0-9]{2,8})*$/, "The language code looks like nl-NL"),
  flag: z.string().trim().max(16, "The flag must have at most 16 characters").default(""),
  published: z.boolean().default(true),
});
export type LanguageInput = z.output<typeof LanguageInput>;

export const Language = z
  .object({
    id: z.string(),
    name: z.string(),
    isoCode: z.string(),
    languageCode: z.string(),
    flag: z.string().nullable(),
    published: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "Language" });
export type Language = z.output<typeof Language>;

export const LANGUAGE_SORTS = ["name", "isoCode", "published"] as const;
export const AdminListLanguagesQuery = AdminListQuery.extend({
  sort: z.enum(LANGUAGE_SORTS, { message: `sort must be one of ${LANGUAGE_SORTS.join(", ")}` }).optional(),
});
export type AdminListLanguagesQuery = z.output<typeof AdminListLanguagesQuery>;
export const LanguageList = listPageSchema(Language);

/** A positive decimal with at most 10 digits before and 8 after the point, as text. */
const RATE_MESSAGE = "The exchange rate must be a number greater than 0 with at most 8 decimals";
const rate = z
  .union(
    [
      z.string().trim().max(19, RATE_MESSAGE),
      z.number().min(0, RATE_MESSAGE).max(9_999_999_999, RATE_MESSAGE),
    ],
    { message: "The exchange rate must be a number greater than 0" },
  )
  .refine((value) => /^\d{1,10}(\.\d{1,8})?$/.test(String(value)) && Number(value) > 0, RATE_MESSAGE);

export const CurrencyInput = z.strictObject({
  name: text("name", 60),
  symbol: text("symbol", 8),
  isoCode: z
    .string({ message: "Please enter the ISO code" })
    .trim()
    .max(3, "The ISO code is three letters, e.g. EUR")
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "The ISO code is three letters, e.g. EUR"),
  exchangeRate: rate,
  enabled: z.boolean().default(true),
  liveExchangeRates: z.boolean().default(false),
});
export type CurrencyInput = z.output<typeof CurrencyInput>;

export const Currency = z
  .object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    isoCode: z.string(),
    exchangeRate: z.string().describe("Exact decimal, units per one unit of the shop currency"),
    enabled: z.boolean(),
    liveExchangeRates: z.boolean(),
    rateUpdatedAt: z.string().nullable().describe("When the live rate was last read from the provider"),
    rateError: z.string().nullable().describe("Why the last live refresh failed (the rate before it stays)"),
    isShopCurrency: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "Currency" });
export type Currency = z.output<typeof Currency>;

export const CURRENCY_SORTS = ["name", "isoCode", "exchangeRate", "enabled"] as const;
export const AdminListCurrenciesQuery = AdminListQuery.extend({
  sort: z.enum(CURRENCY_SORTS, { message: `sort must be one of ${CURRENCY_SORTS.join(", ")}` }).optional(),
});
export type AdminListCurrenciesQuery = z.output<typeof AdminListCurrenciesQuery>;
export const CurrencyList = listPageSchema(Currency);
