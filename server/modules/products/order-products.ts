import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orderLines } from "../orders/orders.tables";
import type { LowStockNotice } from "./low-stock";
import { productDownloads, products } from "./products.tables";
import { type OrderStockItem, takeStock } from "./stock";

/** The product lines of an order with their products as they are now. */
async function productLinesOf(tx: Queryable, companyId: string, orderId: string) {
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.productId)));
  if (lines.length === 0) return { lines, byId: new Map<string, typeof products.$inferSelect>() };
  const ids = new Set(lines.map((line) => line.productId!));
  const direct = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, [...ids])));
  const partIds = direct
    .flatMap((row) => row.bundleItems.map((item) => item.productId))
    .filter((id) => !ids.has(id));
  const parts =
    partIds.length > 0
      ? await tx
          .select()
          .from(products)
          .where(and(eq(products.companyId, companyId), inArray(products.id, partIds)))
      : [];
  return { lines, byId: new Map([...direct, ...parts].map((row) => [row.id, row])) };
}

/**
 * Takes an order's stock again (a payment that arrived after its hold ended and the stock went
 * back): 409 OUT_OF_STOCK when it is gone, and the caller refunds.
 */
export async function retakeOrderStock(
  tx: Queryable,
  companyId: string,
  orderId: string,
  lowStock: LowStockNotice | null,
): Promise<void> {
  const { lines, byId } = await productLinesOf(tx, companyId, orderId);
  const needs: OrderStockItem[] = lines.flatMap((line) => {
    const product = byId.get(line.productId!);
    if (!product) return [];
    if (product.type === "physical") {
      return [
        { productId: product.id, variantId: line.variantId, quantity: line.quantity, orderLineId: line.id },
      ];
    }
    if (product.type === "bundle") {
      return product.bundleItems.map((item) => ({
        productId: item.productId,
        variantId: item.variantId,
        quantity: item.quantity * line.quantity,
        orderLineId: line.id,
      }));
    }
    return [];
  });
  await takeStock(tx, companyId, orderId, needs, lowStock);
}

/**
 * Gives the buyer of a paid order the right to download each digital product in it (also those
 * inside a bundle), at most the product's download limit times. Run in the payment's transaction;
 * a payment reported twice grants once.
 */
export async function grantDownloads(
  tx: Queryable,
  companyId: string,
  order: { id: string; customerId: string },
): Promise<number> {
  const { lines, byId } = await productLinesOf(tx, companyId, order.id);
  const grants = lines.flatMap((line) => {
    const product = byId.get(line.productId!);
    if (!product) return [];
    const digital =
      product.type === "digital"
        ? [product]
        : product.type === "bundle"
          ? product.bundleItems
              .map((item) => byId.get(item.productId))
              .filter((row) => row?.type === "digital")
          : [];
    return digital.map((row) => ({
      companyId,
      orderId: order.id,
      orderLineId: line.id,
      customerId: order.customerId,
      productId: row!.id,
      downloadLimit: row!.downloadLimit,
    }));
  });
  if (grants.length === 0) return 0;
  const inserted = await tx
    .insert(productDownloads)
    .values(grants)
    .onConflictDoNothing()
    .returning({ id: productDownloads.id });
  return inserted.length;
}
