import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { settings } from "../settings/settings.tables";
import { nextCounter } from "./counters";
import { formatInvoiceNumber, invoiceNumberFormat } from "./invoice-number";
import { creditNotes, invoices } from "./orders.tables";

/**
 * Issues the order's invoice inside the caller's transaction: the next gapless number of the
 * company's "invoice" counter, printed with the invoice settings as they are NOW and stored so.
 * A later settings change never renumbers it (decision 017).
 */
export async function issueInvoice(
  tx: Queryable,
  companyId: string,
  orderId: string,
  issuedAt: Date,
): Promise<{ number: number; printedNumber: string }> {
  const number = await nextCounter(tx, companyId, "invoice");
  const printedNumber = (await numberPrinter(tx, companyId, "invoice"))(number);
  await tx.insert(invoices).values({ companyId, orderId, number, printedNumber, issuedAt });
  return { number, printedNumber };
}

/**
 * Prints numbers as the company's settings group `group` says today (read inside `tx`); `prefix`
 * replaces the group's prefix (credit notes: "CN-" with the invoices' digits).
 */
export async function numberPrinter(
  tx: Queryable,
  companyId: string,
  group: string,
  prefix?: string,
): Promise<(number: number) => string> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.name, group)));
  const format = { ...invoiceNumberFormat(row?.value ?? {}), ...(prefix === undefined ? {} : { prefix }) };
  return (number) => formatInvoiceNumber(number, format);
}

/** Credit notes print as "CN-" and the number with the invoices' digits (leading zeros, length). */
export const CREDIT_NOTE_PREFIX = "CN-";

/**
 * Issues a credit note for a refund of an invoiced order inside the caller's transaction: the next
 * gapless number of the company's own "credit_note" counter, printed now and stored so. Nothing when
 * the order has no invoice.
 */
export async function issueCreditNote(
  tx: Queryable,
  refund: { id: string; companyId: string; orderId: string; amountCents: number; currency: string },
  issuedAt: Date,
): Promise<{ id: string; printedNumber: string } | null> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, refund.companyId), eq(invoices.orderId, refund.orderId)));
  if (!invoice) return null;
  const number = await nextCounter(tx, refund.companyId, "credit_note");
  const printedNumber = (await numberPrinter(tx, refund.companyId, "invoice", CREDIT_NOTE_PREFIX))(number);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      companyId: refund.companyId,
      orderId: refund.orderId,
      invoiceId: invoice.id,
      refundId: refund.id,
      number,
      printedNumber,
      amountCents: refund.amountCents,
      currency: refund.currency,
      issuedAt,
    })
    .returning({ id: creditNotes.id });
  return { id: note!.id, printedNumber };
}

/** The PDF's file name for a printed number: anything but letters, digits, dot and dash becomes "-". */
export const pdfFilename = (kind: "invoice" | "credit-note", printedNumber: string): string =>
  `${kind}-${printedNumber.replace(/[^\w.-]+/g, "-")}.pdf`;
