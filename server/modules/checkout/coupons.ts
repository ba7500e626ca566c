import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "~shared/money";
import type { Queryable } from "../../db/client";
import { businessRule } from "../../lib/errors";
import { coupons } from "../orders/orders.tables";
import type { Discount } from "../orders/pricing";

export interface AppliedCoupon {
  id: string;
  code: string;
  discount: Discount;
}

/**
 * The coupon behind `code` (any case) when it may be used on an order of `subtotalCents` now;
 * otherwise a 422 saying why: unknown or unpublished, not started, ended, or below its minimum.
 */
export async function applicableCoupon(
  db: Queryable,
  input: {
    companyId: string;
    code: string;
    subtotalCents: number;
    /** The currency of the order; `convert` turns the coupon's shop-currency amounts into it. */
    currency: string;
    convert?: (cents: number) => number;
    language: string;
    now: Date;
  },
): Promise<AppliedCoupon> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(
      and(eq(coupons.companyId, input.companyId), eq(sql`upper(${coupons.code})`, input.code.toUpperCase())),
    );
  if (!coupon?.published) {
    throw businessRule("This coupon code is not valid.", "COUPON_UNKNOWN");
  }
  if (coupon.startsAt > input.now) {
    throw businessRule("This coupon is not valid yet.", "COUPON_NOT_STARTED");
  }
  if (coupon.endsAt <= input.now) {
    throw businessRule("This coupon has expired.", "COUPON_EXPIRED");
  }
  const convert = input.convert ?? ((cents: number) => cents);
  const minimumAmountCents = convert(coupon.minimumAmountCents);
  if (input.subtotalCents < minimumAmountCents) {
    const minimum = formatMoney(minimumAmountCents, input.currency, input.language);
    throw businessRule(`Spend at least ${minimum} to use this coupon.`, "COUPON_BELOW_MINIMUM", {
      minimumAmountCents,
    });
  }
  return {
    id: coupon.id,
    code: coupon.code,
    discount:
      coupon.discountType === "percentage"
        ? { type: "percentage", value: coupon.discountValue }
        : { type: "fixed", valueCents: convert(coupon.discountValue) },
  };
}
