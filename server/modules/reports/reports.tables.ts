import { bigint, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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
