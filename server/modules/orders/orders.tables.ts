import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { INSTALMENT_STATUSES, ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS } from "~shared/order-enums";
import { companyId, id, timestamps, translatable } from "../../db/columns";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { posDrawerSessions } from "../pos-drawer/pos-drawer.tables";

export {
  ORDER_CHANNELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "~shared/order-enums";

/** A shipping address as the order keeps it. */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, and the ISO 3166-2 subdivision code without the country (or null). */
  country: string;
  state: string | null;
}

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    companyId: companyId(),
    code: text("code").notNull(),
    campaignName: translatable("campaign_name"),
    bannerImage: text("banner_image"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    discountType: text("discount_type", { enum: ["percentage", "fixed"] }).notNull(),
    /** Percentage points for "percentage", cents for "fixed". */
    discountValue: integer("discount_value").notNull(),
    minimumAmountCents: integer("minimum_amount_cents").notNull().default(0),
    published: boolean("published").notNull().default(true),
    /** How many orders may use the coupon in all (null: no limit). Cancelled orders give their use back. */
    usageLimit: integer("usage_limit"),
    /** How many orders one customer may use it on (null: no limit). */
    usageLimitPerCustomer: integer("usage_limit_per_customer"),
    /** Restrictions: the coupon applies only to these courses, categories (and their subcategories) or products; all empty: to everything. */
    courseIds: jsonb("course_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default([]),
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex("coupons_company_code_key").on(t.companyId, sql`upper(${t.code})`)],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    companyId: companyId(),
    /** Sequential per company, shown to people. */
    number: integer("number").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull().default("online"),
    /** The cash drawer session a point-of-sale order was taken in (its Z-report counts it). */
    posSessionId: uuid("pos_session_id").references(() => posDrawerSessions.id),
    /** The currency the buyer saw and was charged in (ISO 4217). */
    currency: text("currency").notNull(),
    /** Units of `currency` per one unit of the shop currency when the order was placed (exact decimal). */
    exchangeRate: numeric("exchange_rate", { precision: 18, scale: 8 }).notNull().default("1"),
    /** The order total in the shop currency, for reports across currencies. */
    baseTotalCents: integer("base_total_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    /** VAT rate in basis points (2100 = 21 %). */
    vatRateBp: integer("vat_rate_bp").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** The buyer's country for tax (ISO 3166-1 alpha-2; null: orders from before taxes by country). */
    taxCountry: text("tax_country"),
    /** The buying business and its VAT number, when given at checkout. */
    buyerCompany: text("buyer_company"),
    buyerVatNumber: text("buyer_vat_number"),
    /** EU business buyer from another member state: no VAT charged, the buyer accounts for it. */
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    /** Whether the catalogue prices included tax when the order was placed. */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    totalCents: integer("total_cents").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    notes: text("notes"),
    /** A restaurant order at the point of sale: the table it was served at (its name then). */
    tableInfo: text("table_info"),
    /** The language the customer bought in: emails about this order use it. */
    language: text("language").notNull().default("en"),
    /** Instalments chosen at checkout (1: paid in full). The schedule is in order_instalments. */
    instalmentCount: integer("instalment_count").notNull().default(1),
    /** The client's Idempotency-Key for the checkout that created this order. */
    idempotencyKey: text("idempotency_key"),
    /**
     * The guest session that placed this order (null: a customer's or staff's order). A guest session
     * sees only the orders it placed, never everything of the passwordless record its email matched.
     */
    guestSessionId: uuid("guest_session_id"),
    /** A pending order holds its seats until then; after it, an unpaid order is cancelled. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The staff member who last changed the status. */
    statusChangedBy: uuid("status_changed_by"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /**
     * The payment method saved at the first payment of a payment plan, for the later instalments:
     * Stripe `cus_…/pm_…`, or the demo provider's test card.
     */
    savedPaymentMethod: text("saved_payment_method"),
    /** Set when an instalment could not be collected after its last retry: staff follow it up. */
    paymentOverdueAt: timestamp("payment_overdue_at", { withTimezone: true }),
    /** When the buyer accepted the general terms at checkout (null: an order staff entered). */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /**
     * When the buyer asked for immediate access and acknowledged losing the 14-day right of
     * withdrawal once delivery begins (terms §7; EU consumer law for digital content).
     */
    withdrawalWaivedAt: timestamp("withdrawal_waived_at", { withTimezone: true }),
    /** The version of the checkout consent wording the buyer saw (shared/checkout-consent.ts). */
    consentVersion: text("consent_version"),
    /** Where physical goods go (null: nothing to ship) and the phone number for the carrier. */
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    shippingPhone: text("shipping_phone"),
    /** The carrier chosen at checkout, with its name and tracking URL template as they were then. */
    shippingCarrierId: uuid("shipping_carrier_id"),
    shippingCarrierName: text("shipping_carrier_name"),
    shippingTrackingUrlTemplate: text("shipping_tracking_url_template"),
    /** What shipping costs the buyer, in the order's currency (included in total_cents). */
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** Set when staff mark the order shipped. */
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** The cashier who sold it at the point of sale (null: an online order). */
    sellerStaffId: uuid("seller_staff_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("orders_company_number_key").on(t.companyId, t.number),
    uniqueIndex("orders_company_idempotency_key").on(t.companyId, t.idempotencyKey),
    index("orders_pending_expiry_idx").on(t.status, t.expiresAt),
    index("orders_company_created_idx").on(t.companyId, t.createdAt),
    index("orders_company_status_idx").on(t.companyId, t.status, t.createdAt),
    index("orders_company_method_idx").on(t.companyId, t.paymentMethod, t.createdAt),
    index("orders_customer_idx").on(t.customerId),
    index("orders_guest_session_idx").on(t.guestSessionId),
    index("orders_coupon_idx").on(t.couponId, t.customerId),
    index("orders_pos_session_idx").on(t.posSessionId),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** A product line (modules/products): the product and the variant bought; no course then. */
    productId: uuid("product_id"),
    variantId: uuid("variant_id"),
    /** The buyer's note for this product, when the product allows notes at checkout. */
    note: text("note"),
    /** Paid add-ons chosen with the product, as priced when ordered (included in unit_price_cents). */
    extras: jsonb("extras").$type<{ id: string; name: string; priceCents: number }[]>(),
    /** The course title when ordered, kept even if the course changes later. */
    title: translatable("title"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    totalCents: integer("total_cents").notNull(),
    /** The tax of this line when ordered (null: an order from before per-line taxes). */
    taxName: text("tax_name"),
    taxRateBp: integer("tax_rate_bp"),
    /** What the rate applies to (after the line's share of the discount) and the tax, in the order's currency. */
    taxBaseCents: integer("tax_base_cents"),
    taxCents: integer("tax_cents"),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_course_idx").on(t.courseId),
    index("order_lines_company_course_idx").on(t.companyId, t.courseId),
    index("order_lines_product_idx").on(t.productId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "refunded"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /**
     * When the money came in: set when the payment succeeds (by the database, from `created_at` for a
     * payment recorded as succeeded, else the time of the change, unless the writer gives it); null
     * while nothing was received. The dashboard counts sales by it (decision 017).
     */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("payments_provider_reference_key").on(t.provider, t.providerReference),
    index("payments_order_idx").on(t.orderId),
    index("payments_company_received_idx").on(t.companyId, t.receivedAt),
  ],
);

/** Why money went back: a cancel, a return, a partial refund, or a second charge for a paid order. */
export const REFUND_KINDS = ["cancel", "return", "partial", "duplicate"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * Money given back, one row per refund, at the time it was recorded (the dashboard subtracts it on
 * that day). The per-payment split stays in `payments.details.refundedCents`.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: REFUND_KINDS }).notNull(),
    /** In the order's currency. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    /** The staff member who refunded (null: the system). */
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_company_created_idx").on(t.companyId, t.createdAt),
    index("refunds_order_idx").on(t.orderId),
  ],
);

/** Invoice numbers are gapless per company: taken from `counters` in the same transaction as the order. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /**
     * The counter the number was taken from: "invoice", or "invoice:2026" for a yearly number type
     * (decision 025). Numbers are unique and gapless within a series.
     */
    series: text("series").notNull().default("invoice"),
    number: integer("number").notNull(),
    /**
     * The number as printed when the invoice was issued ("INV-000043"): fixed for good, so a later
     * change of the invoice settings only affects the next invoices (decision 017).
     */
    printedNumber: text("printed_number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_company_series_number_key").on(t.companyId, t.series, t.number),
    uniqueIndex("invoices_order_key").on(t.orderId),
  ],
);

