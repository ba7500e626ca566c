import { and, count, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { courses, lessonFiles, lessons } from "./catalog.tables";
import type { AdminLesson, AdminLessonInput, AdminUpdateLesson } from "./catalog-admin.schemas";
import {
  type Actor,
  adminLessons,
  type CourseAdminDeps,
  fieldError,
  findCourse,
  findLesson,
  type LessonRow,
  lessonFileRows,
  lessonRows,
  toLesson,
  writeCatalog,
} from "./course-records";

const DRIP_ONE_WAY = "A lesson opens either some days after enrolment or on a date, not both.";

/** The drip fields to store: setting one way of opening clears the other. */
function dripOf(input: AdminUpdateLesson): Pick<LessonRow, "dripDays" | "dripDate"> | Record<string, never> {
  const days = input.dripDays ?? null;
  const date = input.dripDate ?? null;
  if (days !== null && date !== null) throw fieldError("dripDays", DRIP_ONE_WAY);
  if (days !== null) return { dripDays: days, dripDate: null };
  if (date !== null) return { dripDays: null, dripDate: date };
  return {};
}

/** A course's lessons in the back office: add, edit, remove, reorder. Every write is audited. */
export async function addLesson(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  input: AdminLessonInput,
): Promise<AdminLesson> {
  return writeCatalog(deps, companyId, async (tx) => {
    const course = await findCourse(tx, companyId, courseId);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${lessons.position}), 0)`.mapWith(Number) })
      .from(lessons)
      .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)));
    const [row] = await tx
      .insert(lessons)
      .values({
        companyId,
        courseId,
        position: (last?.position ?? 0) + 1,
        title: input.title,
        durationSeconds: input.durationSeconds,
        freePreview: input.freePreview ?? false,
        videoUrl: input.videoUrl ?? null,
        ...dripOf(input),
      })
      .returning();
    await refreshLessonTotals(tx, companyId, courseId);
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "create",
      entity: "lesson",
      entityId: row!.id,
      summary: `${course.title.en}: ${input.title.en}`,
    });
    return toLesson(row!);
  });
}

/** Edits a lesson; a video it no longer uses is removed from storage after the commit. */
export async function updateLesson(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
  input: AdminUpdateLesson,
): Promise<AdminLesson> {
  let replaced: string | null = null;
  const drip = dripOf(input);
  const lesson = await writeCatalog(deps, companyId, async (tx) => {
    const before = await findLesson(tx, companyId, courseId, lessonId);
    if (input.videoUrl !== undefined && input.videoUrl !== before.videoUrl) replaced = before.videoUrl;
    const [row] = await tx
      .update(lessons)
      .set({ ...input, ...drip, updatedAt: new Date() })
      .where(eq(lessons.id, lessonId))
      .returning();
    await refreshLessonTotals(tx, companyId, courseId);
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "update",
      entity: "lesson",
      entityId: lessonId,
      summary: (input.title ?? before.title).en,
      changes: Object.fromEntries(
        Object.entries({ ...input, ...drip }).map(([key, to]) => [
          key,
          { from: before[key as keyof LessonRow], to },
        ]),
      ),
    });
    return toLesson(row!, await lessonFileRows(tx, companyId, [lessonId]));
  });
  await deps.uploads.remove(replaced);
  return lesson;
}

export async function removeLesson(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
): Promise<void> {
  const stored = await writeCatalog(deps, companyId, async (tx) => {
    const before = await findLesson(tx, companyId, courseId, lessonId);
    const files = await tx
      .select({ key: lessonFiles.storageKey })
      .from(lessonFiles)
      .where(and(eq(lessonFiles.companyId, companyId), eq(lessonFiles.lessonId, lessonId)));
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await refreshLessonTotals(tx, companyId, courseId);
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "delete",
      entity: "lesson",
      entityId: lessonId,
      summary: before.title.en,
    });
    return [before.videoUrl, ...files.map((file) => file.key)];
  });
  await Promise.all(stored.map((reference) => deps.uploads.remove(reference)));
}

/** Puts the lessons in the given order; `ids` must name every lesson of the course once. */
export async function reorderLessons(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  ids: string[],
): Promise<AdminLesson[]> {
  return writeCatalog(deps, companyId, async (tx) => {
    const course = await findCourse(tx, companyId, courseId);
    const current = await lessonRows(tx, companyId, courseId);
    const known = new Set(current.map((lesson) => lesson.id));
    if (
      ids.length !== current.length ||
      new Set(ids).size !== ids.length ||
      ids.some((id) => !known.has(id))
    ) {
      throw badRequest("Send every lesson of the course exactly once, in the new order.");
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(lessons)
        .set({ position: index + 1 })
        .where(eq(lessons.id, id));
    }
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "update",
      entity: "course",
      entityId: courseId,
      summary: `${course.title.en}: lessons reordered`,
      changes: { lessons: { from: current.map((lesson) => lesson.id), to: ids } },
    });
    return adminLessons(tx, companyId, courseId);
  });
}

/** Refreshes the lesson count and total duration the course cards show. */
async function refreshLessonTotals(tx: Queryable, companyId: string, courseId: string): Promise<void> {
  const [totals] = await tx
    .select({
      lessons: count(),
      seconds: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)`.mapWith(Number),
    })
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)));
  await tx
    .update(courses)
    .set({ videoCount: totals?.lessons ?? 0, durationSeconds: totals?.seconds ?? 0, updatedAt: new Date() })
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
}
