import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { settings } from "../settings/settings.tables";
import { nextCounter } from "./counters";
import { formatInvoiceNumber, invoiceNumberFormat } from "./invoice-number";
import { invoices } from "./orders.tables";

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

/** Prints numbers as the company's settings group `group` says today (read inside `tx`). */
export async function numberPrinter(
  tx: Queryable,
  companyId: string,
  group: string,
): Promise<(number: number) => string> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.name, group)));
  const format = invoiceNumberFormat(row?.value ?? {});
  return (number) => formatInvoiceNumber(number, format);
}

/** The PDF's file name for a printed number: anything but letters, digits, dot and dash becomes "-". */
export const pdfFilename = (kind: "invoice" | "credit-note", printedNumber: string): string =>
  `${kind}-${printedNumber.replace(/[^\w.-]+/g, "-")}.pdf`;
