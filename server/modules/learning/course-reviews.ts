import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import type {
  CourseReviewList,
  CreateCourseReviewBody,
  CreatedCourseReview,
  ListCourseReviewsQuery,
} from "./learning.schemas";
import { courseReviews } from "./learning.tables";
import { findCourse, type LearningSteps } from "./learning-records";

function averageRating(total: number, reviews: number): number {
  return reviews > 0 ? Math.round((total * 10) / reviews) / 10 : 0;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

const NOT_ENROLLED_REVIEW = "Only learners enrolled in this course can review it.";
export const ALREADY_REVIEWED = "You have already reviewed this course.";

/**
 * An enrolled learner's one review of a course. The review and the course's rating figures are
 * written in one transaction; the catalogue cache is dropped afterwards.
 */
export async function addReview(
  deps: LearningSteps,
  companyId: string,
  customerId: string,
  idOrSlug: string,
  input: CreateCourseReviewBody,
): Promise<CreatedCourseReview> {
  const course = await findCourse(deps.db, companyId, idOrSlug, customerId);
  if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
  if (!course.enrolled) throw forbidden(NOT_ENROLLED_REVIEW);
  const result = await deps.db.transaction(async (tx) => {
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
  // A rating is on the cards, not a sort key: the lists' positions stay (decision 013).
  deps.catalog.invalidateAnswers(companyId);
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
}

/** A published course's reviews, newest first; reviewers are shown by first name only. */
export async function listReviews(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  idOrSlug: string,
  query: ListCourseReviewsQuery,
): Promise<CourseReviewList> {
  const course = await findCourse(deps.db, companyId, idOrSlug, null);
  if (!course) throw notFound(`No course "${idOrSlug}" exists.`, "COURSE_NOT_FOUND");
  return reviewsPage(
    deps,
    companyId,
    {
      id: course.id,
      rating: averageRating(course.ratingTotal, course.ratingCount),
      ratingCount: course.ratingCount,
    },
    query,
  );
}

/**
 * A course's page of reviews, newest first, with their total counted in the same pass
 * (`count(*) over ()`), as a named prepared statement: on PostgreSQL each pooled connection parses
 * and plans it once, and drizzle builds its SQL once, not on every course page (decision 013, sixth
 * pass; the catalogue's course and list statements are prepared the same way). One per database.
 */
const reviewStatements = new WeakMap<Db, ReturnType<typeof prepareReviews>>();
function prepareReviews(db: Db) {
  const param = sql.placeholder;
  return db
    .select({
      id: courseReviews.id,
      rating: courseReviews.rating,
      body: courseReviews.body,
      name: customers.name,
      createdAt: courseReviews.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(courseReviews)
    .innerJoin(customers, eq(customers.id, courseReviews.customerId))
    .where(
      and(eq(courseReviews.companyId, param("companyId")), eq(courseReviews.courseId, param("courseId"))),
    )
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(param("limit"))
    .offset(param("skip"))
    .prepare("learning_course_reviews_page");
}
function reviewsStatement(db: Db) {
  let statement = reviewStatements.get(db);
  if (!statement) {
    statement = prepareReviews(db);
    reviewStatements.set(db, statement);
  }
  return statement;
}

/**
 * A page of reviews of a course the caller has already found (the course page has it from the
 * catalogue): one query, the total counted in the same pass.
 */
export async function reviewsPage(
  deps: Pick<LearningSteps, "db">,
  companyId: string,
  course: { id: string; rating: number; ratingCount: number },
  query: ListCourseReviewsQuery,
): Promise<CourseReviewList> {
  const rows = await reviewsStatement(deps.db).execute({
    companyId,
    courseId: course.id,
    limit: query.limit,
    skip: (query.page - 1) * query.limit,
  });
  const where = and(eq(courseReviews.companyId, companyId), eq(courseReviews.courseId, course.id));
  // A page past the end has no row to carry the total (page 1 without rows: there are none).
  const totalDoc =
    rows[0]?.total ??
    (query.page === 1
      ? 0
      : ((await deps.db.select({ value: count() }).from(courseReviews).where(where))[0]?.value ?? 0));
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
    rating: course.rating,
    ratingCount: course.ratingCount,
  };
}

/** Takes deleted reviews' ratings out of their courses' totals (a deleted account, a merged duplicate). */
export async function withdrawRatings(
  tx: Queryable,
  reviews: readonly { courseId: string; rating: number }[],
): Promise<void> {
  for (const review of reviews) {
    await tx
      .update(courses)
      .set({
        ratingTotal: sql`greatest(${courses.ratingTotal} - ${review.rating}, 0)`,
        ratingCount: sql`greatest(${courses.ratingCount} - 1, 0)`,
      })
      .where(eq(courses.id, review.courseId));
  }
}
