import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { forbidden, notFound } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import type { AuditService } from "../audit/audit.service";
import { courses, lessons } from "../catalog/catalog.tables";
import { type CertificateDeps, issueCertificateIfComplete } from "./certificates";
import { lessonProgress, lessonQuizzes, quizAttempts, type StoredQuizQuestion } from "./learning.tables";
import type { LearningSteps } from "./learning-records";
import { findLesson } from "./learning-records";
import type {
  AdminQuiz,
  AdminQuizInput,
  LearnerQuiz,
  QuizAttemptResult,
  SubmitQuizAttemptBody,
  SubmittedQuizAttempt,
} from "./quiz.schemas";
import { checkAnswers, gradeQuiz } from "./quiz-grading";

/** What the quiz steps need beyond the learning steps: the audit log, the durable mail queue. */
export interface QuizSteps extends LearningSteps, CertificateDeps {
  audit: Pick<AuditService, "record">;
}

const NOT_ENROLLED_QUIZ = "Only learners enrolled in this course can take its quizzes.";
const NO_QUIZ = "This lesson has no quiz.";

/** The quiz of a lesson, answers included (staff and grading only). */
export async function quizOf(db: Queryable, companyId: string, lessonId: string) {
  const [row] = await db
    .select({
      passPercent: lessonQuizzes.passPercent,
      questions: lessonQuizzes.questions,
      updatedAt: lessonQuizzes.updatedAt,
    })
    .from(lessonQuizzes)
    .where(and(eq(lessonQuizzes.companyId, companyId), eq(lessonQuizzes.lessonId, lessonId)));
  return row;
}

// ---------------------------------------------------------------- staff

/** The lesson of the course in the back office (any state), or 404. */
async function staffLesson(db: Queryable, companyId: string, courseId: string, lessonId: string) {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.companyId, companyId)))
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId), eq(lessons.id, lessonId)));
  if (!row) throw notFound(`No lesson "${lessonId}" exists in this course.`, "LESSON_NOT_FOUND");
  return row;
}

const toAdminQuiz = (
  lessonId: string,
  row: { passPercent: number; questions: StoredQuizQuestion[]; updatedAt: Date },
): AdminQuiz => ({
  lessonId,
  passPercent: row.passPercent,
  questions: row.questions,
  updatedAt: row.updatedAt.toISOString(),
});

/** A lesson's quiz for its editor; null when the lesson is not a quiz. */
export async function adminQuiz(
  deps: Pick<QuizSteps, "db">,
  companyId: string,
  courseId: string,
  lessonId: string,
): Promise<AdminQuiz | null> {
  await staffLesson(deps.db, companyId, courseId, lessonId);
  const row = await quizOf(deps.db, companyId, lessonId);
  return row ? toAdminQuiz(lessonId, row) : null;
}

/**
 * Makes the lesson a quiz, or replaces its questions and pass mark. Questions and options keep the ids
 * they are sent with (so earlier attempts still point at them); new ones get new ids. Audited.
 */
