import { z } from "zod";
import { Translations, translatableInput } from "../catalog/catalog-admin.schemas";
import { QUIZ_QUESTION_KINDS } from "./learning.tables";

export const QUIZ_LIMITS = { questions: 100, options: 10, accepted: 20, answerLength: 500 } as const;

// ---------------------------------------------------------------- staff: authoring

const QuizOptionInput = z.strictObject({
  id: z.uuid("An option id must be a UUID").optional(),
  text: translatableInput("answer option", 300),
  correct: z.boolean({ message: "correct must be true or false" }).default(false),
});

export const AdminQuizQuestionInput = z
  .strictObject({
    id: z.uuid("A question id must be a UUID").optional().describe("Kept when editing a question"),
    kind: z.enum(QUIZ_QUESTION_KINDS, {
      message: "kind must be single, multiple, true-false or short-answer",
    }),
    prompt: translatableInput("question", 1000),
    options: z
      .array(QuizOptionInput)
      .max(QUIZ_LIMITS.options, `A question has at most ${QUIZ_LIMITS.options} options`)
      .default([])
      .describe("single and multiple choice: the options, `correct` marking the right ones"),
    answer: z
      .boolean({ message: "answer must be true or false" })
      .nullable()
      .optional()
      .describe("true-false: the right answer"),
    acceptedAnswers: z
      .array(z.string().trim().min(1, "An accepted answer cannot be empty").max(200))
      .max(QUIZ_LIMITS.accepted, `A question has at most ${QUIZ_LIMITS.accepted} accepted answers`)
      .default([])
      .describe("short-answer: the answers accepted, compared trimmed and case-insensitively"),
  })
  .superRefine((question, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    const right = question.options.filter((option) => option.correct).length;
    if (question.kind === "single" || question.kind === "multiple") {
      if (question.options.length < 2) issue("options", "A choice question needs at least two options");
      else if (question.kind === "single" && right !== 1)
        issue("options", "Mark exactly one option as the right answer");
      else if (question.kind === "multiple" && right < 1)
        issue("options", "Mark at least one option as a right answer");
    }
    if (question.kind === "true-false" && (question.answer === undefined || question.answer === null))
      issue("answer", "Choose whether the statement is true or false");
    if (question.kind === "short-answer" && question.acceptedAnswers.length === 0)
      issue("acceptedAnswers", "Give at least one accepted answer");
  });
export type AdminQuizQuestionInput = z.output<typeof AdminQuizQuestionInput>;

export const AdminQuizInput = z.strictObject({
  passPercent: z
    .number({ message: "The pass mark must be a whole percentage from 0 to 100" })
    .int("The pass mark must be a whole percentage from 0 to 100")
    .min(0, "The pass mark must be a whole percentage from 0 to 100")
    .max(100, "The pass mark must be a whole percentage from 0 to 100"),
  questions: z
    .array(AdminQuizQuestionInput)
    .min(1, "A quiz needs at least one question")
    .max(QUIZ_LIMITS.questions, `A quiz has at most ${QUIZ_LIMITS.questions} questions`),
});
export type AdminQuizInput = z.output<typeof AdminQuizInput>;

export const AdminQuizQuestion = z.object({
  id: z.uuid(),
  kind: z.enum(QUIZ_QUESTION_KINDS),
  prompt: Translations,
  options: z.array(z.object({ id: z.uuid(), text: Translations, correct: z.boolean() })),
  answer: z.boolean().nullable(),
  acceptedAnswers: z.array(z.string()),
});

