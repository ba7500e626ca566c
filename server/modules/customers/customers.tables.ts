import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";

/** A learner or buyer. A customer without a password was created by a guest checkout or an import. */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    phone: text("phone"),
    image: text("image"),
    address: text("address"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("customers_company_email_key").on(t.companyId, sql`lower(${t.email})`),
    index("customers_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
