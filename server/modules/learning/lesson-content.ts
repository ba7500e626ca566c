import { and, asc, eq, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { AppError, forbidden, notFound, unauthorized } from "../../lib/errors";
import { lessonFiles } from "../catalog/catalog.tables";
import { type CertificateDeps, issueCertificateIfComplete } from "./certificates";
import type { ContinueLearning, LessonContent, LessonProgress } from "./learning.schemas";
import { lessonProgress } from "./learning.tables";
import { findLesson, type LearningSteps, lessonOrder, toProgress } from "./learning-records";
import { lessonNotOpenYet } from "./lesson-drip";
import { accessOf, customerCourses, type LessonAccess } from "./lesson-progress";
import { isQuizLesson } from "./quizzes";

export const NOT_ENROLLED = "This lesson is for learners enrolled in the course.";
export const SIGN_IN = "Please sign in to watch this lesson.";

/**
 * Throws what a visitor who may not open the lesson gets: 404 for no such lesson (another school's,
 * a withdrawn course's), 401 to sign in, 403 to enrol, 403 "This lesson opens on …" while dripped.
 */
export function assertLessonOpen(
  lessonId: string,
  lesson: { access: LessonAccess; opensAt: Date | null } | undefined,
): asserts lesson is { access: "open"; opensAt: null } {
  if (!lesson) throw notFound(`No lesson "${lessonId}" exists.`, "LESSON_NOT_FOUND");
  if (lesson.access === "sign-in") throw unauthorized(SIGN_IN);
  if (lesson.access === "enrol") throw forbidden(NOT_ENROLLED);
  if (lesson.access === "scheduled") throw lessonNotOpenYet(lesson.opensAt!);
}

const resourceUrl = (lessonId: string, fileId: string) => `/api/lessons/${lessonId}/resources/${fileId}`;
const captionsUrl = (lessonId: string, language: string) => `/api/lessons/${lessonId}/captions/${language}`;

/** A lesson's files and captions for a visitor who may open it (else the refusal of assertLessonOpen). */
export async function lessonContent(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  lessonId: string,
  customerId: string | null,
  language: Language,
): Promise<LessonContent> {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  const access = lesson ? accessOf(lesson, customerId, deps.now()) : undefined;
  assertLessonOpen(lessonId, access);
  const files = await deps.db
    .select()
    .from(lessonFiles)
    .where(and(eq(lessonFiles.companyId, companyId), eq(lessonFiles.lessonId, lessonId)))
    .orderBy(asc(lessonFiles.createdAt), asc(lessonFiles.id));
  return {
    id: lesson!.id,
    courseId: lesson!.courseId,
    title: translate(lesson!.title, language),
    hasVideo: lesson!.videoUrl !== null,
    resources: files
      .filter((file) => file.kind === "resource")
      .map((file) => ({
        id: file.id,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        url: resourceUrl(lessonId, file.id),
      })),
    captions: files
      .filter((file) => file.kind === "captions")
      .map((file) => ({
        language: file.language!,
        label: file.name,
        url: captionsUrl(lessonId, file.language!),
      })),
  };
}

/** A resource (by id) or the captions of a language, with the lesson's access; undefined when either is missing. */
export async function lessonFile(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  lessonId: string,
  customerId: string | null,
  which: { fileId: string } | { language: string },
) {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  const access = lesson ? accessOf(lesson, customerId, deps.now()) : undefined;
  assertLessonOpen(lessonId, access);
  const [file] = await deps.db
    .select({
      name: lessonFiles.name,
      storageKey: lessonFiles.storageKey,
      kind: lessonFiles.kind,
    })
    .from(lessonFiles)
    .where(
      and(
        eq(lessonFiles.companyId, companyId),
        eq(lessonFiles.lessonId, lessonId),
        "fileId" in which
          ? and(eq(lessonFiles.kind, "resource"), eq(lessonFiles.id, which.fileId))
          : and(eq(lessonFiles.kind, "captions"), eq(lessonFiles.language, which.language.toLowerCase())),
      ),
    )
    .limit(1);
  if (!file) {
    throw new AppError(404, "LESSON_FILE_NOT_FOUND", "This lesson has no such file.");
  }
  return { ...file, freePreview: lesson!.freePreview };
}

async function upsertProgress(
  db: Queryable,
  row: { companyId: string; customerId: string; courseId: string; lessonId: string },
  completed: boolean,
) {
  const [saved] = await db
    .insert(lessonProgress)
    .values({ ...row, positionSeconds: 0, completed })
    .onConflictDoUpdate({
      target: [lessonProgress.customerId, lessonProgress.lessonId],
      set: {
        completed: completed ? sql`true` : sql`${lessonProgress.completed}`,
        updatedAt: new Date(),
      },
    })
    .returning({
      lessonId: lessonProgress.lessonId,
      positionSeconds: lessonProgress.positionSeconds,
      completed: lessonProgress.completed,
      updatedAt: lessonProgress.updatedAt,
    });
  return toProgress(saved!);
}

/** An enrolled learner opened a lesson: it becomes their last lesson (continue learning); nothing else changes. */
export async function openLesson(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  customerId: string,
  lessonId: string,
): Promise<void> {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  if (!lesson?.enrolled || accessOf(lesson, customerId, deps.now()).access !== "open") return;
  await upsertProgress(deps.db, { companyId, customerId, courseId: lesson.courseId, lessonId }, false);
}

/**
 * Marks a lesson complete for an enrolled learner (lessons without video, or when they are done).
 * A quiz is completed by passing it, never this way. The change that completes the course issues
 * its certificate, in the same transaction.
 */
export async function completeLesson(
  deps: Pick<LearningSteps, "db" | "now"> & CertificateDeps,
  companyId: string,
  customerId: string,
  lessonId: string,
  language: Language = "en",
): Promise<LessonProgress> {
  const lesson = await findLesson(deps.db, companyId, lessonId, customerId);
  const access = lesson ? accessOf(lesson, customerId, deps.now()) : undefined;
  if (lesson && !lesson.enrolled) {
    throw forbidden("Only learners enrolled in this course can keep track of their progress.");
  }
  assertLessonOpen(lessonId, access);
  if (await isQuizLesson(deps.db, companyId, lessonId)) {
    throw new AppError(409, "QUIZ_NOT_PASSED", "A quiz is completed by passing it.");
  }
  const courseId = lesson!.courseId;
  const { progress, issued } = await deps.db.transaction(async (tx) => {
    const saved = await upsertProgress(tx, { companyId, customerId, courseId, lessonId }, true);
    const certificate = await issueCertificateIfComplete(deps, tx, {
      companyId,
      customerId,
      courseId,
      language,
    });
    return { progress: saved, issued: certificate?.issued ?? false };
  });
  if (issued) deps.mailJobs.wake();
  return progress;
}

/**
 * The dashboard's "continue learning": the course the learner was in most recently, the last lesson
 * they opened, their progress and the next lesson; null without enrolled courses.
 */
export async function continueLearning(
  deps: Pick<LearningSteps, "db" | "now">,
  companyId: string,
  customerId: string,
  language: Language,
): Promise<ContinueLearning | null> {
  const { courses } = await customerCourses(deps, companyId, customerId, language);
  const course = courses[0];
  if (!course) return null;
  const order = await lessonOrder(deps.db, companyId, [course.id]);
  const titleOf = (id: string | null) => {
    const lesson = id ? order.find((item) => item.id === id) : undefined;
    return lesson ? { id: lesson.id, title: translate(lesson.title, language) } : null;
  };
  const last = titleOf(course.lastLessonId);
  // The next lesson: after the last one opened, the first not yet completed (the continue lesson
  // when that is another one); at the start, the first lesson.
  const next =
    course.continueLessonId && course.continueLessonId !== course.lastLessonId
      ? titleOf(course.continueLessonId)
      : (() => {
          const from = order.findIndex((lesson) => lesson.id === course.lastLessonId);
          const after = order[from + 1];
          return course.completedLessons < course.totalLessons && after ? titleOf(after.id) : null;
        })();
  return {
    course: { id: course.id, slug: course.slug, title: course.title, image: course.image },
    completedLessons: course.completedLessons,
    totalLessons: course.totalLessons,
    percent: course.percent,
    lastLesson: last,
    nextLesson: next,
    continueLessonId: course.continueLessonId,
  };
}
