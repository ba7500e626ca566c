import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import { orders } from "../orders/orders.tables";
import { posParkedOrders, posTables } from "./pos-restaurant.tables";

export const PARKED_RULES = {
  notFound: "This parked order does not exist (it may have been paid or removed).",
  paidMeanwhile: "This parked order was paid or removed meanwhile.",
} as const;

export const parkedNotFound = () => notFound(PARKED_RULES.notFound, "PARKED_ORDER_NOT_FOUND");

/**
 * The parked order a sale pays, with its table's name (the order keeps it as its table info). Gone
 * (paid or removed): 404, unless the sale is a retry of the one that paid it (the same Idempotency-Key
 * placed an order): then null, and the sale answers with that order.
 */
export async function parkedForSale(
  db: Queryable,
  companyId: string,
  parkedOrderId: string,
  idempotencyKey: string | undefined,
): Promise<{ id: string; tableName: string | null } | null> {
  const [row] = await db
    .select({ id: posParkedOrders.id, tableName: posTables.name })
    .from(posParkedOrders)
    .leftJoin(posTables, eq(posTables.id, posParkedOrders.tableId))
    .where(and(eq(posParkedOrders.companyId, companyId), eq(posParkedOrders.id, parkedOrderId)));
  if (row) return row;
  if (idempotencyKey) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.idempotencyKey, idempotencyKey)));
    if (earlier) return null;
  }
  throw parkedNotFound();
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
