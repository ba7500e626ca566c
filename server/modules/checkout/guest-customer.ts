import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict } from "../../lib/errors";
import { customers } from "../customers/customers.tables";
import type { GuestDetails } from "./checkout.schemas";

export interface BuyingCustomer {
  id: string;
  name: string;
  email: string;
  /** Signs in with a password (a guest has none). */
  hasAccount: boolean;
  /** Created by this checkout: a new customer has no earlier orders to look at. */
  isNew?: boolean;
}

/**
 * The passwordless customer record for a guest's email, created on first use (no password, so
 * nothing to hash). An email that belongs to an account with a password must sign in instead: a
 * guest cannot buy into it.
 */
export async function findOrCreateGuestCustomer(
  db: Queryable,
  companyId: string,
  guest: GuestDetails,
): Promise<BuyingCustomer> {
  const sameEmail = and(
    eq(customers.companyId, companyId),
    eq(sql`lower(${customers.email})`, guest.email.toLowerCase()),
  );
  const rows = await db
    .select({
      id: customers.id,
      email: customers.email,
      hasAccount: sql<boolean>`${customers.passwordHash} is not null`,
    })
    .from(customers)
    .where(sameEmail);
  // An account and a passwordless record may share the email (until the account claims it): either way
  // the address has an account, and a guest cannot buy into it.
  if (rows.some((row) => row.hasAccount)) {
    throw conflict(
      "An account with this email address already exists. Please sign in to check out.",
      "ACCOUNT_EXISTS",
    );
  }
  const existing = rows[0];
  if (existing) return { id: existing.id, name: guest.name, email: existing.email, hasAccount: false };
  const [created] = await db
    .insert(customers)
    .values({ companyId, name: guest.name, email: guest.email })
    .onConflictDoNothing()
    .returning({ id: customers.id, email: customers.email });
  if (created)
    return { id: created.id, name: guest.name, email: created.email, hasAccount: false, isNew: true };
  // Another checkout with this email made the record a moment ago.
  const [row] = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(and(sameEmail, isNull(customers.passwordHash)));
  if (!row) throw new Error("guest customer was not created");
  return { id: row.id, name: guest.name, email: row.email, hasAccount: false };
}

export async function customerById(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<BuyingCustomer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      hasAccount: sql<boolean>`${customers.passwordHash} is not null`,
    })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
  return row ?? null;
}
