import { and, count, eq, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { coupons, orders } from "../orders/orders.tables";

/**
 * An order that uses its coupon: any but a cancelled one, or a pending one whose hold has lapsed
 * (it can no longer be paid and gives its use back, as it gives back its seats).
 */
export function usesCoupon(now: Date): SQL {
  return and(
    ne(orders.status, "cancel"),
    or(ne(orders.status, "pending"), isNull(orders.expiresAt), gt(orders.expiresAt, now)),
  )!;
}

/** How many orders used each coupon. */
export async function couponUseCounts(db: Queryable, ids: string[], now: Date): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ couponId: orders.couponId, value: count() })
    .from(orders)
    .where(and(inArray(orders.couponId, ids), usesCoupon(now)))
    .groupBy(orders.couponId);
  return new Map(rows.map((row) => [row.couponId as string, row.value]));
}

export interface CouponUseQuery {
  couponId: string;
  /** Count this customer's uses too. */
  customerId: string | null;
  /** Leave out this order (the one being placed). */
  exceptOrderId?: string;
  /** Leave out this customer's pending orders: a new checkout cancels them first. */
  exceptOwnPending?: boolean;
  now: Date;
}

/** Uses of one coupon in all and by one customer. */
export async function couponUses(
  db: Queryable,
  query: CouponUseQuery,
): Promise<{ total: number; byCustomer: number }> {
  const conditions: SQL[] = [eq(orders.couponId, query.couponId), usesCoupon(query.now)];
  if (query.exceptOrderId) conditions.push(ne(orders.id, query.exceptOrderId));
  if (query.exceptOwnPending && query.customerId) {
    conditions.push(or(ne(orders.customerId, query.customerId), ne(orders.status, "pending"))!);
  }
  const mine = query.customerId
    ? sql<number>`count(*) filter (where ${orders.customerId} = ${query.customerId})`.mapWith(Number)
    : sql<number>`0`.mapWith(Number);
  const [row] = await db
    .select({ total: count(), byCustomer: mine })
    .from(orders)
    .where(and(...conditions));
  return { total: row?.total ?? 0, byCustomer: row?.byCustomer ?? 0 };
}

/**
 * Locks the coupon's row for the rest of the transaction: checkouts using it queue one by one.
 * FOR NO KEY UPDATE, not FOR UPDATE: the order a checkout has just inserted already holds a
 * KEY SHARE lock on the coupon (its foreign key), and FOR UPDATE would wait for the other
 * checkouts' KEY SHARE locks while they wait for it (a deadlock on PostgreSQL).
 */
export async function lockCoupon(tx: Queryable, couponId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for("no key update");
  return rows.length > 0;
}
