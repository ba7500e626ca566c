import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, id, timestamps } from "../../db/columns";
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
