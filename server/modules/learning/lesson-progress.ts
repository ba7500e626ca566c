import { and, eq, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { forbidden, notFound } from "../../lib/errors";
import { courses } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";
import { type CertificateDeps, certificatesOf, issueCertificateIfComplete } from "./certificates";
import type {
  CourseProgress,
  CustomerCourseList,
  LessonProgress,
  SaveLessonProgressBody,
} from "./learning.schemas";
import { courseReviews, lessonProgress } from "./learning.tables";
import {
  findCourse,
  findLesson,
  type LearningSteps,
  lessonOrder,
  progressRows,
  toProgress,
} from "./learning-records";
import { lessonNotOpenYet, lessonOpensAt } from "./lesson-drip";
import { type ProgressSummary, summariseProgress } from "./progress-summary";
import { isQuizLesson } from "./quizzes";

/**
 * What a visitor needs before a lesson plays: nothing, to sign in, to enrol in the course, or (an
 * enrolled learner) to wait until the lesson opens (drip schedule).
 */
export type LessonAccess = "open" | "sign-in" | "enrol" | "scheduled";

/** A lesson counts as watched from this share of its duration on. */
export const COMPLETED_SHARE = 0.9;

export function lessonAccess(
  lesson: { freePreview: boolean },
  visitor: { signedIn: boolean; enrolled: boolean; coursePublished: boolean },
  opening: { opensAt: Date | null; now: Date } = { opensAt: null, now: new Date() },
): LessonAccess {
  if (visitor.enrolled) {
    return opening.opensAt && opening.opensAt > opening.now && !lesson.freePreview ? "scheduled" : "open";
  }
  if (lesson.freePreview && visitor.coursePublished) return "open";
  return visitor.signedIn ? "enrol" : "sign-in";
}

const NOT_ENROLLED_PROGRESS = "Only learners enrolled in this course can keep track of their progress.";

export interface PlayerLesson {
  id: string;
  position: number;
  title: string;
  durationSeconds: number;
  freePreview: boolean;
  /** A quiz lesson: the player shows its questions instead of a video. */
  quiz: boolean;
  access: LessonAccess;
  positionSeconds: number;
  completed: boolean;
  /** When a scheduled (dripped) lesson opens for this learner (ISO 8601); null when it is not held back. */
  opensAt: string | null;
  hasVideo: boolean;
}

export interface CoursePlayer {
  course: { id: string; slug: string; title: string; image: string | null };
  signedIn: boolean;
  enrolled: boolean;
  lessons: PlayerLesson[];
  summary: ProgressSummary;
  /** The verification code of the learner's certificate of the course, once issued. */
  certificateCode: string | null;
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

/**
 * A lesson's video and whether this visitor may play it; undefined when there is no such lesson
 * for them (another company's, or of a withdrawn course they are not enrolled in).
 */
export async function lessonVideo(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  lessonId: string,
  customerId: string | null,
) {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  if (!lesson) return undefined;
  return {
    videoUrl: lesson.videoUrl,
    freePreview: lesson.freePreview,
    ...accessOf(lesson, customerId, deps.now()),
  };
}

/** What this visitor may do with a lesson found by findLesson, and when a held-back lesson opens. */
export function accessOf(
  lesson: NonNullable<Awaited<ReturnType<typeof findLesson>>>,
  customerId: string | null,
  now: Date,
): { access: LessonAccess; opensAt: Date | null } {
  const opensAt = lesson.enrolled ? lessonOpensAt(lesson, lesson.enrolledAt) : null;
  const access = lessonAccess(
    lesson,
    { signedIn: customerId !== null, enrolled: lesson.enrolled, coursePublished: lesson.published },
    { opensAt, now },
  );
  return { access, opensAt: access === "scheduled" ? opensAt : null };
}

/** Stores where an enrolled learner is in a lesson (one row per learner and lesson). */
export async function saveProgress(
  deps: Pick<LearningSteps, "db" | "now"> & CertificateDeps,
  companyId: string,
  customerId: string,
  lessonId: string,
  input: SaveLessonProgressBody,
  language: Language = "en",
): Promise<LessonProgress> {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  if (!lesson) throw notFound(`No lesson "${lessonId}" exists.`, "LESSON_NOT_FOUND");
  if (!lesson.enrolled) throw forbidden(NOT_ENROLLED_PROGRESS);
  const { opensAt } = accessOf(lesson, customerId, deps.now());
  if (opensAt) throw lessonNotOpenYet(opensAt);
  const duration = lesson.durationSeconds;
  const position = Math.floor(
    duration > 0 ? Math.min(input.positionSeconds, duration) : input.positionSeconds,
  );
  // A quiz is completed by passing it (quizzes.ts), never by the player saying so.
  const quiz = await isQuizLesson(deps.db, companyId, lessonId);
  const completed =
    !quiz && (input.completed === true || (duration > 0 && position >= duration * COMPLETED_SHARE));
  const { row, issued } = await deps.db.transaction(async (tx) => {
    const saved = await upsertProgress(tx, {
      companyId,
      customerId,
      courseId: lesson.courseId,
      lessonId,
      position,
      completed,
    });
    // The change that completes the course issues its certificate, in the same transaction.
    const certificate =
      completed && saved
        ? await issueCertificateIfComplete(deps, tx, {
            companyId,
            customerId,
            courseId: lesson.courseId,
            language,
          })
        : null;
    return { row: saved, issued: certificate?.issued ?? false };
  });
  if (issued) deps.mailJobs.wake();
  return toProgress(row!);
}

async function upsertProgress(
  tx: Queryable,
  values: {
    companyId: string;
    customerId: string;
    courseId: string;
    lessonId: string;
    position: number;
    completed: boolean;
  },
) {
  const { companyId, customerId, courseId, lessonId, position, completed } = values;
  const [row] = await tx
    .insert(lessonProgress)
    .values({
      companyId,
      customerId,
      courseId,
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
  return row;
}

/** An enrolled learner's progress in one course. */
export async function courseProgress(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  customerId: string,
  idOrSlug: string,
): Promise<CourseProgress> {
  const course = await findCourse(deps.db, companyId, idOrSlug, customerId);
  if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
  if (!course.enrolled) throw forbidden(NOT_ENROLLED_PROGRESS);
  const [order, rows] = await Promise.all([
    lessonOrder(deps.db, companyId, [course.id]),
    progressRows(deps.db, companyId, customerId, [course.id]),
  ]);
  return {
    courseId: course.id,
    ...summariseProgress(
      order.map((lesson) => lesson.id),
      rows,
    ),
    lessons: rows.map(toProgress),
  };
}

/** The customer's enrolled courses with their progress, most recently active first. */
export async function customerCourses(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  customerId: string,
  language: Language,
): Promise<CustomerCourseList> {
  const enrolled = await deps.db
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
  const [order, rows, owned] = await Promise.all([
    lessonOrder(deps.db, companyId, ids),
    progressRows(deps.db, companyId, customerId, ids),
    certificatesOf(deps.db, companyId, customerId),
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
      certificateCode: owned.get(course.id)?.code ?? null,
    };
  });
  list.sort((a, b) => (b.lastWatchedAt ?? b.enrolledAt).localeCompare(a.lastWatchedAt ?? a.enrolledAt));
  return { courses: list };
}

/** Everything the course video page needs: lessons with access and progress for this visitor. */
export async function coursePlayer(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  idOrSlug: string,
  language: Language,
  customerId: string | null,
): Promise<CoursePlayer | undefined> {
  const course = await findCourse(deps.db, companyId, idOrSlug, customerId);
  if (!course) return undefined;
  const [order, rows, owned] = await Promise.all([
    lessonOrder(deps.db, companyId, [course.id]),
    customerId && course.enrolled
      ? progressRows(deps.db, companyId, customerId, [course.id])
      : Promise.resolve([]),
    customerId && course.enrolled
      ? certificatesOf(deps.db, companyId, customerId)
      : Promise.resolve(new Map<string, { code: string }>()),
  ]);
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  const visitor = {
    signedIn: customerId !== null,
    enrolled: course.enrolled,
    coursePublished: course.published,
  };
  const now = deps.now();
  const opening = (lesson: (typeof order)[number]) => ({
    opensAt: course.enrolled ? lessonOpensAt(lesson, course.enrolledAt) : null,
    now,
  });
  return {
    course: {
      id: course.id,
      slug: course.slug,
      title: translate(course.title, language),
      image: course.image,
    },
    signedIn: visitor.signedIn,
    enrolled: course.enrolled,
    lessons: order.map((lesson) => {
      const when = opening(lesson);
      const access = lessonAccess(lesson, visitor, when);
      return {
        id: lesson.id,
        position: lesson.position,
        title: translate(lesson.title, language),
        durationSeconds: lesson.durationSeconds,
        freePreview: lesson.freePreview,
        quiz: lesson.quiz,
        access,
        positionSeconds: byLesson.get(lesson.id)?.positionSeconds ?? 0,
        completed: byLesson.get(lesson.id)?.completed ?? false,
        opensAt: access === "scheduled" ? (when.opensAt?.toISOString() ?? null) : null,
        hasVideo: lesson.hasVideo,
      };
    }),
    summary: summariseProgress(
      order.map((lesson) => lesson.id),
      rows,
    ),
    certificateCode: owned.get(course.id)?.code ?? null,
  };
}

/** For the course page: is the customer enrolled, have they reviewed it, how far are they. */
export async function learnerState(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  courseId: string,
  customerId: string | null,
): Promise<LearnerState> {
  if (!customerId) return { enrolled: false, reviewed: false, summary: null };
  const course = await findCourse(deps.db, companyId, courseId, customerId);
  if (!course?.enrolled) return { enrolled: false, reviewed: false, summary: null };
  const [order, rows, [review]] = await Promise.all([
    lessonOrder(deps.db, companyId, [course.id]),
    progressRows(deps.db, companyId, customerId, [course.id]),
    deps.db
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
}
