import { bigint, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companyId, timestamps } from "../../db/columns";

/** Named setting groups per company ("global", "store", "tax", …), each a JSON object. */
export const settings = pgTable(
  "settings",
  {
    companyId: companyId(),
    name: text("name").notNull(),
    value: jsonb("value").$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

/** Gapless per-company sequences (order numbers, invoice numbers), advanced inside the writing transaction. */
export const counters = pgTable(
  "counters",
  {
    companyId: companyId(),
    name: text("name").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);