/**
 * A credit note: money given back on an invoiced order, never an edit of the invoice. One per refund
 * (not for a second charge that was never invoiced), numbered from the company's own gapless
 * "credit_note" counter and printed once, when issued, like an invoice (decision 017).
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id),
    number: integer("number").notNull(),
    printedNumber: text("printed_number").notNull(),
    /** What is credited, VAT included, in the order's currency. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_notes_company_number_key").on(t.companyId, t.number),
    uniqueIndex("credit_notes_refund_key").on(t.refundId),
    index("credit_notes_order_idx").on(t.orderId),
  ],
);

/** A customer's access to a course. One per customer and course. */
export const enrolments = pgTable(
  "enrolments",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id),
    orderId: uuid("order_id").references(() => orders.id),
    /** Access is paused while an instalment of the order stays unpaid after its last retry. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("enrolments_customer_course_key").on(t.companyId, t.customerId, t.courseId),
    index("enrolments_course_idx").on(t.courseId),
  ],
);

/** The payment schedule of an order paid in instalments: the first is charged at checkout. */
export const orderInstalments = pgTable(
  "order_instalments",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** scheduled → paid; or failed after the last retry (the learner may still pay it), or cancelled. */
    status: text("status", { enum: INSTALMENT_STATUSES }).notNull().default("scheduled"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Charges tried so far (the first on the due date, then the retries). */
    attempts: integer("attempts").notNull().default(0),
    /** When the next charge is tried: the due date, then each retry's date; null once paid or failed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Why the last charge did not go through. */
    lastError: text("last_error"),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }),
    /** The reminder mail before the due date was enqueued. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_instalments_order_sequence_key").on(t.orderId, t.sequence),
    index("order_instalments_next_attempt_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** Returned order lines: an order can have one return; seats may be given back (restock). */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineIds: jsonb("line_ids").$type<string[]>().notNull(),
    restocked: boolean("restocked").notNull().default(false),
    refundCents: integer("refund_cents").notNull().default(0),
    reason: text("reason"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_returns_order_key").on(t.orderId)],
);
