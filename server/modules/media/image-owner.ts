import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { categories, courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { coupons } from "../orders/orders.tables";
import { products } from "../products/products.tables";
import { settings } from "../settings/settings.tables";
import { staff } from "../staff/staff.tables";

/** Every column that holds an uploaded picture's address, with its table's company. */
const IMAGE_COLUMNS: { table: PgTable; companyId: PgColumn; address: PgColumn }[] = [
  { table: courses, companyId: courses.companyId, address: courses.image },
  { table: categories, companyId: categories.companyId, address: categories.icon },
  { table: coupons, companyId: coupons.companyId, address: coupons.bannerImage },
  { table: staff, companyId: staff.companyId, address: staff.image },
  { table: customers, companyId: customers.companyId, address: customers.image },
];

/**
 * Whether an uploaded picture's address belongs to this school: a course cover, category icon,
 * coupon banner or profile picture of its own (published or not). Image names are unguessable but
 * not secret (they travel in pages and links), so a read is scoped to the school like every other.
 */
export async function imageBelongsTo(db: Db, companyId: string, address: string): Promise<boolean> {
  for (const column of IMAGE_COLUMNS) {
    const [row] = await db
      .select({ address: column.address })
      .from(column.table)
      .where(and(eq(column.companyId, companyId), eq(column.address, address)))
      .limit(1);
    if (row) return true;
  }
  // The school's logo and other pictures kept in its settings, and product galleries (JSON values).
  const quoted = JSON.stringify(address);
  const [inSettings] = await db
    .select({ name: settings.name })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), sql`strpos(${settings.value}::text, ${quoted}) > 0`))
    .limit(1);
  if (inSettings) return true;
  const [inProducts] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.companyId, companyId), sql`${products.images} @> ${JSON.stringify([address])}::jsonb`),
    )
    .limit(1);
  return Boolean(inProducts);
}
