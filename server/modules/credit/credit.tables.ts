import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";
import { customers } from "../customers/customers.tables";

/** What moved money on a credit account: staff topped it up, it paid an order, an order refunded to it, or staff corrected it. */
export const CREDIT_ENTRY_KINDS = ["top_up", "payment", "refund", "adjustment"] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/**
 * A customer's credit at one school: a balance in the school's currency that pays orders (online
 * and at the point of sale). Never below zero: the database refuses it too.
 */
export const creditAccounts = pgTable(
  "credit_accounts",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    balanceCents: integer("balance_cents").notNull().default(0),
    /** The school's currency when the account was opened (ISO 4217). */
    currency: text("currency").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("credit_accounts_company_customer_key").on(t.companyId, t.customerId),
    check("credit_accounts_balance_not_negative", sql`${t.balanceCents} >= 0`),
  ],
);

/** Every change of a credit account, append-only, with the balance after it. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: id(),
    companyId: companyId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => creditAccounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** Signed: money in is positive, money out negative. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    /** The order paid or refunded (null: a top-up or an adjustment). */
    orderId: uuid("order_id"),
    reason: text("reason"),
    /** Who made the change (null: the customer themself at checkout, or the system). */
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_account_idx").on(t.accountId, t.createdAt),
    index("credit_ledger_order_idx").on(t.orderId),
  ],
);
