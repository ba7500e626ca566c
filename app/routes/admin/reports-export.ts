/** GET /reports/export.csv: one report (`report`) for a period (from, to, groupBy as on /reports) as CSV. */
export { loader } from "./reports-export.server";
