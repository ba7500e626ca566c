/**
 * Where the invoice number's text goes and whether the numbers start again each year (settings
 * group "invoice", field `type`): prefix "INV-000012", suffix "000012-INV", yearly-prefix
 * "INV-2026-000012", yearly-suffix "000012-2026-INV".
 */
export const INVOICE_NUMBER_TYPES = ["prefix", "suffix", "yearly-prefix", "yearly-suffix"] as const;
export type InvoiceNumberType = (typeof INVOICE_NUMBER_TYPES)[number];
