import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { counters } from "../settings/settings.tables";

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