export async function saveQuiz(
  deps: Pick<QuizSteps, "db" | "audit">,
  companyId: string,
  actor: { id: string; email: string },
  courseId: string,
  lessonId: string,
  input: AdminQuizInput,
): Promise<AdminQuiz> {
  const questions: StoredQuizQuestion[] = input.questions.map((question) => {
    const choice = question.kind === "single" || question.kind === "multiple";
    return {
      id: question.id ?? uuidv7(),
      kind: question.kind,
      prompt: question.prompt,
      options: choice
        ? question.options.map((option) => ({
            id: option.id ?? uuidv7(),
            text: option.text,
            correct: option.correct,
          }))
        : [],
      answer: question.kind === "true-false" ? (question.answer ?? null) : null,
      acceptedAnswers: question.kind === "short-answer" ? [...new Set(question.acceptedAnswers)] : [],
    };
  });
  return deps.db.transaction(async (tx) => {
    const lesson = await staffLesson(tx, companyId, courseId, lessonId);
    const before = await quizOf(tx, companyId, lessonId);
    const [row] = await tx
      .insert(lessonQuizzes)
      .values({ companyId, lessonId, passPercent: input.passPercent, questions })
      .onConflictDoUpdate({
        target: lessonQuizzes.lessonId,
        set: { passPercent: input.passPercent, questions, updatedAt: new Date() },
      })
      .returning({
        passPercent: lessonQuizzes.passPercent,
        questions: lessonQuizzes.questions,
        updatedAt: lessonQuizzes.updatedAt,
      });
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: before ? "update" : "create",
      entity: "quiz",
      entityId: lessonId,
      summary: `${lesson.courseTitle.en}: ${lesson.title.en}`,
      changes: {
        passPercent: { from: before?.passPercent ?? null, to: input.passPercent },
        questions: { from: before?.questions.length ?? 0, to: questions.length },
      },
    });
    return toAdminQuiz(lessonId, row!);
  });
}

/** Makes the lesson an ordinary lesson again (its attempts go with the quiz). Audited. */
export async function removeQuiz(
  deps: Pick<QuizSteps, "db" | "audit">,
  companyId: string,
  actor: { id: string; email: string },
  courseId: string,
  lessonId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const lesson = await staffLesson(tx, companyId, courseId, lessonId);
    const [gone] = await tx
      .delete(lessonQuizzes)
      .where(and(eq(lessonQuizzes.companyId, companyId), eq(lessonQuizzes.lessonId, lessonId)))
      .returning({ id: lessonQuizzes.id });
    if (!gone) throw notFound(NO_QUIZ, "QUIZ_NOT_FOUND");
    await tx
      .delete(quizAttempts)
      .where(and(eq(quizAttempts.companyId, companyId), eq(quizAttempts.lessonId, lessonId)));
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "delete",
      entity: "quiz",
      entityId: lessonId,
      summary: `${lesson.courseTitle.en}: ${lesson.title.en}`,
    });
  });
}

// ---------------------------------------------------------------- learners

const toResult = (
  row: {
    id: string;
    scorePercent: number;
    correctCount: number;
    questionCount: number;
    passed: boolean;
    wrong: string[];
    createdAt: Date;
  },
  passPercent: number,
): QuizAttemptResult => ({
  id: row.id,
  scorePercent: row.scorePercent,
  correctCount: row.correctCount,
  questionCount: row.questionCount,
  passPercent,
  passed: row.passed,
  wrongQuestionIds: row.wrong,
  submittedAt: row.createdAt.toISOString(),
});

/** The lesson's quiz for an enrolled learner: questions without their answers, and how they did so far. */
async function enrolledQuiz(db: Queryable, companyId: string, customerId: string, lessonId: string) {
  const lesson = await findLesson(db, companyId, lessonId, customerId);
  if (!lesson) throw notFound(`No lesson "${lessonId}" exists.`, "LESSON_NOT_FOUND");
  const quiz = await quizOf(db, companyId, lessonId);
  if (!quiz) throw notFound(NO_QUIZ, "QUIZ_NOT_FOUND");
  if (!lesson.enrolled) throw forbidden(NOT_ENROLLED_QUIZ);
  return { lesson, quiz };
}

/**
 * What the learner sees before answering: the questions and options in their language, never which
 * are right; their attempts so far (count, best score, whether passed, the last result).
 */
