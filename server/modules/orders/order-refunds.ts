import type { Queryable } from "../../db/client";
import { businessRule } from "../../lib/errors";
import { CREDIT_PROVIDER, refund as refundToCredit } from "../credit/credit-ledger";
import type { MailJobs } from "../mail/mail-jobs";
import type { Refunding } from "../payments/provider";
import { CREDIT_NOTE_MAIL, type CreditNoteMailJob } from "./credit-note-mail";
import { issueCreditNote } from "./invoice-issue";
import { refunds } from "./orders.tables";

/**
 * Payments that never went through a remote provider (demo, the counter, a bank transfer or cash
 * recorded by staff): a refund is only the local record; staff give the money back by hand.
 * A payment from the customer's credit goes back on their account ({@link creditBack}).
 */
const LOCAL_PROVIDERS = new Set(["demo", "pos", "manual", CREDIT_PROVIDER]);

export interface RefundablePayment {
  companyId: string;
  provider: string;
  providerReference: string;
  amountCents: number;
  details: Record<string, unknown> | null;
}

/** What of a payment has been given back already (returns record it in `details.refundedCents`). */
export const refundedCents = (payment: Pick<RefundablePayment, "details">): number =>
  typeof payment.details?.refundedCents === "number" ? payment.details.refundedCents : 0;

/**
 * Gives money back through the provider that took it: the school's providers (Stripe, with its own
 * keys or the environment's, creates a Refund; PayPal refunds the capture), or nothing remote for
 * demo and point-of-sale payments.
 * Called BEFORE the transaction that records the refund, never inside it.
 */
export function createRefunder(providersOf: (companyId: string) => Promise<Refunding[]>) {
  return async (payment: RefundablePayment, amountCents: number, idempotencyKey: string): Promise<void> => {
    if (amountCents <= 0) return;
    const providers = await providersOf(payment.companyId);
    const provider = providers.find((candidate) => candidate.name === payment.provider);
    if (provider) {
      await provider.refund(payment.providerReference, { amountCents, idempotencyKey });
      return;
    }
    if (LOCAL_PROVIDERS.has(payment.provider)) return;
    throw businessRule(
      `This order was paid through ${payment.provider}, which is not set up here, so it cannot be refunded.`,
      "REFUND_PROVIDER_UNAVAILABLE",
    );
  };
}

/**
 * Splits `amountCents` over the payments in order, each up to what is still refundable on it.
 * Returns the parts (payment index and amount) and what could not be covered.
 */
export function splitRefund(
  payments: Pick<RefundablePayment, "amountCents" | "details">[],
  amountCents: number,
): { parts: { index: number; amountCents: number }[]; uncovered: number } {
  let left = amountCents;
  const parts: { index: number; amountCents: number }[] = [];
  payments.forEach((payment, index) => {
    if (left <= 0) return;
    const available = payment.amountCents - refundedCents(payment);
    const part = Math.min(available, left);
    if (part > 0) {
      parts.push({ index, amountCents: part });
      left -= part;
    }
  });
  return { parts, uncovered: left };
}

/**
 * Records money given back, at the time it was given (the dashboard subtracts it that day): one row
 * per refund, in the same transaction as the payments that record the split. Nothing for 0. A refund
 * of an invoiced order issues its credit note (a second charge was never invoiced: none), and with
 * `mailJobs` the credit note is mailed to the buyer by a durable job of the same transaction.
 */
export async function recordRefund(
  tx: Queryable,
  refund: typeof refunds.$inferInsert,
  mailJobs?: Pick<MailJobs, "enqueue">,
): Promise<{ creditNote: { id: string; printedNumber: string } | null } | null> {
  if (refund.amountCents <= 0) return null;
  const [row] = await tx.insert(refunds).values(refund).returning();
  if (row!.kind === "duplicate") return { creditNote: null };
  const creditNote = await issueCreditNote(tx, row!, row!.createdAt);
  if (creditNote && mailJobs) {
    await mailJobs.enqueue(tx, {
      kind: CREDIT_NOTE_MAIL,
      companyId: row!.companyId,
      creditNoteId: creditNote.id,
    } satisfies CreditNoteMailJob);
  }
  return { creditNote };
}

/**
 * Gives the part of a refund that was paid from the customer's credit back to their account, in
 * the transaction that records the refund (the ledger says which order and who). Other payments:
 * nothing here (their provider refunded before the transaction).
 */
export async function creditBack(
  tx: Queryable,
  order: { id: string; companyId: string; customerId: string },
  payment: { provider: string; currency: string },
  amountCents: number,
  staff: { id: string; email: string } | null,
): Promise<void> {
  if (payment.provider !== CREDIT_PROVIDER || amountCents <= 0) return;
  await refundToCredit(tx, {
    companyId: order.companyId,
    customerId: order.customerId,
    amountCents,
    orderId: order.id,
    currency: payment.currency,
    staff,
  });
}
