import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import type { CatalogService } from "../catalog/catalog.service";
import { courses, lessons } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { enrolments } from "../orders/orders.tables";
import type {
  CourseProgress,
  CourseReviewList,
  CreateCourseReviewBody,
  CreatedCourseReview,
  CustomerCourseList,
  LessonProgress,
  ListCourseReviewsQuery,
  SaveLessonProgressBody,
} from "./learning.schemas";
import { courseReviews, lessonProgress } from "./learning.tables";
import { type ProgressSummary, summariseProgress } from "./progress-summary";

/** What a visitor needs before a lesson plays: nothing, to sign in, or to enrol in the course. */
export type LessonAccess = "open" | "sign-in" | "enrol";

/** A lesson counts as watched from this share of its duration on. */
export const COMPLETED_SHARE = 0.9;

export function lessonAccess(
  lesson: { freePreview: boolean },
  visitor: { signedIn: boolean; enrolled: boolean; coursePublished: boolean },
): LessonAccess {
  if (visitor.enrolled) return "open";
  if (lesson.freePreview && visitor.coursePublished) return "open";
  return visitor.signedIn ? "enrol" : "sign-in";
}

function averageRating(total: number, reviews: number): number {
  return reviews > 0 ? Math.round((total * 10) / reviews) / 10 : 0;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

const NOT_ENROLLED_PROGRESS = "Only learners enrolled in this course can keep track of their progress.";
const NOT_ENROLLED_REVIEW = "Only learners enrolled in this course can review it.";
export const ALREADY_REVIEWED = "You have already reviewed this course.";

export interface PlayerLesson {
  id: string;
  position: number;
  title: string;
  durationSeconds: number;
  freePreview: boolean;
  access: LessonAccess;
  positionSeconds: number;
  completed: boolean;
}

export interface CoursePlayer {
  course: { id: string; slug: string; title: string; image: string | null };
  signedIn: boolean;
  enrolled: boolean;
  lessons: PlayerLesson[];
  summary: ProgressSummary;
}

/** What the course page shows a visitor about their own learning in the course. */
export interface LearnerState {
  enrolled: boolean;
  reviewed: boolean;
  summary: ProgressSummary | null;
}

/**
 * Watching lessons, learners' progress and course reviews. A course is visible here when it is
 * published, or to a customer enrolled in it (so that a learner keeps a course that was withdrawn).
 */
export function createLearningService(db: Db, deps: { catalog: CatalogService }) {
  async function findCourse(companyId: string, idOrSlug: string, customerId: string | null) {
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
      })
      .from(courses)
      .leftJoin(
        enrolments,
        and(
          eq(enrolments.courseId, courses.id),
          eq(enrolments.companyId, companyId),
          customerId ? eq(enrolments.customerId, customerId) : sql`false`,
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

  async function findLesson(companyId: string, lessonId: string, customerId: string | null) {
    const [row] = await db
      .select({
        id: lessons.id,
        courseId: lessons.courseId,
        durationSeconds: lessons.durationSeconds,
        freePreview: lessons.freePreview,
        videoUrl: lessons.videoUrl,
        published: courses.published,
        enrolmentId: enrolments.id,
      })
      .from(lessons)
      .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.companyId, companyId)))
      .leftJoin(
        enrolments,
        and(
          eq(enrolments.courseId, lessons.courseId),
          eq(enrolments.companyId, companyId),
          customerId ? eq(enrolments.customerId, customerId) : sql`false`,
        ),
      )
      .where(and(eq(lessons.companyId, companyId), eq(lessons.id, lessonId)))
      .limit(1);
    if (!row) return undefined;
    const enrolled = row.enrolmentId !== null;
    if (!row.published && !enrolled) return undefined;
    return { ...row, enrolled };
  }

  const lessonOrder = (companyId: string, courseIds: string[]) =>
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
          })
          .from(lessons)
          .where(and(eq(lessons.companyId, companyId), inArray(lessons.courseId, courseIds)))
          .orderBy(asc(lessons.position), asc(lessons.id));

  const progressRows = (companyId: string, customerId: string, courseIds: string[]) =>
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

  const toProgress = (row: {
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

  return {
    /**
     * A lesson's video and whether this visitor may play it; undefined when there is no such lesson
     * for them (another company's, or of a withdrawn course they are not enrolled in).
     */
    async lessonVideo(companyId: string, lessonId: string, customerId: string | null) {
      const lesson = await findLesson(companyId, lessonId, customerId);
      if (!lesson) return undefined;
      return {
        videoUrl: lesson.videoUrl,
        freePreview: lesson.freePreview,
        access: lessonAccess(lesson, {
          signedIn: customerId !== null,
          enrolled: lesson.enrolled,
          coursePublished: lesson.published,
        }),
      };
    },

    /** Stores where an enrolled learner is in a lesson (one row per learner and lesson). */
    async saveProgress(
      companyId: string,
      customerId: string,
      lessonId: string,
      input: SaveLessonProgressBody,
    ): Promise<LessonProgress> {
      const lesson = await findLesson(companyId, lessonId, customerId);
      if (!lesson) throw notFound(`No lesson "${lessonId}" exists.`, "LESSON_NOT_FOUND");
      if (!lesson.enrolled) throw forbidden(NOT_ENROLLED_PROGRESS);
      const duration = lesson.durationSeconds;
      const position = Math.floor(
        duration > 0 ? Math.min(input.positionSeconds, duration) : input.positionSeconds,
      );
      const completed = input.completed === true || (duration > 0 && position >= duration * COMPLETED_SHARE);
      const [row] = await db
        .insert(lessonProgress)
        .values({
          companyId,
          customerId,
          courseId: lesson.courseId,
          lessonId,
          positionSeconds: position,
          completed,
        })
        .onConflictDoUpdate({
          target: [lessonProgress.customerId, lessonProgress.lessonId],
          set: {
            positionSeconds: position,
            completed: sql`${lessonProgress.completed} or excluded.completed`,
            updatedAt: new Date(),
          },
        })
        .returning({
          lessonId: lessonProgress.lessonId,
          positionSeconds: lessonProgress.positionSeconds,
          completed: lessonProgress.completed,
          updatedAt: lessonProgress.updatedAt,
        });
      return toProgress(row!);
    },

    /** An enrolled learner's progress in one course. */
    async courseProgress(companyId: string, customerId: string, idOrSlug: string): Promise<CourseProgress> {
      const course = await findCourse(companyId, idOrSlug, customerId);
      if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
      if (!course.enrolled) throw forbidden(NOT_ENROLLED_PROGRESS);
      const [order, rows] = await Promise.all([
        lessonOrder(companyId, [course.id]),
        progressRows(companyId, customerId, [course.id]),
      ]);
      return {
        courseId: course.id,
        ...summariseProgress(
          order.map((lesson) => lesson.id),
          rows,
        ),
        lessons: rows.map(toProgress),
      };
    },

    /** The customer's enrolled courses with their progress, most recently active first. */
    async customerCourses(
      companyId: string,
      customerId: string,
      language: Language,
    ): Promise<CustomerCourseList> {
      const enrolled = await db
        .select({
          id: courses.id,
          slug: courses.slug,
          title: courses.title,
          image: courses.image,
          enrolledAt: enrolments.createdAt,
        })
        .from(enrolments)
        .innerJoin(courses, and(eq(courses.id, enrolments.courseId), eq(courses.companyId, companyId)))
        .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, customerId)));
      const ids = enrolled.map((course) => course.id);
      const [order, rows] = await Promise.all([
        lessonOrder(companyId, ids),
        progressRows(companyId, customerId, ids),
      ]);
      const list = enrolled.map((course) => {
        const own = rows.filter((row) => row.courseId === course.id);
        const lastWatched = own.reduce<Date | null>(
          (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
          null,
        );
        return {
          id: course.id,
          slug: course.slug,
          title: translate(course.title, language),
          image: course.image,
          ...summariseProgress(
            order.filter((lesson) => lesson.courseId === course.id).map((lesson) => lesson.id),
            own,
          ),
          lastWatchedAt: lastWatched?.toISOString() ?? null,
          enrolledAt: course.enrolledAt.toISOString(),
        };
      });
      list.sort((a, b) => (b.lastWatchedAt ?? b.enrolledAt).localeCompare(a.lastWatchedAt ?? a.enrolledAt));
      return { courses: list };
    },

    /** Everything the course video page needs: lessons with access and progress for this visitor. */
    async coursePlayer(
      companyId: string,
      idOrSlug: string,
      language: Language,
      customerId: string | null,
    ): Promise<CoursePlayer | undefined> {
      const course = await findCourse(companyId, idOrSlug, customerId);
      if (!course) return undefined;
      const [order, rows] = await Promise.all([
        lessonOrder(companyId, [course.id]),
        customerId && course.enrolled
          ? progressRows(companyId, customerId, [course.id])
          : Promise.resolve([]),
      ]);
      const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
      const visitor = {
        signedIn: customerId !== null,
        enrolled: course.enrolled,
        coursePublished: course.published,
      };
      return {
        course: {
          id: course.id,
          slug: course.slug,
          title: translate(course.title, language),
          image: course.image,
        },
        signedIn: visitor.signedIn,
        enrolled: course.enrolled,
        lessons: order.map((lesson) => ({
          id: lesson.id,
          position: lesson.position,
          title: translate(lesson.title, language),
          durationSeconds: lesson.durationSeconds,
          freePreview: lesson.freePreview,
          access: lessonAccess(lesson, visitor),
          positionSeconds: byLesson.get(lesson.id)?.positionSeconds ?? 0,
          completed: byLesson.get(lesson.id)?.completed ?? false,
        })),
        summary: summariseProgress(
          order.map((lesson) => lesson.id),
          rows,
        ),
      };
    },

    /** For the course page: is the customer enrolled, have they reviewed it, how far are they. */
    async learnerState(
      companyId: string,
      courseId: string,
      customerId: string | null,
    ): Promise<LearnerState> {
      if (!customerId) return { enrolled: false, reviewed: false, summary: null };
      const course = await findCourse(companyId, courseId, customerId);
      if (!course?.enrolled) return { enrolled: false, reviewed: false, summary: null };
      const [order, rows, [review]] = await Promise.all([
        lessonOrder(companyId, [course.id]),
        progressRows(companyId, customerId, [course.id]),
        db
          .select({ id: courseReviews.id })
          .from(courseReviews)
          .where(and(eq(courseReviews.courseId, course.id), eq(courseReviews.customerId, customerId)))
          .limit(1),
      ]);
      return {
        enrolled: true,
        reviewed: review !== undefined,
        summary: summariseProgress(
          order.map((lesson) => lesson.id),
          rows,
        ),
      };
    },

    /**
     * An enrolled learner's one review of a course. The review and the course's rating figures are
     * written in one transaction; the catalogue cache is dropped afterwards.
     */
    async addReview(
      companyId: string,
      customerId: string,
      idOrSlug: string,
      input: CreateCourseReviewBody,
    ): Promise<CreatedCourseReview> {
      const course = await findCourse(companyId, idOrSlug, customerId);
      if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
      if (!course.enrolled) throw forbidden(NOT_ENROLLED_REVIEW);
      const result = await db.transaction(async (tx) => {
        const [review] = await tx
          .insert(courseReviews)
          .values({ companyId, courseId: course.id, customerId, rating: input.rating, body: input.body })
          .onConflictDoNothing({ target: [courseReviews.courseId, courseReviews.customerId] })
          .returning({
            id: courseReviews.id,
            rating: courseReviews.rating,
            body: courseReviews.body,
            createdAt: courseReviews.createdAt,
          });
        if (!review) throw conflict(ALREADY_REVIEWED, "ALREADY_REVIEWED");
        const [totals] = await tx
          .update(courses)
          .set({
            ratingTotal: sql`${courses.ratingTotal} + ${input.rating}`,
            ratingCount: sql`${courses.ratingCount} + 1`,
          })
          .where(and(eq(courses.id, course.id), eq(courses.companyId, companyId)))
          .returning({ ratingTotal: courses.ratingTotal, ratingCount: courses.ratingCount });
        const [author] = await tx
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
        return { review, totals: totals!, authorName: author?.name ?? "" };
      });
      deps.catalog.invalidate(companyId);
      return {
        review: {
          id: result.review.id,
          rating: result.review.rating,
          body: result.review.body,
          reviewerName: firstName(result.authorName),
          createdAt: result.review.createdAt.toISOString(),
        },
        rating: averageRating(result.totals.ratingTotal, result.totals.ratingCount),
        ratingCount: result.totals.ratingCount,
      };
    },

    /** A published course's reviews, newest first; reviewers are shown by first name only. */
    async listReviews(
      companyId: string,
      idOrSlug: string,
      query: ListCourseReviewsQuery,
    ): Promise<CourseReviewList> {
      const course = await findCourse(companyId, idOrSlug, null);
      if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
      const where = and(eq(courseReviews.companyId, companyId), eq(courseReviews.courseId, course.id));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: courseReviews.id,
            rating: courseReviews.rating,
            body: courseReviews.body,
            name: customers.name,
            createdAt: courseReviews.createdAt,
          })
          .from(courseReviews)
          .innerJoin(customers, eq(customers.id, courseReviews.customerId))
          .where(where)
          .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(courseReviews).where(where),
      ]);
      const totalDoc = total?.value ?? 0;
      return {
        reviews: rows.map((row) => ({
          id: row.id,
          rating: row.rating,
          body: row.body,
          reviewerName: firstName(row.name),
          createdAt: row.createdAt.toISOString(),
        })),
        totalDoc,
        page: query.page,
        limit: query.limit,
        pages: Math.ceil(totalDoc / query.limit),
        rating: averageRating(course.ratingTotal, course.ratingCount),
        ratingCount: course.ratingCount,
      };
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
