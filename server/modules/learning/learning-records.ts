import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { isUuid } from "../../lib/ids";
import type { CatalogService } from "../catalog/catalog.service";
import { courses, lessons } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";
import type { LessonProgress } from "./learning.schemas";
import { lessonProgress, lessonQuizzes } from "./learning.tables";

/** What the learning steps (lessons and progress, reviews) need. */
export interface LearningSteps {
  db: Db;
  /** The clock lessons open by (drip schedule); tests move it forward. */
  now: () => Date;
  /** Its cached storefront catalogue is dropped after a review changes a course's rating. */
  catalog: Pick<CatalogService, "invalidate" | "invalidateAnswers">;
}

/**
 * The course by id or slug with whether the customer is enrolled in it; undefined when it is not
 * visible to them: a course is visible when it is published, or to a customer enrolled in it.
 */
export async function findCourse(
  db: Queryable,
  companyId: string,
  idOrSlug: string,
  customerId: string | null,
) {
  const key = idOrSlug.trim().toLowerCase();
  const [row] = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      image: courses.image,
      published: courses.published,
      ratingTotal: courses.ratingTotal,
      ratingCount: courses.ratingCount,
      enrolmentId: enrolments.id,
      enrolledAt: enrolments.createdAt,
    })
    .from(courses)
    .leftJoin(
      enrolments,
      and(
        eq(enrolments.courseId, courses.id),
        eq(enrolments.companyId, companyId),
        customerId ? eq(enrolments.customerId, customerId) : sql`false`,
        // Paused while an instalment stays unpaid after its last retry (instalment-collection.ts).
        isNull(enrolments.pausedAt),
      ),
    )
    .where(
      and(
        eq(courses.companyId, companyId),
        isUuid(key) ? or(eq(courses.id, key), eq(courses.slug, key)) : eq(courses.slug, key),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const enrolled = row.enrolmentId !== null;
  if (!row.published && !enrolled) return undefined;
  return { ...row, enrolled };
}

/** The lesson with its course's visibility and the customer's enrolment; undefined as for findCourse. */
export async function findLesson(
  db: Queryable,
  companyId: string,
  lessonId: string,
  customerId: string | null,
) {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      durationSeconds: lessons.durationSeconds,
      freePreview: lessons.freePreview,
      videoUrl: lessons.videoUrl,
      title: lessons.title,
      dripDays: lessons.dripDays,
      dripDate: lessons.dripDate,
      published: courses.published,
      enrolmentId: enrolments.id,
      enrolledAt: enrolments.createdAt,
    })
    .from(lessons)
    .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.companyId, companyId)))
    .leftJoin(
      enrolments,
      and(
        eq(enrolments.courseId, lessons.courseId),
        eq(enrolments.companyId, companyId),
        customerId ? eq(enrolments.customerId, customerId) : sql`false`,
        // Paused while an instalment stays unpaid after its last retry (instalment-collection.ts).
        isNull(enrolments.pausedAt),
      ),
    )
    .where(and(eq(lessons.companyId, companyId), eq(lessons.id, lessonId)))
    .limit(1);
  if (!row) return undefined;
  const enrolled = row.enrolmentId !== null;
  if (!row.published && !enrolled) return undefined;
  return { ...row, enrolled };
}

/** The lessons of the courses, in their order. */
export const lessonOrder = (db: Queryable, companyId: string, courseIds: string[]) =>
  courseIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: lessons.id,
          courseId: lessons.courseId,
          position: lessons.position,
          title: lessons.title,
          durationSeconds: lessons.durationSeconds,
          freePreview: lessons.freePreview,
          quiz: sql<boolean>`${lessonQuizzes.id} is not null`.mapWith(Boolean),
          dripDays: lessons.dripDays,
          dripDate: lessons.dripDate,
          hasVideo: sql<boolean>`${lessons.videoUrl} is not null`,
        })
        .from(lessons)
        .leftJoin(lessonQuizzes, eq(lessonQuizzes.lessonId, lessons.id))
        .where(and(eq(lessons.companyId, companyId), inArray(lessons.courseId, courseIds)))
        .orderBy(asc(lessons.position), asc(lessons.id));

/** The customer's progress rows in the courses. */
export const progressRows = (db: Queryable, companyId: string, customerId: string, courseIds: string[]) =>
  courseIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          lessonId: lessonProgress.lessonId,
          courseId: lessonProgress.courseId,
          positionSeconds: lessonProgress.positionSeconds,
          completed: lessonProgress.completed,
          updatedAt: lessonProgress.updatedAt,
        })
        .from(lessonProgress)
        .where(
          and(
            eq(lessonProgress.companyId, companyId),
            eq(lessonProgress.customerId, customerId),
            inArray(lessonProgress.courseId, courseIds),
          ),
        );

export const toProgress = (row: {
  lessonId: string;
  positionSeconds: number;
  completed: boolean;
  updatedAt: Date;
}): LessonProgress => ({
  lessonId: row.lessonId,
  positionSeconds: row.positionSeconds,
  completed: row.completed,
  updatedAt: row.updatedAt.toISOString(),
});
