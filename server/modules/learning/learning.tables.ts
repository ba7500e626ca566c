import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Translatable } from "~shared/translatable";
import { companyId, id, timestamps, translatable } from "../../db/columns";
import { courses, lessons } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";

/** Where a learner is in each lesson: the player resumes from position_seconds. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("lesson_progress_customer_lesson_key").on(t.customerId, t.lessonId),
    index("lesson_progress_customer_course_idx").on(t.customerId, t.courseId),
  ],
);

/** One review per enrolled learner and course; the course's rating_total/rating_count follow these rows. */
export const courseReviews = pgTable(
  "course_reviews",
  {
    id: id(),
    companyId: companyId(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("course_reviews_course_customer_key").on(t.courseId, t.customerId),
    index("course_reviews_course_created_idx").on(t.courseId, t.createdAt),
    check("course_reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** The kinds of quiz question (issue 22): one right option, several, true/false, typed answer. */
export const QUIZ_QUESTION_KINDS = ["single", "multiple", "true-false", "short-answer"] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

/** A question as stored, answers included: never sent to a learner as is (quiz-view.ts strips them). */
export interface StoredQuizQuestion {
  id: string;
  kind: QuizQuestionKind;
  prompt: Translatable;
  /** single and multiple: the choices, `correct` marking the right ones. */
  options: { id: string; text: Translatable; correct: boolean }[];
  /** true-false: the right answer. */
  answer: boolean | null;
  /** short-answer: the answers accepted (compared trimmed and case-insensitively). */
  acceptedAnswers: string[];
}

/** A lesson with a row here is a quiz: its questions and the score (percent) that passes it. */
export const lessonQuizzes = pgTable(
  "lesson_quizzes",
  {
    id: id(),
    companyId: companyId(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    passPercent: integer("pass_percent").notNull(),
    questions: jsonb("questions").$type<StoredQuizQuestion[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("lesson_quizzes_lesson_key").on(t.lessonId),
    check("lesson_quizzes_pass_percent_range", sql`${t.passPercent} between 0 and 100`),
  ],
);

/** Every submitted quiz attempt, graded on the server. */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    scorePercent: integer("score_percent").notNull(),
    correctCount: integer("correct_count").notNull(),
    questionCount: integer("question_count").notNull(),
    passed: boolean("passed").notNull(),
    /** What the learner answered, by question id. */
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
    /** Question ids answered wrongly. */
    wrong: jsonb("wrong").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_attempts_customer_lesson_idx").on(t.customerId, t.lessonId),
    index("quiz_attempts_course_idx").on(t.courseId),
  ],
);

/** Issued once per learner and course when the course is complete; `code` verifies it publicly. */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** As they were when it was issued: the certificate does not change when a name does. */
    learnerName: text("learner_name").notNull(),
    courseTitle: translatable("course_title"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("certificates_code_key").on(t.code),
    uniqueIndex("certificates_customer_course_key").on(t.customerId, t.courseId),
    index("certificates_course_idx").on(t.courseId),
  ],
);
