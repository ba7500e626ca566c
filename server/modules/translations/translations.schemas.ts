import { z } from "zod";
import { listPageSchema, pageNumber, wholeNumber } from "../../lib/list-query";

/** The longest text an override may have (the longest default is well under 500 characters). */
export const TRANSLATION_MAX_LENGTH = 2000;

const language = z
  .string({ message: "Please choose a language" })
  .trim()
  .toLowerCase()
  .max(2, "The language is a two-letter ISO code, e.g. nl")
  .regex(/^[a-z]{2}$/, "The language is a two-letter ISO code, e.g. nl");

const key = z
  .string({ message: "Please give the key of the text" })
  .trim()
  .min(1, "Please give the key of the text")
  .max(200, "The key must have at most 200 characters");

export const AdminListTranslationsQuery = z.strictObject({
  language: language.default("en"),
  search: z.string().trim().max(200, "The search text must have at most 200 characters").optional(),
  page: pageNumber(),
  limit: wholeNumber("limit", 1, 100).default(20),
});
export type AdminListTranslationsQuery = z.output<typeof AdminListTranslationsQuery>;

export const TranslationInput = z.strictObject({
  language,
  key,
  text: z
    .string({ message: "Please enter the text" })
    .min(1, "Please enter the text (or reset it to the default)")
    .max(TRANSLATION_MAX_LENGTH, `The text must have at most ${TRANSLATION_MAX_LENGTH} characters`)
    .refine((text) => text.trim().length > 0, "Please enter the text (or reset it to the default)"),
});
export type TranslationInput = z.output<typeof TranslationInput>;

export const TranslationKeyQuery = z.strictObject({ language, key });
export type TranslationKeyQuery = z.output<typeof TranslationKeyQuery>;

export const Translation = z
  .object({
    key: z.string(),
    /** The English text from the code. */
    english: z.string(),
    /** The text the code has in this language (English where it has none). */
    defaultText: z.string(),
    /** The school's own text, or null when the default is used. */
    override: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: "Translation" });
export type Translation = z.output<typeof Translation>;

export const TranslationList = listPageSchema(Translation).extend({ language: z.string() });
export type TranslationList = z.output<typeof TranslationList>;
