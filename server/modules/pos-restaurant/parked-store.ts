import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import { posParkedOrders, posTables } from "./pos-restaurant.tables";

export const PARKED_RULES = {
  notFound: "This parked order does not exist (it may have been paid or removed).",
  paidMeanwhile: "This parked order was paid or removed meanwhile.",
} as const;

export const parkedNotFound = () => notFound(PARKED_RULES.notFound, "PARKED_ORDER_NOT_FOUND");

/** The parked order a sale pays, with its table's name (the order keeps it as its table info). */
export async function parkedForSale(
  db: Queryable,
  companyId: string,
  parkedOrderId: string,
): Promise<{ id: string; tableName: string | null }> {
  const [row] = await db
    .select({ id: posParkedOrders.id, tableName: posTables.name })
    .from(posParkedOrders)
    .leftJoin(posTables, eq(posTables.id, posParkedOrders.tableId))
    .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedOrderId)));
  if (!row) throw parkedNotFound();
  return row;
}

/**
 * Takes a paid parked order off the list, in the sale's payment transaction: when another device
 * paid it first, nothing is left to take and the whole payment rolls back.
 */
export async function settleParked(tx: Queryable, companyId: string, parkedOrderId: string): Promise<void> {
  const removed = await tx
    .delete(posParkedOrders)
    .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedOrderId)))
    .returning({ id: posParkedOrders.id });
  if (removed.length === 0) throw conflict(PARKED_RULES.paidMeanwhile, "PARKED_ORDER_GONE");
}
