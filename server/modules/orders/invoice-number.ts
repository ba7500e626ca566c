/** How a company prints invoice numbers (settings group "invoice"). */
export interface InvoiceNumberFormat {
  prefix: string;
  leadingZeros: boolean;
  /** Digits of the number when `leadingZeros` is on. */
  length: number;
}

const MAX_LENGTH = 20;

/** The printing format from the stored settings, with safe defaults for missing or bad values. */
export function invoiceNumberFormat(settings: Record<string, unknown>): InvoiceNumberFormat {
  const length = Number(settings.length);
  return {
    prefix: typeof settings.prefix === "string" ? settings.prefix : "",
    leadingZeros: settings.leadingZeros === true,
    length: Number.isInteger(length) && length > 0 ? Math.min(length, MAX_LENGTH) : 1,
  };
}

/** "INV-000012" for 12 with prefix "INV-", leading zeros and length 6. Longer numbers are never cut. */
export function formatInvoiceNumber(number: number, format: InvoiceNumberFormat): string {
  const digits = String(number);
  return `${format.prefix}${format.leadingZeros ? digits.padStart(format.length, "0") : digits}`;
}
