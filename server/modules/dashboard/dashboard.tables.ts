import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId } from "../../db/columns";

/*
 * The dashboard's roll-ups (migration 0007, docs/decisions/010-dashboard-rollups.md): summary rows that
 * triggers on orders and order_lines keep exact. Only the database writes them; the dashboard service
 * reads them. `slot` (0–15, a hash of the order id) spreads concurrent checkouts over several rows:
 * readers sum over it.
 */

/** Orders and their shop-currency totals per UTC hour and status. */
export const dashboardOrderHours = pgTable(
  "dashboard_order_hours",
  {
    companyId: companyId(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull().default(0),
    baseTotalCents: bigint("base_total_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "dashboard_order_hours_pkey", columns: [t.companyId, t.status, t.hour, t.slot] }),
  ],
);

/** All-time orders and shop-currency totals per status, channel and payment method. */
export const dashboardOrderTotals = pgTable(
  "dashboard_order_totals",
  {
    companyId: companyId(),
    status: text("status").notNull(),
    channel: text("channel").notNull(),
    paymentMethod: text("payment_method").notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull().default(0),
    baseTotalCents: bigint("base_total_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "dashboard_order_totals_pkey",
      columns: [t.companyId, t.status, t.channel, t.paymentMethod, t.slot],
    }),
  ],
);

/** Seats sold per course in paid orders (processing, delivered), and the number of those lines. */
export const dashboardCourseSales = pgTable(
  "dashboard_course_sales",
  {
    companyId: companyId(),
    courseId: uuid("course_id").notNull(),
    sold: bigint("sold", { mode: "number" }).notNull().default(0),
    lines: integer("lines").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "dashboard_course_sales_pkey", columns: [t.companyId, t.courseId] }),
    index("dashboard_course_sales_top_idx").on(t.companyId, t.sold.desc()).where(sql`${t.lines} > 0`),
  ],
);

/**
 * Paid lines' totals per course and order currency: as charged (`lineCents`) and in the shop currency at
 * the order's own rate (`baseCents`). The shop currency is a setting, so the reader picks per currency.
 */
export const dashboardCourseRevenue = pgTable(
  "dashboard_course_revenue",
  {
    companyId: companyId(),
    courseId: uuid("course_id").notNull(),
    currency: text("currency").notNull(),
    lineCents: bigint("line_cents", { mode: "number" }).notNull().default(0),
    baseCents: bigint("base_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "dashboard_course_revenue_pkey", columns: [t.companyId, t.courseId, t.currency] }),
  ],
);

/*
 * Money that moved (migration 0015, decision 017): payments received (`payments.received_at`) and refunds
 * (`refunds.created_at`), in the shop currency at the order's own rate, kept by triggers on payments,
 * refunds and orders. Sales on the dashboard are received minus refunded.
 */

/** Money received and refunded per UTC hour. */
export const dashboardMoneyHours = pgTable(
  "dashboard_money_hours",
  {
    companyId: companyId(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    slot: smallint("slot").notNull(),
    receivedCents: bigint("received_cents", { mode: "number" }).notNull().default(0),
    refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "dashboard_money_hours_pkey", columns: [t.companyId, t.hour, t.slot] })],
);

/** All-time money received and refunded per payment method of the order. */
export const dashboardMoneyTotals = pgTable(
  "dashboard_money_totals",
  {
    companyId: companyId(),
    paymentMethod: text("payment_method").notNull(),
    slot: smallint("slot").notNull(),
    receivedCents: bigint("received_cents", { mode: "number" }).notNull().default(0),
    refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "dashboard_money_totals_pkey", columns: [t.companyId, t.paymentMethod, t.slot] }),
  ],
);
