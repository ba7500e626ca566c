import { and, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { StockReason } from "~shared/product.constants";
import type { Queryable } from "../../db/client";
import { businessRule, conflict } from "../../lib/errors";
import { type LowStockNotice, reviewLowStock } from "./low-stock";
import { products, productVariants, stockMovements } from "./products.tables";

export const OUT_OF_STOCK_MESSAGE = "Sorry, this product is out of stock.";

/** Stock of one product, or of one of its variants, moved by `quantity` units. */
export interface StockItem {
  productId: string;
  variantId: string | null;
  quantity: number;
}

interface Movement {
  reason: StockReason;
  orderId?: string | null;
  orderLineId?: string | null;
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
  /** true: a product that allows backorders may go below 0; "always": any may (a cashier's override). */
  respectBackorders: boolean | "always",
): Promise<number | null> {
  const needed = -change;
  const backorders =
    respectBackorders === "always"
      ? sql`true`
      : respectBackorders
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
                respectBackorders === "always"
                  ? sql`true`
                  : respectBackorders
                    ? products.allowOutOfStockOrders
                    : sql`false`,
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
    orderLineId: movement.orderLineId ?? null,
    staffId: movement.staffId ?? null,
    note: movement.note ?? null,
  });
  return after;
}

/** The counted products among `items` (digital files and unknown ids do not count stock). */
async function countedItems<T extends StockItem>(tx: Queryable, companyId: string, items: T[]): Promise<T[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((item) => item.productId))];
  const rows = await tx
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, ids)));
  const physical = new Set(rows.filter((row) => row.type === "physical").map((row) => row.id));
  return items.filter((item) => physical.has(item.productId));
}

/** One order line's need of one product or variant (a bundle line needs each of its products). */
export interface OrderStockItem extends StockItem {
  orderLineId: string;
}

const rowKey = (item: { productId: string; variantId: string | null }) =>
  `${item.productId}/${item.variantId ?? ""}`;

/**
 * Takes the stock an order needs, in the order's transaction (a sale). The conditional updates
 * run in a fixed order of rows and are atomic per row, so concurrent checkouts never sell more
 * than there is and never deadlock: when a row has too little, 409 OUT_OF_STOCK and the caller's
 * transaction rolls every row back. Each line's movement is recorded against the order and line.
 * Products it leaves at or below the low-stock value are marked and staff mailed through `lowStock`
 * (once per product until it is above the value again).
 */
export async function takeStock(
  tx: Queryable,
  companyId: string,
  orderId: string,
  items: OrderStockItem[],
  lowStock: LowStockNotice | null,
  /** A cashier's override at the counter: taken even below 0, as for a product that allows backorders. */
  override = false,
): Promise<void> {
  const counted = await countedItems(tx, companyId, items);
  const sorted = [...counted].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0));
  for (const item of sorted) {
    const after = await moveOne(
      tx,
      companyId,
      item,
      -item.quantity,
      { reason: "sale", orderId, orderLineId: item.orderLineId },
      override ? "always" : true,
    );
    if (after === null) throw conflict(OUT_OF_STOCK_MESSAGE, "OUT_OF_STOCK");
  }
  await reviewLowStock(
    tx,
    companyId,
    sorted.map((item) => item.productId),
    lowStock,
  );
}

/**
 * Gives back what an order (or some of its lines) still holds: for each line and row, what its
 * movements took and did not give back yet. So a cancel after a return with restock gives back
 * only the rest, and running it twice gives nothing the second time. Returns whether stock moved.
 */
export async function restoreOrderStock(
  tx: Queryable,
  companyId: string,
  orderId: string,
  reason: "cancel" | "return",
  lineIds?: string[],
): Promise<boolean> {
  const held = await tx
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      orderLineId: stockMovements.orderLineId,
      taken: sql<number>`-sum(${stockMovements.change})`.mapWith(Number),
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.companyId, companyId),
        eq(stockMovements.orderId, orderId),
        lineIds ? inArray(stockMovements.orderLineId, lineIds) : undefined,
      ),
    )
    .groupBy(stockMovements.productId, stockMovements.variantId, stockMovements.orderLineId);
  const toGive = held
    .filter((row) => row.taken > 0)
    .sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0));
  for (const row of toGive) {
    await moveOne(tx, companyId, row, row.taken, { reason, orderId, orderLineId: row.orderLineId }, false);
  }
  // Stock that came back above the low-stock value: staff will be told again when it falls.
  await reviewLowStock(
    tx,
    companyId,
    toGive.map((row) => row.productId),
    null,
  );
  return toGive.length > 0;
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
