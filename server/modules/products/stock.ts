import { and, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { StockReason } from "~shared/product.constants";
import type { Queryable } from "../../db/client";
import { businessRule, conflict } from "../../lib/errors";
import { products, productVariants, stockMovements } from "./products.tables";

export const OUT_OF_STOCK_MESSAGE = "Sorry, this product is out of stock.";

/** Stock of one product, or of one of its variants, moved by `quantity` units. */
export interface StockItem {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** One row per product/variant, quantities added up, in a fixed order (so concurrent takers never deadlock). */
export function mergeStockItems(items: StockItem[]): StockItem[] {
  const merged = new Map<string, StockItem>();
  for (const item of items) {
    const key = `${item.productId}/${item.variantId ?? ""}`;
    const earlier = merged.get(key);
    if (earlier) earlier.quantity += item.quantity;
    else merged.set(key, { ...item });
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

interface Movement {
  reason: StockReason;
  orderId?: string | null;
  staffId?: string | null;
  note?: string | null;
}

/**
 * Moves the stock of one product or variant by `change` inside the caller's transaction and writes
 * its history row. A decrease is a conditional update: it never takes more than there is, unless
 * `allowNegative` (an order of a product that allows out-of-stock orders). Returns the quantity
 * after, or null when the row does not count stock (digital files) or did not allow the decrease.
 */
async function moveOne(
  tx: Queryable,
  companyId: string,
  item: { productId: string; variantId: string | null },
  change: number,
  movement: Movement,
  respectBackorders: boolean,
): Promise<number | null> {
  const needed = -change;
  const backorders = respectBackorders
    ? sql`exists (select 1 from ${products} p where p.id = ${item.productId} and p.allow_out_of_stock_orders)`
    : sql`false`;
  let after: number | null | undefined;
  if (item.variantId) {
    const [row] = await tx
      .update(productVariants)
      .set({ quantity: sql`${productVariants.quantity} + ${change}`, updatedAt: new Date() })
      .where(
        and(
          eq(productVariants.id, item.variantId),
          eq(productVariants.productId, item.productId),
          eq(productVariants.companyId, companyId),
          change < 0 ? or(gte(productVariants.quantity, needed), backorders) : undefined,
        ),
      )
      .returning({ quantity: productVariants.quantity });
    after = row?.quantity;
  } else {
    const [row] = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${change}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, item.productId),
          eq(products.companyId, companyId),
          isNotNull(products.quantity),
          change < 0
            ? or(
                gte(products.quantity, needed),
                respectBackorders ? products.allowOutOfStockOrders : sql`false`,
              )
            : undefined,
        ),
      )
      .returning({ quantity: products.quantity });
    after = row?.quantity;
  }
  if (after === undefined || after === null) return null;
  await tx.insert(stockMovements).values({
    companyId,
    productId: item.productId,
    variantId: item.variantId,
    reason: movement.reason,
    change,
    quantityAfter: after,
    orderId: movement.orderId ?? null,
    staffId: movement.staffId ?? null,
    note: movement.note ?? null,
  });
  return after;
}

/** The counted products among `items` (digital files and unknown ids do not count stock). */
async function countedItems(tx: Queryable, companyId: string, items: StockItem[]): Promise<StockItem[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((item) => item.productId))];
  const rows = await tx
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, ids)));
  const physical = new Set(rows.filter((row) => row.type === "physical").map((row) => row.id));
  return items.filter((item) => physical.has(item.productId));
}

/**
 * Takes the stock an order needs, in the order's transaction (a sale). The conditional updates
 * run in a fixed order and are atomic per row, so concurrent checkouts never sell more than
 * there is: when one row has too little, 409 OUT_OF_STOCK and the caller's transaction rolls
 * every row back. Returns each row's quantity after the sale.
 */
export async function takeStock(
  tx: Queryable,
  companyId: string,
  orderId: string,
  items: StockItem[],
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  for (const item of mergeStockItems(await countedItems(tx, companyId, items))) {
    const after = await moveOne(tx, companyId, item, -item.quantity, { reason: "sale", orderId }, true);
    if (after === null) throw conflict(OUT_OF_STOCK_MESSAGE, "OUT_OF_STOCK");
    left.set(item.variantId ?? item.productId, after);
  }
  return left;
}

/** Puts an order's stock back (a cancel, or a return with restock), with its history rows. */
export async function restoreStock(
  tx: Queryable,
  companyId: string,
  orderId: string,
  items: StockItem[],
  reason: "cancel" | "return",
): Promise<void> {
  for (const item of mergeStockItems(await countedItems(tx, companyId, items))) {
    await moveOne(tx, companyId, item, item.quantity, { reason, orderId }, false);
  }
}

/** A stock change by staff (a delivery came in, a count was corrected); never below 0. */
export async function adjustStock(
  tx: Queryable,
  companyId: string,
  item: { productId: string; variantId: string | null },
  change: number,
  movement: Omit<Movement, "reason"> & { reason?: "adjustment" | "initial" },
): Promise<number> {
  const after = await moveOne(tx, companyId, item, change, { reason: "adjustment", ...movement }, false);
  if (after === null) {
    throw businessRule("The stock cannot go below 0.", "STOCK_BELOW_ZERO");
  }
  return after;
}
