import { and, eq, inArray, sql } from "drizzle-orm";
import { formatMoney } from "~shared/money";
import type { Queryable } from "../../db/client";
import { businessRule } from "../../lib/errors";
import { categories, courses } from "../catalog/catalog.tables";
import { couponUses, lockCoupon } from "../coupons/coupon-uses";
import { coupons } from "../orders/orders.tables";
import type { Discount } from "../orders/pricing";
import { products } from "../products/products.tables";

export interface AppliedCoupon {
  id: string;
  code: string;
  discount: Discount;
  /** The part of the subtotal the discount applies to (the lines the coupon is restricted to). */
  eligibleCents: number;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
}

/** A cart line as a coupon sees it: a course or a product, and what it costs in all. */
export interface CouponLine {
  courseId?: string | null;
  productId?: string | null;
  amountCents: number;
}

export const COUPON_MESSAGES = {
  usedUp: "This coupon has been used up.",
  customerLimit: "You have already used this coupon as many times as it allows.",
  notApplicable: "This coupon does not apply to the courses or products in your cart.",
} as const;

/** Refuses the coupon when it has no use left, in all or for this customer. */
export function checkUses(
  coupon: Pick<AppliedCoupon, "usageLimit" | "usageLimitPerCustomer">,
  uses: { total: number; byCustomer: number },
): void {
  if (coupon.usageLimit !== null && uses.total >= coupon.usageLimit) {
    throw businessRule(COUPON_MESSAGES.usedUp, "COUPON_USED_UP");
  }
  if (coupon.usageLimitPerCustomer !== null && uses.byCustomer >= coupon.usageLimitPerCustomer) {
    throw businessRule(COUPON_MESSAGES.customerLimit, "COUPON_CUSTOMER_LIMIT");
  }
}

/**
 * Takes one use of the coupon for the order being written, in the order's transaction: the coupon's
 * row is locked, so two checkouts after its last use queue and exactly one of them gets it.
 */
export async function claimCouponUse(
  tx: Queryable,
  coupon: Pick<AppliedCoupon, "id" | "usageLimit" | "usageLimitPerCustomer">,
  order: { id: string; customerId: string; now: Date },
): Promise<void> {
  if (coupon.usageLimit === null && coupon.usageLimitPerCustomer === null) return;
  if (!(await lockCoupon(tx, coupon.id)))
    throw businessRule("This coupon code is not valid.", "COUPON_UNKNOWN");
  const uses = await couponUses(tx, {
    couponId: coupon.id,
    customerId: order.customerId,
    exceptOrderId: order.id,
    now: order.now,
  });
  checkUses(coupon, uses);
}

/** The part of the cart's lines a coupon restricted to these courses, categories or products covers. */
async function eligibleAmount(
  db: Queryable,
  companyId: string,
  coupon: { courseIds: string[]; categoryIds: string[]; productIds: string[] },
  lines: CouponLine[],
): Promise<number> {
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (coupon.courseIds.length + coupon.categoryIds.length + coupon.productIds.length === 0) return total;
  const inCategory = new Set<string>();
  if (coupon.categoryIds.length > 0) {
    const courseIds = lines.flatMap((line) => (line.courseId ? [line.courseId] : []));
    const productIds = lines.flatMap((line) => (line.productId ? [line.productId] : []));
    const [tree, courseRows, productRows] = await Promise.all([
      db
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.companyId, companyId)),
      courseIds.length > 0
        ? db
            .select({ id: courses.id, categoryId: courses.categoryId })
            .from(courses)
            .where(and(eq(courses.companyId, companyId), inArray(courses.id, courseIds)))
        : [],
      productIds.length > 0
        ? db
            .select({ id: products.id, categoryId: products.categoryId })
            .from(products)
            .where(and(eq(products.companyId, companyId), inArray(products.id, productIds)))
        : [],
    ]);
    const parents = new Map(tree.map((row) => [row.id, row.parentId]));
    const chosen = new Set(coupon.categoryIds);
    const covered = (categoryId: string | null) => {
      // Walk up the tree (bounded, in case of a cycle).
      for (let id = categoryId, steps = 0; id && steps < 50; id = parents.get(id) ?? null, steps++) {
        if (chosen.has(id)) return true;
      }
      return false;
    };
    for (const row of [...courseRows, ...productRows]) if (covered(row.categoryId)) inCategory.add(row.id);
  }
  const courseSet = new Set(coupon.courseIds);
  const productSet = new Set(coupon.productIds);
  return lines
    .filter((line) =>
      line.courseId
        ? courseSet.has(line.courseId) || inCategory.has(line.courseId)
        : line.productId
          ? productSet.has(line.productId) || inCategory.has(line.productId)
          : false,
    )
    .reduce((sum, line) => sum + line.amountCents, 0);
}

/**
 * The coupon behind `code` (any case) when it may be used on an order of `subtotalCents` now;
 * otherwise a 422 saying why: unknown or unpublished, not started, ended, below its minimum, used up
 * (in all or by this customer), or restricted to items the cart does not hold.
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
    /** The buyer, when known: their own uses count against the per-customer limit. */
    customerId?: string | null;
    /** The lines to buy; the discount applies to those the coupon covers. */
    lines?: CouponLine[];
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
  if (coupon.usageLimit !== null || (coupon.usageLimitPerCustomer !== null && input.customerId)) {
    const uses = await couponUses(db, {
      couponId: coupon.id,
      customerId: input.customerId ?? null,
      exceptOwnPending: true,
      now: input.now,
    });
    checkUses(coupon, uses);
  }
  const lines = input.lines ?? [{ amountCents: input.subtotalCents }];
  const eligibleCents =
    input.lines === undefined
      ? input.subtotalCents
      : await eligibleAmount(db, input.companyId, coupon, lines);
  if (eligibleCents === 0 && input.subtotalCents > 0) {
    throw businessRule(COUPON_MESSAGES.notApplicable, "COUPON_NOT_APPLICABLE");
  }
  return {
    id: coupon.id,
    code: coupon.code,
    eligibleCents,
    usageLimit: coupon.usageLimit,
    usageLimitPerCustomer: coupon.usageLimitPerCustomer,
    discount:
      coupon.discountType === "percentage"
        ? { type: "percentage", value: coupon.discountValue }
        : { type: "fixed", valueCents: convert(coupon.discountValue) },
  };
}
