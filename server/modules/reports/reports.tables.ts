import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId } from "../../db/columns";

/*
 * The reports' roll-up (migration 0032, docs/decisions/037-report-rollups.md): paid orders (processing,
 * delivered) per UTC hour of their placing, currency, channel and payment method, kept exact by statement
 * triggers on orders. Only the database writes it; the reports service reads it for sales over time, payment
 * methods and channels. Each amount is summed as charged and in the shop currency at the order's own rate
 * (`base_*`, each order rounded on its own): the shop currency is a setting, so the reader picks per currency.
 */
export const reportOrderHours = pgTable(
  "report_order_hours",
  {
    companyId: companyId(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    channel: text("channel").notNull(),
    paymentMethod: text("payment_method").notNull(),
    orders: integer("orders").notNull().default(0),
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull().default(0),
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
    baseSubtotalCents: bigint("base_subtotal_cents", { mode: "number" }).notNull().default(0),
    baseDiscountCents: bigint("base_discount_cents", { mode: "number" }).notNull().default(0),
    baseVatCents: bigint("base_vat_cents", { mode: "number" }).notNull().default(0),
    baseTotalCents: bigint("base_total_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "report_order_hours_pkey",
      columns: [t.companyId, t.hour, t.currency, t.channel, t.paymentMethod],
    }),
  ],
);

/** The keys and amounts of a report fact, per order (report_order_facts) or summed per day (report_days). */
const factColumns = () => ({
  currency: text("currency").notNull(),
  key1: text("key1"),
  key2: text("key2"),
  key3: text("key3"),
  rate: integer("rate"),
  title: jsonb("title"),
  quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
  orders: integer("orders").notNull().default(0),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
  baseAmountCents: bigint("base_amount_cents", { mode: "number" }).notNull().default(0),
  taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
  baseTaxCents: bigint("base_tax_cents", { mode: "number" }).notNull().default(0),
});

/*
 * What each paid order adds to the reports read per order line (migration 0034, decision 037's addendum):
 * `item` (kind, course or product id, the line's English title when it has neither), `category` (the
 * course's or product's category today), `tax` (country, tax name, rate), each with the order's UTC time,
 * currency and its amounts as charged and in the shop currency at the order's own rate. Kept by statement
 * triggers on orders, order lines, courses and products (an order is recomputed whole when it or a line
 * changes); the reports read the edges of a period (less than a UTC day at each end) from it.
 */
export const reportOrderFacts = pgTable(
  "report_order_facts",
  {
    companyId: companyId(),
    orderId: uuid("order_id").notNull(),
    report: text("report").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ...factColumns(),
  },
  (t) => [
    index("report_order_facts_order_idx").on(t.orderId),
    index("report_order_facts_company_at_idx").on(t.companyId, t.report, t.at),
  ],
);

/**
 * The facts summed per company × report × UTC day × currency × key: the reports read the whole UTC days of a
 * period from it (each order lies in one day, so an order counted once per key and day sums exactly).
 */
export const reportDays = pgTable(
  "report_days",
  {
    companyId: companyId(),
    report: text("report").notNull(),
    day: date("day").notNull(),
    ...factColumns(),
    /**
     * The item report's course or product id as a uuid (key2 is text for every report): the partial covering
     * index `report_days_items_idx` (company, item_id, key1, key3, day; migration 0036, raw SQL: drizzle cannot
     * declare INCLUDE) hands a long period's item rows over already grouped, so they are summed without a hash.
     */
    itemId: uuid("item_id").generatedAlwaysAs(sql`case when report = 'item' then key2::uuid end`),
  },
  (t) => [
    unique("report_days_key")
      .on(t.companyId, t.report, t.day, t.currency, t.key1, t.key2, t.key3, t.rate)
      .nullsNotDistinct(),
  ],
);

/**
 * Each paid order of a customer with the time of the customer's previous paid order (`prev_at`, null for the
 * first) and of the first (`first_at`): the customers report counts a period's distinct customers as its orders
 * whose previous one lies before the period, and its new customers as those whose first lies in it, in one
 * index-only pass without grouping by customer (migration 0036, decision 037). Kept by the statement triggers
 * on orders, which recompute the affected customers' orders whole.
 */
export const reportCustomerOrders = pgTable(
  "report_customer_orders",
  {
    companyId: companyId(),
    orderId: uuid("order_id").primaryKey(),
    customerId: uuid("customer_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    prevAt: timestamp("prev_at", { withTimezone: true }),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    baseTotalCents: bigint("base_total_cents", { mode: "number" }).notNull(),
  },
  (t) => [index("report_customer_orders_customer_idx").on(t.customerId)],
);
