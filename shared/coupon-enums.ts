export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Where a coupon stands in time: usable now, over, or not started. */
export const COUPON_STATUSES = ["active", "expired", "scheduled"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
