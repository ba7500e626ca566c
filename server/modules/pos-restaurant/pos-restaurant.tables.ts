import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, id } from "../../db/columns";

/** A restaurant table the point of sale takes orders for ("Table 4", "Terrace 2"), set in POS Setting. */
export const posTables = pgTable(
  "pos_tables",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** How many people it seats (optional). */
    seats: integer("seats"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pos_tables_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    check("pos_tables_seats_positive", sql`${t.seats} is null or ${t.seats} > 0`),
  ],
);

/** One line of a parked order as the kitchen and the list show it (priced when it was parked). */
export interface ParkedLine {
  title: string;
  quantity: number;
  extras: string[];
  note: string | null;
  totalCents: number;
}

/**
 * An order held at the counter (a table's open order): the cart to resume, its lines and total as
 * priced when parked, who parked it and when, and when it was last sent to the kitchen. Paying it
 * makes a normal POS sale and removes the row in the same transaction.
 */
export const posParkedOrders = pgTable(
  "pos_parked_orders",
  {
    id: id(),
    companyId: companyId(),
    tableId: uuid("table_id").references(() => posTables.id, { onDelete: "restrict" }),
    /** The sale body without payments (items with extras, courses, discounts, customer). */
    cart: jsonb("cart").$type<Record<string, unknown>>().notNull(),
    lines: jsonb("lines").$type<ParkedLine[]>().notNull(),
    notes: text("notes"),
    customerName: text("customer_name"),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    parkedBy: uuid("parked_by"),
    parkedByName: text("parked_by_name").notNull(),
    parkedAt: timestamp("parked_at", { withTimezone: true }).notNull().defaultNow(),
    sentToKitchenAt: timestamp("sent_to_kitchen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open order per table.
    uniqueIndex("pos_parked_orders_table_key").on(t.tableId).where(sql`${t.tableId} is not null`),
    index("pos_parked_orders_company_parked_idx").on(t.companyId, t.parkedAt),
  ],
);
