import { INVOICE_NUMBER_TYPES, type InvoiceNumberType } from "~shared/invoice-number-types";

/** How a company prints invoice numbers (settings group "invoice"). */
export interface InvoiceNumberFormat {
  /** The text of the number: before it ("prefix" types) or after it ("suffix" types). */
  prefix: string;
  leadingZeros: boolean;
  /** Digits of the number when `leadingZeros` is on. */
  length: number;
  /**
   * prefix: "INV-000012"; suffix: "000012-INV"; yearly-prefix: "INV-2026-000012"; yearly-suffix:
   * "000012-2026-INV". The yearly types count from 1 again each calendar year (a series per year).
   */
  type: InvoiceNumberType;
}

const MAX_LENGTH = 20;

/** The printing format from the stored settings, with safe defaults for missing or bad values. */
export function invoiceNumberFormat(settings: Record<string, unknown>): InvoiceNumberFormat {
  const length = Number(settings.length);
  return {
    prefix: typeof settings.prefix === "string" ? settings.prefix : "",
    leadingZeros: settings.leadingZeros === true,
    length: Number.isInteger(length) && length > 0 ? Math.min(length, MAX_LENGTH) : 1,
    type: (INVOICE_NUMBER_TYPES as readonly unknown[]).includes(settings.type)
      ? (settings.type as InvoiceNumberType)
      : "prefix",
  };
}

/** Whether the format starts a new series (from 1) each calendar year. */
export const isYearly = (format: Pick<InvoiceNumberFormat, "type">): boolean =>
  format.type.startsWith("yearly");

/**
 * The counter (and invoice series) a number of `group` is taken from: the group's own ("invoice"),
 * or one per calendar year ("invoice:2026") for the yearly types.
 */
export const seriesName = (group: string, format: Pick<InvoiceNumberFormat, "type">, year: number): string =>
  isYearly(format) ? `${group}:${year}` : group;

/** The calendar year of `date` in `timeZone` (the school's), e.g. 2026. */
export function yearIn(date: Date, timeZone: string): number {
  try {
    return Number(new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(date));
  } catch {
    return date.getUTCFullYear();
  }
}

/**
 * "INV-000012" for 12 with text "INV-", leading zeros, length 6 and type prefix ("000012-INV" with
 * "-INV" as suffix; "INV-2026-000012" / "000012-2026-INV" for the yearly types, `year` being the
 * year of issue). Longer numbers are never cut.
 */
export function formatInvoiceNumber(number: number, format: InvoiceNumberFormat, year?: number): string {
  const digits = format.leadingZeros ? String(number).padStart(format.length, "0") : String(number);
  const yearly = isYearly(format) && year !== undefined;
  if (format.type === "suffix" || format.type === "yearly-suffix")
    return yearly ? `${digits}-${year}${format.prefix}` : `${digits}${format.prefix}`;
  return yearly ? `${format.prefix}${year}-${digits}` : `${format.prefix}${digits}`;
}