export const AdminQuiz = z
  .object({
    lessonId: z.uuid(),
    passPercent: z.number().int(),
    questions: z.array(AdminQuizQuestion),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminQuiz" });
export type AdminQuiz = z.output<typeof AdminQuiz>;

// ---------------------------------------------------------------- learners: taking a quiz

/** A question as a learner sees it: no answers in it. */
export const LearnerQuizQuestion = z.object({
  id: z.uuid(),
  kind: z.enum(QUIZ_QUESTION_KINDS),
  prompt: z.string(),
  options: z.array(z.object({ id: z.uuid(), text: z.string() })),
});

export const QuizAttemptResult = z
  .object({
    id: z.uuid(),
    scorePercent: z.number().int(),
    correctCount: z.number().int(),
    questionCount: z.number().int(),
    passPercent: z.number().int(),
    passed: z.boolean(),
    wrongQuestionIds: z.array(z.uuid()).describe("The questions answered wrongly"),
    submittedAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "QuizAttemptResult" });
export type QuizAttemptResult = z.output<typeof QuizAttemptResult>;

export const LearnerQuiz = z
  .object({
    lessonId: z.uuid(),
    courseId: z.uuid(),
    passPercent: z.number().int(),
    questions: z.array(LearnerQuizQuestion),
    attemptCount: z.number().int(),
    bestScorePercent: z.number().int().nullable(),
    passed: z.boolean().describe("Passed in at least one attempt"),
    lastAttempt: QuizAttemptResult.nullable(),
  })
  .meta({ id: "LearnerQuiz" });
export type LearnerQuiz = z.output<typeof LearnerQuiz>;

export const QuizAnswer = z.union([
  z.string().max(QUIZ_LIMITS.answerLength, `An answer has at most ${QUIZ_LIMITS.answerLength} characters`),
  z.array(z.string().max(100)).max(QUIZ_LIMITS.options),
  z.boolean(),
]);
export type QuizAnswer = z.output<typeof QuizAnswer>;

export const SubmitQuizAttemptBody = z
  .strictObject({
    answers: z
      .record(z.uuid("answers are keyed by question id"), QuizAnswer)
      .describe(
        "By question id: an option id (single), option ids (multiple), true or false (true-false), text (short-answer)",
      ),
  })
  .meta({ id: "SubmitQuizAttempt" });
export type SubmitQuizAttemptBody = z.output<typeof SubmitQuizAttemptBody>;

export const SubmittedQuizAttempt = QuizAttemptResult.extend({
  lessonCompleted: z.boolean(),
  courseCompleted: z.boolean(),
  certificateCode: z.string().nullable().describe("Set once the course is complete"),
}).meta({ id: "SubmittedQuizAttempt" });
export type SubmittedQuizAttempt = z.output<typeof SubmittedQuizAttempt>;

// ---------------------------------------------------------------- certificates

export const CertificateParams = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40, "A certificate code has at most 40 characters")
    .describe("The certificate's verification code"),
});

export const CertificateVerification = z
  .object({
    code: z.string(),
    learnerName: z.string(),
    courseTitle: z.string(),
    issuedAt: z.string().describe("ISO 8601"),
    school: z.string(),
  })
  .meta({ id: "CertificateVerification" });
export type CertificateVerification = z.output<typeof CertificateVerification>;

/** The PDF file of a certificate (binary body, not JSON). */
export const CertificatePdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: "The certificate as an A4 landscape PDF file", contentMediaType: "application/pdf" });

// ---------------------------------------------------------------- staff: learners' progress

export const CourseLearnerProgress = z
  .object({
    course: z.object({ id: z.uuid(), title: z.string() }),
    quizzes: z.array(z.object({ lessonId: z.uuid(), title: z.string(), passPercent: z.number().int() })),
    learners: z.array(
      z.object({
        customerId: z.uuid(),
        name: z.string(),
        email: z.string(),
        completedLessons: z.number().int(),
        totalLessons: z.number().int(),
        percent: z.number().int(),
        lastActivityAt: z.string().nullable().describe("ISO 8601: the latest progress or quiz attempt"),
        quizzes: z.array(
          z.object({
            lessonId: z.uuid(),
            attempts: z.number().int(),
            bestScorePercent: z.number().int().nullable(),
            passed: z.boolean(),
          }),
        ),
        certificateCode: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "CourseLearnerProgress" });
export type CourseLearnerProgress = z.output<typeof CourseLearnerProgress>;
