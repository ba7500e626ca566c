import { AppError } from "../../lib/errors";

/** A lesson's drip schedule: some days after enrolment, or a fixed day; free previews are never held back. */
export interface DripSchedule {
  dripDays: number | null;
  dripDate: string | null;
  freePreview: boolean;
}

const DAY_MS = 86_400_000;

/** 00:00 UTC of the day `date` falls on. */
const startOfDay = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

/**
 * When the lesson opens for a learner enrolled at `enrolledAt`; null when it is open from the start.
 * Days count whole calendar days (UTC): a lesson 7 days after an enrolment on 1 March opens on
 * 8 March at 00:00 UTC, so "opens on <date>" is exact.
 */
export function lessonOpensAt(lesson: DripSchedule, enrolledAt: Date | null): Date | null {
  if (lesson.freePreview) return null;
  if (lesson.dripDate) return new Date(`${lesson.dripDate}T00:00:00.000Z`);
  if (lesson.dripDays && enrolledAt)
    return new Date(startOfDay(enrolledAt).getTime() + lesson.dripDays * DAY_MS);
  return null;
}

/** The day a lesson opens, as the API says it (UTC, e.g. "4 December 2026"). */
export const formatOpeningDay = (opensAt: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(opensAt);

/** 403 for a lesson that has not opened yet; `details.opensAt` says when it will (ISO 8601). */
export const lessonNotOpenYet = (opensAt: Date) =>
  new AppError(403, "LESSON_NOT_OPEN_YET", `This lesson opens on ${formatOpeningDay(opensAt)}.`, {
    opensAt: opensAt.toISOString(),
  });
