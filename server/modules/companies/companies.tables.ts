import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";

/** A school (tenant). Exactly one company is the default for requests that name none. */
export const companies = pgTable(
  "companies",
  {
    id: id(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    /** Set by a platform operator: the school's pages and API answer "not available" until resumed. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("companies_slug_key").on(t.slug)],
);

/**
 * The hostnames a school is served at (docs/decisions/019-school-addresses.md): its subdomain of the
 * platform's domain and any custom domains, lower case, without port. A request whose `Host` is one
 * of them is for that school, whatever its `company` header or cookie says. The primary one is the
 * school's public address, used for every absolute link.
 */
export const companyHostnames = pgTable(
  "company_hostnames",
  {
    hostname: text("hostname").primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: "cascade" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("company_hostnames_company_idx").on(t.companyId),
    uniqueIndex("company_hostnames_primary_key").on(t.companyId).where(sql`${t.isPrimary}`),
  ],
);
