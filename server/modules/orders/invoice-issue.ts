import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { settings } from "../settings/settings.tables";
import { nextCounter } from "./counters";
import {
  formatInvoiceNumber,
  type InvoiceNumberFormat,
  invoiceNumberFormat,
  seriesName,
  yearIn,
} from "./invoice-number";
import { creditNotes, invoices } from "./orders.tables";

/**
 * Issues the order's invoice inside the caller's transaction: the next gapless number of the
 * company's invoice series, printed with the invoice settings as they are NOW and stored so.
 * A later settings change never renumbers it (decision 017). The series is the "invoice" counter,
 * or for the yearly number types one counter per calendar year of issue in the school's time zone
 * ("invoice:2026", starting at 1), so each year's numbers have no gaps either (decision 025).
 */
export async function issueInvoice(
  tx: Queryable,
  companyId: string,
  orderId: string,
  issuedAt: Date,
): Promise<{ number: number; printedNumber: string }> {
  const rows = await tx
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.name, ["invoice", "global"])));
  const format = invoiceNumberFormat(rows.find((row) => row.name === "invoice")?.value ?? {});
  const timeZone = rows.find((row) => row.name === "global")?.value?.timeZone;
  const year = yearIn(issuedAt, typeof timeZone === "string" ? timeZone : DEFAULT_TIME_ZONE);
  const series = seriesName("invoice", format, year);
  const number = await nextCounter(tx, companyId, series);
  const printedNumber = formatInvoiceNumber(number, format, year);
  await tx.insert(invoices).values({ companyId, orderId, series, number, printedNumber, issuedAt });
  return { number, printedNumber };
}

/** The time zone of a school whose settings name none (the settings' default). */
const DEFAULT_TIME_ZONE = "Europe/Amsterdam";

/**
 * Prints numbers of the group's plain counter as the company's settings group `group` says today
 * (read inside `tx`), without a year (a yearly type prints as its plain prefix/suffix type: those
 * numbers are not of a year's series); `prefix` replaces the group's text and prints it before the
 * number (credit notes: "CN-" with the invoices' digits).
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
  const stored = invoiceNumberFormat(row?.value ?? {});
  const format: InvoiceNumberFormat =
    prefix === undefined
      ? {
          ...stored,
          type:
            stored.type === "yearly-suffix"
              ? "suffix"
              : stored.type === "yearly-prefix"
                ? "prefix"
                : stored.type,
        }
      : { ...stored, prefix, type: "prefix" };
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
