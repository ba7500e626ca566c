import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { Uploads } from "../media/uploads";
import type { SettingsService } from "../settings/settings.service";
import type { CatalogService } from "./catalog.service";
import { courses, lessonFiles, lessons } from "./catalog.tables";
import type { AdminCourse, AdminLesson, AdminLessonFile } from "./catalog-admin.schemas";

/** Who makes a back-office change (for the audit log). */
export interface Actor {
  id: string;
  email: string;
}

/** What the course admin's steps (course, lessons, media) need. */
export interface CourseAdminDeps {
  db: Db;
  audit: Pick<AuditService, "record">;
  /** Its cached storefront catalogue is dropped after every write. */
  catalog: Pick<CatalogService, "invalidate">;
  uploads: Uploads;
  settings: Pick<SettingsService, "storeInfo">;
}

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

export const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

export type LessonFileRow = typeof lessonFiles.$inferSelect;

export const toLessonFile = (row: LessonFileRow): AdminLessonFile => ({
  id: row.id,
  name: row.name,
  language: row.language,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
});

export const toLesson = (row: LessonRow, files: LessonFileRow[] = []): AdminLesson => ({
  id: row.id,
  position: row.position,
  title: row.title,
  durationSeconds: row.durationSeconds,
  videoUrl: row.videoUrl,
  freePreview: row.freePreview,
  dripDays: row.dripDays,
  dripDate: row.dripDate,
  resources: files.filter((file) => file.lessonId === row.id && file.kind === "resource").map(toLessonFile),
  captions: files.filter((file) => file.lessonId === row.id && file.kind === "captions").map(toLessonFile),
});

/** The files of the lessons, oldest first. */
export async function lessonFileRows(
  tx: Queryable,
  companyId: string,
  lessonIds: string[],
): Promise<LessonFileRow[]> {
  if (lessonIds.length === 0) return [];
  return tx
    .select()
    .from(lessonFiles)
    .where(and(eq(lessonFiles.companyId, companyId), inArray(lessonFiles.lessonId, lessonIds)))
    .orderBy(asc(lessonFiles.createdAt), asc(lessonFiles.id));
}

/** The course's lessons with their files, as the back office shows them. */
export async function adminLessons(
  tx: Queryable,
  companyId: string,
  courseId: string,
): Promise<AdminLesson[]> {
  const rows = await lessonRows(tx, companyId, courseId);
  const files = await lessonFileRows(
    tx,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLesson(row, files));
}

const toCourse = (row: CourseRow, lessons: AdminLesson[]): AdminCourse => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  description: row.description,
  outcomes: row.outcomes,
  categoryId: row.categoryId,
  level: row.level,
  instructor: row.instructor,
  image: row.image,
  badge: row.badge,
  priceCents: row.priceCents,
  salePriceCents: row.salePriceCents,
  currency: row.currency,
  totalSeats: row.totalSeats,
  seatsSold: row.seatsSold,
  instalmentCount: row.instalmentCount,
  taxClass: row.taxClass,
  attributeValues: row.attributeValues,
  published: row.published,
  lessons,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Runs a write in a transaction, then drops the cached storefront catalogue. */
export async function writeCatalog<T>(
  deps: Pick<CourseAdminDeps, "db" | "catalog">,
  companyId: string,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(work);
  deps.catalog.invalidate(companyId);
  return result;
}

export async function findCourse(tx: Queryable, companyId: string, id: string): Promise<CourseRow> {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, id)))
    .limit(1);
  if (!row) throw notFound(`No course "${id}" exists.`, "COURSE_NOT_FOUND");
  return row;
}

export async function lessonRows(tx: Queryable, companyId: string, courseId: string): Promise<LessonRow[]> {
  return tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
}

export async function findLesson(
  tx: Queryable,
  companyId: string,
  courseId: string,
  lessonId: string,
): Promise<LessonRow> {
  const [row] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId), eq(lessons.id, lessonId)));
  if (!row) throw notFound(`No lesson "${lessonId}" in this course.`, "LESSON_NOT_FOUND");
  return row;
}

/** One course as the back office edits it, lessons in their order. */
export async function getCourse(
  deps: Pick<CourseAdminDeps, "db">,
  companyId: string,
  id: string,
): Promise<AdminCourse> {
  const row = await findCourse(deps.db, companyId, id);
  return toCourse(row, await adminLessons(deps.db, companyId, id));
}
