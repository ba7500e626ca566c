import { z } from "zod";
import { CURRENCY_CODE } from "~shared/currency-cookie";

/** The `currency` query parameter of the public API: an ISO 4217 code, any case. */
export const CurrencyParam = z
  .string()
  .trim()
  .max(3, "currency must be a three-letter ISO code, e.g. USD")
  .regex(CURRENCY_CODE, "currency must be a three-letter ISO code, e.g. USD")
  .transform((value) => value.toUpperCase())
  .describe(
    "Show prices in this enabled currency (ISO 4217); otherwise the `currency` cookie, else the shop currency",
  );

/** Query of public routes that answer with prices: the currency and the language. */
export const StoreCurrencyQuery = z.strictObject({
  currency: CurrencyParam.optional(),
  lng: z.string().max(10).optional(),
});