export async function learnerQuiz(
  deps: Pick<QuizSteps, "db">,
  companyId: string,
  customerId: string,
  lessonId: string,
  language: Language,
): Promise<LearnerQuiz> {
  const { lesson, quiz } = await enrolledQuiz(deps.db, companyId, customerId, lessonId);
  const attempts = await deps.db
    .select({
      id: quizAttempts.id,
      scorePercent: quizAttempts.scorePercent,
      correctCount: quizAttempts.correctCount,
      questionCount: quizAttempts.questionCount,
      passed: quizAttempts.passed,
      wrong: quizAttempts.wrong,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.companyId, companyId),
        eq(quizAttempts.customerId, customerId),
        eq(quizAttempts.lessonId, lessonId),
      ),
    )
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id));
  const last = attempts[0];
  return {
    lessonId,
    courseId: lesson.courseId,
    passPercent: quiz.passPercent,
    questions: quiz.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: translate(question.prompt, language),
      options: question.options.map((option) => ({ id: option.id, text: translate(option.text, language) })),
    })),
    attemptCount: attempts.length,
    bestScorePercent: attempts.length === 0 ? null : Math.max(...attempts.map((row) => row.scorePercent)),
    passed: attempts.some((row) => row.passed),
    lastAttempt: last ? toResult(last, quiz.passPercent) : null,
  };
}

/**
 * Grades an attempt on the server and stores it. A pass completes the lesson; when that completes the
 * course, its certificate is issued in the same transaction (with the mail telling the learner).
 * Retakes are unlimited; a later fail never undoes a pass.
 */
export async function submitAttempt(
  deps: Pick<QuizSteps, "db" | "mailJobs">,
  companyId: string,
  customerId: string,
  lessonId: string,
  body: SubmitQuizAttemptBody,
  language: Language,
): Promise<SubmittedQuizAttempt> {
  const result = await deps.db.transaction(async (tx) => {
    const { lesson, quiz } = await enrolledQuiz(tx, companyId, customerId, lessonId);
    checkAnswers(quiz.questions, body.answers);
    const grade = gradeQuiz(quiz.questions, body.answers, quiz.passPercent);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        companyId,
        customerId,
        courseId: lesson.courseId,
        lessonId,
        scorePercent: grade.scorePercent,
        correctCount: grade.correctCount,
        questionCount: grade.questionCount,
        passed: grade.passed,
        answers: body.answers,
        wrong: grade.wrongQuestionIds,
      })
      .returning();
    const [progress] = await tx
      .insert(lessonProgress)
      .values({ companyId, customerId, courseId: lesson.courseId, lessonId, completed: grade.passed })
      .onConflictDoUpdate({
        target: [lessonProgress.customerId, lessonProgress.lessonId],
        set: {
          completed: sql`${lessonProgress.completed} or excluded.completed`,
          updatedAt: new Date(),
        },
      })
      .returning({ completed: lessonProgress.completed });
    const certificate = progress?.completed
      ? await issueCertificateIfComplete(deps, tx, {
          companyId,
          customerId,
          courseId: lesson.courseId,
          language,
        })
      : null;
    return {
      ...toResult(attempt!, quiz.passPercent),
      lessonCompleted: progress?.completed ?? false,
      courseCompleted: certificate !== null,
      certificateCode: certificate?.code ?? null,
      issued: certificate?.issued ?? false,
    };
  });
  const { issued, ...answer } = result;
  if (issued) deps.mailJobs.wake();
  return answer;
}

/** Is the lesson a quiz? (Its completion then comes from passing it, not from the player.) */
export async function isQuizLesson(db: Queryable, companyId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lessonQuizzes.id })
    .from(lessonQuizzes)
    .where(and(eq(lessonQuizzes.companyId, companyId), eq(lessonQuizzes.lessonId, lessonId)));
  return row !== undefined;
}

/** The quiz lessons among the course's lessons, in lesson order. */
export async function courseQuizzes(db: Queryable, companyId: string, courseId: string) {
  return db
    .select({ lessonId: lessons.id, title: lessons.title, passPercent: lessonQuizzes.passPercent })
    .from(lessonQuizzes)
    .innerJoin(lessons, eq(lessons.id, lessonQuizzes.lessonId))
    .where(and(eq(lessonQuizzes.companyId, companyId), eq(lessons.courseId, courseId)))
    .orderBy(asc(lessons.position), asc(lessons.id));
}
