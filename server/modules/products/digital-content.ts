import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { products } from "./products.tables";

type ProductKind = Pick<typeof products.$inferSelect, "type" | "bundleItems">;

/**
 * Whether buying a product supplies digital content (terms §7): a download, or a bundle holding
 * one. Only then does the checkout ask the buyer to waive the right of withdrawal.
 */
export function isDigitalContent(
  product: ProductKind,
  typeOf: (productId: string) => ProductKind["type"] | undefined,
): boolean {
  if (product.type === "digital") return true;
  return (
    product.type === "bundle" && product.bundleItems.some((part) => typeOf(part.productId) === "digital")
  );
}

/** Whether any of these products (of this company) is digital content. */
export async function holdsDigitalContent(
  db: Queryable,
  companyId: string,
  productIds: string[],
): Promise<boolean> {
  if (productIds.length === 0) return false;
  const rows = await db
    .select({ id: products.id, type: products.type, bundleItems: products.bundleItems })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, productIds)));
  const partIds = [...new Set(rows.flatMap((row) => row.bundleItems.map((part) => part.productId)))];
  const parts =
    partIds.length > 0
      ? await db
          .select({ id: products.id, type: products.type })
          .from(products)
          .where(and(eq(products.companyId, companyId), inArray(products.id, partIds)))
      : [];
  const typeOf = new Map(parts.map((part) => [part.id, part.type]));
  return rows.some((row) => isDigitalContent(row, (id) => typeOf.get(id)));
}
