import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";

/**
 * A learner or buyer. A customer without a password was created by a guest checkout or an import.
 * One account (with a password) and one passwordless record may share an email: signing up with a
 * guest's email makes a new account, and the guest's record joins it only when the mailbox owner
 * opens the link mailed to that address (`customer_claims`).
 */
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
    /**
     * A learner profile of a family account (issue 22): a child the parent account manages. It has
     * no email ('') and no password, never signs in, and learns only when its parent switches to
     * "learning as" it; its progress, quiz attempts and certificates are its own rows.
     */
    parentId: uuid("parent_id").references((): AnyPgColumn => customers.id, { onDelete: "cascade" }),
    /** A learner profile's optional year of birth. */
    birthYear: integer("birth_year"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("customers_company_account_email_key")
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is not null`),
    uniqueIndex("customers_company_guest_email_key")
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is null and ${t.parentId} is null`),
    index("customers_company_created_idx").on(t.companyId, t.createdAt),
    index("customers_parent_idx").on(t.parentId),
  ],
);

/**
 * A pending claim: an account asks for the passwordless record with its email (a guest checkout's or
 * an import's orders, invoices, courses and details). The link mailed to that address carries the
 * token (only its hash is stored); opening it moves the record's history into the account.
 */
export const customerClaims = pgTable(
  "customer_claims",
  {
    id: id(),
    companyId: companyId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Empty once claimed: the record has joined the account and is gone. */
    guestId: uuid("guest_id").references(() => customers.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_claims_token_hash_key").on(t.tokenHash),
    index("customer_claims_account_idx").on(t.accountId),
    index("customer_claims_guest_idx").on(t.guestId),
  ],
);

/**
 * A magic sign-in link: a customer (in particular a guest who paid, whose record has no password)
 * signs in by opening the link mailed to their address. Single use; only the token's hash is stored;
 * it expires (a purchase's link after 24 hours, one asked for on the sign-in page after one hour).
 */
export const customerSignInLinks = pgTable(
  "customer_sign_in_links",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Why it was mailed: with a purchase's confirmation, or asked for on the sign-in page. */
    purpose: text("purpose", { enum: ["purchase", "request"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_sign_in_links_token_hash_key").on(t.tokenHash),
    index("customer_sign_in_links_customer_idx").on(t.customerId),
  ],
);
