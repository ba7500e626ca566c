import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { AppError, businessRule } from "../../lib/errors";
import { type CreditEntryKind, creditAccounts, creditLedger } from "./credit.tables";

/** The payments row's provider for money taken from a credit account. */
export const CREDIT_PROVIDER = "credit";

export const CREDIT_SHORT_MESSAGE = "The credit balance does not cover this amount.";
export const CREDIT_CURRENCY_MESSAGE =
  "Credit is kept in the school's currency: this amount is in another one.";

/** A charge or a correction the balance does not cover: nothing was taken. */
export class InsufficientCreditError extends AppError {
  constructor(
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(422, "CREDIT_INSUFFICIENT", CREDIT_SHORT_MESSAGE, { balanceCents, amountCents });
  }
}

/** Who changed the balance (null: the customer at checkout, or the system). */
export interface CreditActor {
  id: string;
  email: string;
}

export interface CreditEntry {
  id: string;
  kind: CreditEntryKind;
  amountCents: number;
  balanceAfterCents: number;
  orderId: string | null;
  reason: string | null;
  staffEmail: string | null;
  createdAt: string;
}

interface Move {
  companyId: string;
  customerId: string;
  /** Signed: positive puts money on the account, negative takes it off. */
  amountCents: number;
  kind: CreditEntryKind;
  /** The account's currency when it is opened by this move (the school's); checked when given. */
  currency?: string | undefined;
  orderId?: string | null;
  reason?: string | null;
  staff?: CreditActor | null;
}

/**
 * Moves money on a credit account in one statement: money in opens the account if needed; money
 * out takes the account row in a conditional update (`balance >= amount`), which PostgreSQL
 * serialises on the row, so two charges at once never take the balance below zero. Then the
 * ledger entry with the balance after it. Call inside the transaction of what caused the move.
 */
async function move(tx: Queryable, input: Move): Promise<CreditEntry> {
  if (!Number.isInteger(input.amountCents) || input.amountCents === 0) {
    throw businessRule("The amount must be a whole number of cents other than 0.", "CREDIT_AMOUNT_INVALID");
  }
  let account: { id: string; balanceCents: number; currency: string } | undefined;
  if (input.amountCents > 0) {
    [account] = await tx
      .insert(creditAccounts)
      .values({
        companyId: input.companyId,
        customerId: input.customerId,
        balanceCents: input.amountCents,
        currency: input.currency ?? "",
      })
      .onConflictDoUpdate({
        target: [creditAccounts.companyId, creditAccounts.customerId],
        set: {
          balanceCents: sql`${creditAccounts.balanceCents} + ${input.amountCents}`,
          updatedAt: new Date(),
        },
      })
      .returning({
        id: creditAccounts.id,
        balanceCents: creditAccounts.balanceCents,
        currency: creditAccounts.currency,
      });
  } else {
    const out = -input.amountCents;
    [account] = await tx
      .update(creditAccounts)
      .set({ balanceCents: sql`${creditAccounts.balanceCents} - ${out}`, updatedAt: new Date() })
      .where(
        and(
          eq(creditAccounts.companyId, input.companyId),
          eq(creditAccounts.customerId, input.customerId),
          gte(creditAccounts.balanceCents, out),
        ),
      )
      .returning({
        id: creditAccounts.id,
        balanceCents: creditAccounts.balanceCents,
        currency: creditAccounts.currency,
      });
    if (!account) {
      const current = await balance(tx, input.companyId, input.customerId);
      throw new InsufficientCreditError(current?.balanceCents ?? 0, out);
    }
  }
  if (input.currency && account!.currency !== input.currency)
    throw businessRule(CREDIT_CURRENCY_MESSAGE, "CREDIT_CURRENCY");
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      companyId: input.companyId,
      accountId: account!.id,
      kind: input.kind,
      amountCents: input.amountCents,
      balanceAfterCents: account!.balanceCents,
      orderId: input.orderId ?? null,
      reason: input.reason ?? null,
      staffId: input.staff?.id ?? null,
      staffEmail: input.staff?.email ?? null,
    })
    .returning();
  return toEntry(entry!);
}

const toEntry = (row: typeof creditLedger.$inferSelect): CreditEntry => ({
  id: row.id,
  kind: row.kind,
  amountCents: row.amountCents,
  balanceAfterCents: row.balanceAfterCents,
  orderId: row.orderId,
  reason: row.reason,
  staffEmail: row.staffEmail,
  createdAt: row.createdAt.toISOString(),
});

/** Money put on the account (at the desk, by staff). */
export const topUp = (
  tx: Queryable,
  input: {
    companyId: string;
    customerId: string;
    amountCents: number;
    currency: string;
    staff: CreditActor | null;
    reason?: string | null;
  },
) => move(tx, { ...input, kind: "top_up", amountCents: Math.abs(input.amountCents) });

/** A correction by staff, up or down, always with its reason; never below zero. */
export const adjust = (
  tx: Queryable,
  input: {
    companyId: string;
    customerId: string;
    amountCents: number;
    currency: string;
    staff: CreditActor;
    reason: string;
  },
) => move(tx, { ...input, kind: "adjustment" });

/**
 * Pays (part of) an order from the account; throws {@link InsufficientCreditError} when the
 * balance is short, taking nothing.
 */
export const charge = (
  tx: Queryable,
  companyId: string,
  customerId: string,
  amountCents: number,
  orderId: string,
  options: { currency?: string; staff?: CreditActor | null } = {},
) =>
  move(tx, {
    companyId,
    customerId,
    amountCents: -Math.abs(amountCents),
    kind: "payment",
    orderId,
    currency: options.currency,
    staff: options.staff ?? null,
  });

/** Gives (part of) an order's credit payment back to the account. */
export const refund = (
  tx: Queryable,
  input: {
    companyId: string;
    customerId: string;
    amountCents: number;
    orderId: string;
    currency?: string;
    staff: CreditActor | null;
    reason?: string | null;
  },
) => move(tx, { ...input, kind: "refund", amountCents: Math.abs(input.amountCents) });

/** The balance (null: the customer never had credit). */
export async function balance(
  db: Queryable,
  companyId: string,
  customerId: string,
): Promise<{ balanceCents: number; currency: string } | null> {
  const [row] = await db
    .select({ balanceCents: creditAccounts.balanceCents, currency: creditAccounts.currency })
    .from(creditAccounts)
    .where(and(eq(creditAccounts.companyId, companyId), eq(creditAccounts.customerId, customerId)));
  return row ?? null;
}

/** The account's entries, newest first, a page at a time. */
export async function ledger(
  db: Queryable,
  companyId: string,
  customerId: string,
  page = 1,
  limit = 20,
): Promise<{ entries: CreditEntry[]; total: number }> {
  const where = and(eq(creditAccounts.companyId, companyId), eq(creditAccounts.customerId, customerId));
  const rows = await db
    .select({ entry: creditLedger })
    .from(creditLedger)
    .innerJoin(creditAccounts, eq(creditAccounts.id, creditLedger.accountId))
    .where(where)
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db
    .select({ n: count() })
    .from(creditLedger)
    .innerJoin(creditAccounts, eq(creditAccounts.id, creditLedger.accountId))
    .where(where);
  return { entries: rows.map((row) => toEntry(row.entry)), total: total?.n ?? 0 };
}
