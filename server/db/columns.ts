import { sql } from "drizzle-orm";
import { jsonb, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Translatable } from "~shared/translatable";
import { uuidv7 } from "../lib/ids";

/** Primary key: UUIDv7 from the app; the database default covers rows made by set-based SQL. */
export const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(() => uuidv7());

/** The tenant that owns the row; every tenant-owned table has it. */
export const companyId = () => uuid("company_id").notNull();

export const translatable = (name: string) => jsonb(name).$type<Translatable>().notNull().default({ en: "" });

export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
