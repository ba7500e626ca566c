/** What the coupon page's actions answer; the drawer and the list show it. */

/** Field → i18n key under adminCoupons.errors. */
export type CouponFieldErrors = Partial<Record<string, string>>;

export type CouponActionResult =
  | { intent: "save"; ok: true; code: string; created: boolean }
  | { intent: "save"; ok: false; errors: CouponFieldErrors }
  | { intent: "delete" | "bulk-delete" | "publish"; ok: true; count: number }
  | { intent: "delete" | "bulk-delete" | "publish"; ok: false; error: string };
