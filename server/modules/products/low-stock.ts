import { and, eq, inArray, isNotNull, isNull, not, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { MailJob } from "../mail/mail-jobs";
import { settings } from "../settings/settings.tables";
import { roles, staff } from "../staff/staff.tables";
import { outerProductId, products } from "./products.tables";

/** The mail that tells catalogue staff some products are at or below the low-stock value. */
export const LOW_STOCK_MAIL = "low-stock";

export interface LowStockJob extends MailJob {
  kind: typeof LOW_STOCK_MAIL;
  /** The staff member it goes to (one job each, so one failed address never holds up the others). */
  staffId: string;
  productIds: string[];
}

/** The low-stock value until staff choose one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** Enqueues a low-stock mail in the transaction of the stock change (MailJobs.enqueue). */
export type LowStockNotice = (tx: Queryable, job: LowStockJob) => Promise<unknown>;

/** Low on stock: a physical product (or one of its variants) at or below the low-stock value. */
export const lowStockCondition = (threshold: number | SQL) =>
  sql`(${products.type} = 'physical' and (
    (${products.quantity} is not null and ${products.quantity} <= ${threshold}
      and not exists (select 1 from product_variants v where v.product_id = ${outerProductId}))
    or exists (select 1 from product_variants v where v.product_id = ${outerProductId} and v.quantity <= ${threshold})))`;

/** The company's low-stock value, read inside the caller's transaction. */
export async function lowStockThreshold(tx: Queryable, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ value: sql<unknown>`${settings.value}->'lowStockThreshold'` })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.name, "products")));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD;
}

/**
 * After stock moved, in the same transaction: products above the low-stock value again lose their
 * "staff were told" mark; with `notify`, products now at or below it that staff were not told about
 * are marked and one mail per active staff member who may change the catalogue is enqueued. The
 * mark is set by a conditional update, so two checkouts at once tell staff once. `productIds` null:
 * every product of the company (the low-stock value changed).
 */
export async function reviewLowStock(
  tx: Queryable,
  companyId: string,
  productIds: string[] | null,
  notify: LowStockNotice | null,
): Promise<void> {
  if (productIds !== null && productIds.length === 0) return;
  const threshold = await lowStockThreshold(tx, companyId);
  const low = lowStockCondition(threshold);
  const scope = and(
    eq(products.companyId, companyId),
    productIds === null ? undefined : inArray(products.id, [...new Set(productIds)].sort()),
  );
  await tx
    .update(products)
    .set({ lowStockNotifiedAt: null })
    .where(and(scope, isNotNull(products.lowStockNotifiedAt), not(low)));
  if (!notify) return;
  const marked = await tx
    .update(products)
    .set({ lowStockNotifiedAt: new Date() })
    .where(and(scope, isNull(products.lowStockNotifiedAt), low))
    .returning({ id: products.id });
  if (marked.length === 0) return;
  const recipients = await tx
    .select({ id: staff.id })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(
      and(
        eq(staff.companyId, companyId),
        eq(staff.status, "active"),
        sql`${roles.permissions}->>'catalog' = 'write'`,
      ),
    );
  const ids = marked.map((row) => row.id).sort();
  for (const recipient of recipients) {
    await notify(tx, { kind: LOW_STOCK_MAIL, companyId, staffId: recipient.id, productIds: ids });
  }
}
