export interface ScheduledInstalment {
  sequence: number;
  dueAt: Date;
  amountCents: number;
}

/** The same day `months` later, or the month's last day when it is shorter (31 Jan → 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * Splits a total into `count` monthly instalments, the first due at `start` (charged at
 * checkout). Every instalment is the same whole number of cents; the first also takes the
 * cents that do not divide evenly, so the instalments always add up to the total.
 */
export function instalmentSchedule(totalCents: number, count: number, start: Date): ScheduledInstalment[] {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError("count must be a whole number of at least 1");
  const later = Math.floor(totalCents / count);
  const first = totalCents - later * (count - 1);
  return Array.from({ length: count }, (_, index) => ({
    sequence: index + 1,
    dueAt: addMonths(start, index),
    amountCents: index === 0 ? first : later,
  }));
}
