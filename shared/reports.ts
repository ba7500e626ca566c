/** The reports screen's vocabulary, free of server code so that the browser can use it too. */
export const REPORT_GROUPINGS = ["day", "week", "month"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
/** The reports that can be downloaded one by one (CSV). */
export const REPORT_NAMES = [
  "sales",
  "items",
  "categories",
  "payment-methods",
  "channels",
  "refunds",
  "taxes",
  "customers",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
/** The spec's quick ranges: the last 5, 7, 15 or 30 days (today included). */
export const REPORT_PRESETS = [5, 7, 15, 30] as const;
/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_DEFAULT_DAYS = 30;
/** The items report (by course and product) is paged: this many items a page, most revenue (or quantity) first. */
export const REPORT_ITEMS_PAGE_SIZE = 50;
export const REPORT_ITEM_SORTS = ["revenue", "quantity"] as const;
export type ReportItemSort = (typeof REPORT_ITEM_SORTS)[number];
/** The items PDF prints this many items, then one row summing all the others. */
export const REPORT_PDF_TOP_ITEMS = 100;
