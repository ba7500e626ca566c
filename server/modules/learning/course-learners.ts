import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import { notFound } from "../../lib/errors";
import { courses, lessons } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { enrolments } from "../orders/orders.tables";
import { certificates, lessonProgress, quizAttempts } from "./learning.tables";
import type { LearningSteps } from "./learning-records";
import type { CourseLearnerProgress } from "./quiz.schemas";
import { courseQuizzes } from "./quizzes";

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((last, date) => (date && (!last || date > last) ? date : last), null);

/**
 * For staff: every learner enrolled in the course (by name) with lessons done of the total, their last
 * activity (progress or quiz attempt), each quiz's best score and whether it was passed, and their
 * certificate's code once issued.
 */
export async function courseLearnerProgress(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  courseId: string,
  language: Language,
): Promise<CourseLearnerProgress> {
  const { db } = deps;
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  if (!course) throw notFound(`No course "${courseId}" exists.`, "COURSE_NOT_FOUND");
  const [learners, [lessonCount], done, attempts, issued, quizzes] = await Promise.all([
    db
      .select({ customerId: customers.id, name: customers.name, email: customers.email })
      .from(enrolments)
      .innerJoin(customers, eq(customers.id, enrolments.customerId))
      .where(and(eq(enrolments.companyId, companyId), eq(enrolments.courseId, courseId)))
      .orderBy(asc(customers.name), asc(customers.id)),
    db
      .select({ total: count() })
      .from(lessons)
      .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId))),
    db
      .select({
        customerId: lessonProgress.customerId,
        completed: sql<number>`count(*) filter (where ${lessonProgress.completed})`.mapWith(Number),
        lastAt: max(lessonProgress.updatedAt),
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(and(eq(lessonProgress.companyId, companyId), eq(lessonProgress.courseId, courseId)))
      .groupBy(lessonProgress.customerId),
    db
      .select({
        customerId: quizAttempts.customerId,
        lessonId: quizAttempts.lessonId,
        attempts: count(),
        best: max(quizAttempts.scorePercent),
        passed: sql<boolean>`bool_or(${quizAttempts.passed})`.mapWith(Boolean),
        lastAt: max(quizAttempts.createdAt),
      })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.companyId, companyId), eq(quizAttempts.courseId, courseId)))
      .groupBy(quizAttempts.customerId, quizAttempts.lessonId),
    db
      .select({ customerId: certificates.customerId, code: certificates.code })
      .from(certificates)
      .where(and(eq(certificates.companyId, companyId), eq(certificates.courseId, courseId))),
    courseQuizzes(db, companyId, courseId),
  ]);
  const total = lessonCount?.total ?? 0;
  const progressOf = new Map(done.map((row) => [row.customerId, row]));
  const codeOf = new Map(issued.map((row) => [row.customerId, row.code]));
  return {
    course: { id: course.id, title: translate(course.title, language) },
    quizzes: quizzes.map((quiz) => ({
      lessonId: quiz.lessonId,
      title: translate(quiz.title, language),
      passPercent: quiz.passPercent,
    })),
    learners: learners.map((learner) => {
      const progress = progressOf.get(learner.customerId);
      const own = attempts.filter((row) => row.customerId === learner.customerId);
      const completedLessons = Math.min(progress?.completed ?? 0, total);
      const lastAt = latest(progress?.lastAt, ...own.map((row) => row.lastAt));
      return {
        customerId: learner.customerId,
        name: learner.name,
        email: learner.email,
        completedLessons,
        totalLessons: total,
        percent: total === 0 ? 0 : Math.round((completedLessons * 100) / total),
        lastActivityAt: lastAt ? new Date(lastAt).toISOString() : null,
        quizzes: quizzes.map((quiz) => {
          const row = own.find((attempt) => attempt.lessonId === quiz.lessonId);
          return {
            lessonId: quiz.lessonId,
            attempts: row?.attempts ?? 0,
            bestScorePercent: row?.best ?? null,
            passed: row?.passed ?? false,
          };
        }),
        certificateCode: codeOf.get(learner.customerId) ?? null,
      };
    }),
  };
}
