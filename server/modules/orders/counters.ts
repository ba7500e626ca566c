import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { counters } from "../settings/settings.tables";
import { orders } from "./orders.tables";

/**
 * The next value of a per-company counter (order and invoice numbers), taken inside the caller's
 * transaction: the counter row stays locked until it commits, and a rollback gives the number
 * back, so the numbers have no gaps.
 */
export async function nextCounter(db: Queryable, companyId: string, name: string): Promise<number> {
  return takeCounterValues(db, companyId, name, 1);
}

/** Takes `count` consecutive values of the counter at once (as {@link nextCounter}); returns the first. */
export async function takeCounterValues(
  db: Queryable,
  companyId: string,
  name: string,
  count: number,
): Promise<number> {
  const [row] = await db
    .insert(counters)
    .values({ companyId, name, value: count })
    .onConflictDoUpdate({
      target: [counters.companyId, counters.name],
      set: { value: sql`${counters.value} + ${count}` },
    })
    .returning({ value: counters.value });
  if (!row) throw new Error("counter did not advance");
  return row.value - count + 1;
}

/**
 * Gives an order the next order number, inside the caller's transaction, in one statement. The
 * counter row is locked from here until commit, so call it as late as possible in the transaction;
 * until then the order carries a provisional (negative) number that nobody outside it sees.
 */
export async function assignOrderNumber(db: Queryable, companyId: string, orderId: string): Promise<number> {
  const next = db.$with("next").as(
    db
      .insert(counters)
      .values({ companyId, name: "order", value: 1 })
      .onConflictDoUpdate({
        target: [counters.companyId, counters.name],
        set: { value: sql`${counters.value} + 1` },
      })
      .returning({ value: counters.value }),
  );
  const [row] = await db
    .with(next)
    .update(orders)
    .set({ number: sql`(select ${next.value} from ${next})` })
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .returning({ number: orders.number });
  if (!row) throw new Error("order was not numbered");
  return row.number;
}
