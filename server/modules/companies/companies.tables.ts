import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "../../db/columns";

/** A school (tenant). Exactly one company is the default for requests that name none. */
export const companies = pgTable(
  "companies",
  {
    id: id(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("companies_slug_key").on(t.slug)],
);
