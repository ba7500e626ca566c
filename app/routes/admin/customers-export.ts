/** GET /customers/export.csv: the customer list (search and filters as on /customers) as CSV. */
export { loader } from "./customers-export.server";
