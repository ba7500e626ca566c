import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict } from "../../lib/errors";
import { courses } from "../catalog/catalog.tables";
import { orders } from "../orders/orders.tables";
import { counters } from "../settings/settings.tables";

export const SOLD_OUT_MESSAGE = "Sorry, this course is sold out.";

/**
 * The seats order lines take: a course's id once per seat (a group purchase of 3 seats lists it
 * three times), as reserveSeats and releaseSeats count them. Product lines take none.
 */
export function seatCourseIds(lines: { courseId: string | null; quantity: number }[]): string[] {
  return lines.flatMap((line) =>
    line.courseId ? Array.from({ length: Math.max(line.quantity, 1) }, () => line.courseId as string) : [],
  );
}

/** A course's seats as the database counted them. */
export interface SeatCount {
  seatsSold: number;
  totalSeats: number | null;
}

/**
 * Takes one seat of each course (a course listed N times: N seats), inside the caller's transaction. The conditional update is
 * atomic per row, so concurrent checkouts never sell more seats than a course has; when one
 * course is full this throws 409 and the caller's transaction rolls every seat back. Returns each
 * course's seat counts right after its seat was taken.
 *
 * The update locks the course's row until the caller's transaction ends: under contention, make
 * it the last work before commit so buyers of one course queue for as short a time as possible.
 */
export async function reserveSeats(
  tx: Queryable,
  companyId: string,
  courseIds: string[],
): Promise<Map<string, SeatCount>> {
  const counts = new Map<string, SeatCount>();
  // A fixed order keeps concurrent multi-course checkouts from deadlocking on each other's rows.
  for (const courseId of [...courseIds].sort()) {
    const updated = await tx
      .update(courses)
      .set({ seatsSold: sql`${courses.seatsSold} + 1` })
      .where(
        and(
          eq(courses.id, courseId),
          eq(courses.companyId, companyId),
          or(isNull(courses.totalSeats), lt(courses.seatsSold, courses.totalSeats)),
        ),
      )
      .returning({ seatsSold: courses.seatsSold, totalSeats: courses.totalSeats });
    const [count] = updated;
    if (!count) throw conflict(SOLD_OUT_MESSAGE, "SOLD_OUT");
    counts.set(courseId, count);
  }
  return counts;
}

/**
 * The end of a checkout's transaction: a seat of each course (as {@link reserveSeats}) and the
 * order's real number (the company's next; it carried a provisional one until now). From here to
 * commit the course rows and the order counter are locked, and every buyer of the course waits for
 * them, so the last seat and the number are taken in one statement: one round trip to the database
 * fewer per buyer in that queue. Throws 409 SOLD_OUT when a course is full (the caller's
 * transaction then rolls everything back).
 */
export async function reserveSeatsAndNumberOrder(
  tx: Queryable,
  companyId: string,
  orderId: string,
  courseIds: string[],
): Promise<{ seats: Map<string, SeatCount>; number: number }> {
  const sorted = [...courseIds].sort();
  const last = sorted.pop();
  if (last === undefined) throw new Error("an order without courses");
  const seats = await reserveSeats(tx, companyId, sorted);
  // Every data-modifying CTE runs once; those after `seat` do nothing when it took no seat.
  const result = (await tx.execute(sql`
    with seat as (
      update ${courses} set seats_sold = seats_sold + 1
      where id = ${last} and company_id = ${companyId}
        and (total_seats is null or seats_sold < total_seats)
      returning seats_sold, total_seats
    ), next as (
      insert into ${counters} (company_id, name, value)
      select ${companyId}, 'order', 1 where exists (select 1 from seat)
      on conflict (company_id, name) do update set value = ${counters}.value + 1
      returning value
    ), numbered as (
      update ${orders} set number = next.value from next
      where ${orders}.id = ${orderId} and ${orders}.company_id = ${companyId}
      returning ${orders}.number
    )
    select seat.seats_sold as "seatsSold", seat.total_seats as "totalSeats",
      (select number from numbered) as "number"
    from seat`)) as unknown as { rows: Array<SeatCount & { number: number | null }> };
  const [row] = result.rows;
  if (!row) throw conflict(SOLD_OUT_MESSAGE, "SOLD_OUT");
  if (row.number === null) throw new Error("order was not numbered");
  seats.set(last, { seatsSold: row.seatsSold, totalSeats: row.totalSeats });
  return { seats, number: row.number };
}

/** Gives back one seat of each course (an order that was cancelled before it was paid). */
export async function releaseSeats(tx: Queryable, companyId: string, courseIds: string[]): Promise<void> {
  if (courseIds.length === 0) return;
  for (const courseId of [...courseIds].sort()) {
    await tx
      .update(courses)
      .set({ seatsSold: sql`greatest(${courses.seatsSold} - 1, 0)` })
      .where(and(eq(courses.id, courseId), eq(courses.companyId, companyId)));
  }
}

/**
 * The seats of a course a checkout could take now: those not sold plus those held by pending
 * orders whose hold has ended (they are given back when someone needs them). Null: the course has
 * no seat limit, or there is no such course.
 */
export async function freeSeats(db: Queryable, companyId: string, courseId: string, now: Date) {
  // Table names spelled out: inside a select list, drizzle leaves columns unqualified.
  const endedHolds = sql<number>`(
    select count(*) from order_lines join orders on orders.id = order_lines.order_id
    where orders.company_id = ${companyId} and orders.status = 'pending'
      and orders.expires_at < ${now} and order_lines.course_id = courses.id)`.mapWith(Number);
  const [row] = await db
    .select({ totalSeats: courses.totalSeats, seatsSold: courses.seatsSold, endedHolds })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.companyId, companyId)));
  if (!row || row.totalSeats === null) return null;
  return Math.max(row.totalSeats - row.seatsSold, 0) + row.endedHolds;
}
