/** GET /coupons/export.csv: the coupon list (search and filters as on /coupons) as CSV. */
export { loader } from "./coupons-export.server";
