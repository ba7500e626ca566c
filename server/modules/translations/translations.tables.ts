import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";

/**
 * A school's own wording of one interface text in one language (International › Translations).
 * The default text stays in the code (app/i18n/locales); a row here replaces it for that school.
 */
export const translationOverrides = pgTable(
  "translation_overrides",
  {
    id: id(),
    companyId: companyId(),
    /** ISO 639-1 code, lower case, e.g. "nl". */
    language: text("language").notNull(),
    /** The dotted key of the text, e.g. "storefront.footer.tagline". */
    key: text("key").notNull(),
    text: text("text").notNull(),
    /** The staff member who saved it last (no foreign key: the staff member may be removed later). */
    updatedBy: uuid("updated_by"),
    updatedByEmail: text("updated_by_email"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("translation_overrides_company_language_key").on(t.companyId, t.language, t.key)],
);
