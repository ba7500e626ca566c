/** The date formats a school can pick in Settings. */
export const DATE_FORMATS = ["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD-MM-YYYY", "D MMM YYYY"] as const;
