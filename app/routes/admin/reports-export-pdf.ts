/** GET /reports/export.pdf: one report (`report`) for a period (from, to, groupBy as on /reports) as PDF. */
export { loader } from "./reports-export-pdf.server";
