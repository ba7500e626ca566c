import { and, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { retryOnConflict } from "../../db/retry-transaction";
import { orderInstalments, orderLines, orders } from "../orders/orders.tables";
import { restoreOrderStock } from "../products/stock";
import { releaseSeats, seatCourseIds } from "./seats";

/** Which orders to cancel (only the pending ones among them are). */
export type OrderFilter = SQL | undefined;

/** What cancelling needs: the database, the clock, and who to tell that seats came back. */
export interface CancelDeps {
  db: Db;
  now: () => Date;
  /** After a commit that gave seats back: every instance forgets that those courses were full. */
  seatsCameBack(companyId: string): void;
}

/** Cancels the matching pending orders (status re-checked per row, so a seat is freed once). */
export async function cancelOrdersIn(tx: Queryable, companyId: string, where: OrderFilter): Promise<number> {
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancel", expiresAt: null })
    .where(and(where, eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return 0;
  const ids = cancelled.map((order) => order.id);
  const lines = await tx
    .select({ courseId: orderLines.courseId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids));
  await releaseSeats(tx, companyId, seatCourseIds(lines));
  // Products: the stock these orders took goes back, with a "cancel" row in each product's history.
  for (const id of ids) await restoreOrderStock(tx, companyId, id, "cancel");
  await tx
    .update(orderInstalments)
    .set({ status: "cancelled" })
    .where(and(inArray(orderInstalments.orderId, ids), eq(orderInstalments.status, "scheduled")));
  return cancelled.length;
}

/**
 * Cancels the matching pending orders in a transaction of their own (run again if PostgreSQL
 * breaks a deadlock with it) and tells every instance their seats came back.
 */
export async function cancelOrders(deps: CancelDeps, companyId: string, where: OrderFilter): Promise<number> {
  const cancelled = await retryOnConflict(() =>
    deps.db.transaction((tx) => cancelOrdersIn(tx, companyId, where)),
  );
  if (cancelled > 0) deps.seatsCameBack(companyId);
  return cancelled;
}

/** Cancels a company's pending orders whose hold has ended and gives their seats back. */
export async function releaseExpired(
  deps: CancelDeps,
  companyId: string,
  customerId?: string,
): Promise<number> {
  const conditions = [
    eq(orders.companyId, companyId),
    eq(orders.status, "pending"),
    lt(orders.expiresAt, deps.now()),
  ];
  if (customerId) conditions.push(eq(orders.customerId, customerId));
  const expired = and(...conditions);
  // Mostly there is none: one read instead of a transaction.
  const [any] = await deps.db.select({ id: orders.id }).from(orders).where(expired).limit(1);
  if (!any) return 0;
  return cancelOrders(deps, companyId, expired);
}
