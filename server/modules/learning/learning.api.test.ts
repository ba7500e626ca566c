import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerBearer, learnerAndStranger } from "../../../tests/support/learner-sessions";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCourse, insertCustomer } from "../../seed/factories";
import type { CourseCard } from "../catalog/catalog.schemas";
import { courses, lessons } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";
import type {
  CourseProgress,
  CourseReviewList,
  CreatedCourseReview,
  CustomerCourseList,
  LessonProgress,
} from "./learning.schemas";

let t: TestApp;
let companyId: string;
/** Bearer headers of: the demo learner (enrolled), a customer with no courses, a customer of another school. */
let learner: Record<string, string>;
let stranger: Record<string, string>;
let outsider: Record<string, string>;
let course: {
  id: string;
  slug: string;
  lessons: { id: string; durationSeconds: number; freePreview: boolean }[];
};
let otherCourseId: string;
let otherLessonId: string;

async function courseWithLessons(slug: string) {
  const [row] = await t.database.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.slug, slug)));
  const rows = await t.database.db
    .select({ id: lessons.id, durationSeconds: lessons.durationSeconds, freePreview: lessons.freePreview })
    .from(lessons)
    .where(eq(lessons.courseId, row!.id))
    .orderBy(asc(lessons.position));
  return { ...row!, lessons: rows };
}

beforeAll(async () => {
  t = await createTestApp();
  let demoId: string;
  ({ companyId, demoId, learner, stranger } = await learnerAndStranger(t));
  const [owned] = await t.database.db
    .select({ slug: courses.slug })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.customerId, demoId))
    .orderBy(asc(courses.slug))
    .limit(1);
  course = await courseWithLessons(owned!.slug);

  const other = await insertCompany(t.database.db, { slug: "harbour-school", name: "Harbour School" });
  otherCourseId = await insertCourse(
    t.database.db,
    other.id,
    {
      slug: "harbour-sailing-basics",
      categorySlug: "outdoors",
      title: { en: "Harbour Sailing Basics", nl: "Zeilen in de haven" },
      summary: { en: "Knots and wind.", nl: "Knopen en wind." },
      description: { en: "Another school's course.", nl: "Een cursus van een andere school." },
      outcomes: { en: [], nl: [] },
      level: "beginner",
      audience: { en: "Ages 9–12", nl: "9–12 jaar" },
      instructor: "Maarten Zeeman",
      badge: null,
      priceCents: 5000,
      salePriceCents: null,
      totalSeats: null,
      rating: 0,
      ratingCount: 0,
      addedDaysAgo: 3,
      lessons: [{ title: { en: "Ropes", nl: "Touwen" }, durationSeconds: 600, freePreview: true }],
    },
    { categoryId: null },
  );
  const [otherLesson] = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, otherCourseId));
  otherLessonId = otherLesson!.id;
  const otherCustomer = await insertCustomer(t.database.db, other.id, {
    name: "Pim Zeeman",
    email: "pim@example.com",
  });
  await t.database.db
    .insert(enrolments)
    .values({ companyId: other.id, customerId: otherCustomer, courseId: otherCourseId });
  // Signed in at the other school and asking that school: this school's courses do not exist there.
  outsider = { ...(await customerBearer(t, other.id, otherCustomer)), company: other.slug };
});

afterAll(async () => {
  await t.close();
});

const putProgress = (lessonId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "PUT",
    url: `/api/lessons/${lessonId}/progress`,
    payload: payload as object,
    headers,
  });

describe("PUT /api/lessons/:lessonId/progress", () => {
  it("stores the position of an enrolled learner and reads it back in the course progress", async () => {
    const lesson = course.lessons[3]!;
    const response = await putProgress(lesson.id, { positionSeconds: 42.7 }, learner);
    expect(response.statusCode).toBe(200);
    const body = response.json() as LessonProgress;
    expect(body).toMatchObject({ lessonId: lesson.id, positionSeconds: 42, completed: false });

    const again = await putProgress(lesson.id, { positionSeconds: 61 }, learner);
    expect((again.json() as LessonProgress).positionSeconds).toBe(61);
    const progress = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.slug}/progress`,
      headers: learner,
    });
    const saved = (progress.json() as CourseProgress).lessons.filter((row) => row.lessonId === lesson.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.positionSeconds).toBe(61);
  });

  it("clamps the position to the lesson's duration and completes the lesson from 90 % on", async () => {
    const lesson = course.lessons[4]!;
    const nearly = await putProgress(
      lesson.id,
      { positionSeconds: Math.ceil(lesson.durationSeconds * 0.9) },
      learner,
    );
    expect((nearly.json() as LessonProgress).completed).toBe(true);
    const beyond = await putProgress(lesson.id, { positionSeconds: lesson.durationSeconds + 500 }, learner);
    expect(beyond.json()).toMatchObject({ positionSeconds: lesson.durationSeconds, completed: true });
    // Once watched, a lesson stays watched when the learner rewinds.
    const rewound = await putProgress(lesson.id, { positionSeconds: 3 }, learner);
    expect(rewound.json()).toMatchObject({ positionSeconds: 3, completed: true });
  });

  it("completes a lesson when the player says it ended", async () => {
    const lesson = course.lessons[5]!;
    const response = await putProgress(lesson.id, { positionSeconds: 30, completed: true }, learner);
    expect(response.json()).toMatchObject({ positionSeconds: 30, completed: true });
  });

  it("rejects bad input with 400 and writes nothing", async () => {
    const lesson = course.lessons[6]!;
    for (const payload of [
      {},
      { positionSeconds: -1 },
      { positionSeconds: "ten" },
      { positionSeconds: 10, completed: "yes" },
      { positionSeconds: 10, extra: 1 },
    ]) {
      const response = await putProgress(lesson.id, payload, learner);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect((await putProgress("not-a-uuid", { positionSeconds: 1 }, learner)).statusCode).toBe(400);
    const progress = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/progress`,
      headers: learner,
    });
    expect((progress.json() as CourseProgress).lessons.some((row) => row.lessonId === lesson.id)).toBe(false);
  });

  it("needs a signed-in customer enrolled in the course, of the same school", async () => {
    const lesson = course.lessons[0]!;
    expect((await putProgress(lesson.id, { positionSeconds: 5 })).statusCode).toBe(401);
    const notEnrolled = await putProgress(lesson.id, { positionSeconds: 5 }, stranger);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await putProgress(lesson.id, { positionSeconds: 5 }, outsider)).statusCode).toBe(404);
    expect((await putProgress(otherLessonId, { positionSeconds: 5 }, learner)).statusCode).toBe(404);
    // A session of the other school counts as no session here.
    const { company: _, ...foreignSession } = outsider;
    expect((await putProgress(lesson.id, { positionSeconds: 5 }, foreignSession)).statusCode).toBe(401);
  });
});

describe("GET /api/courses/:id/progress", () => {
  it("gives the learner's lessons and the share of lessons completed", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/progress`,
      headers: learner,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CourseProgress;
    const completed = body.lessons.filter((row) => row.completed).length;
    expect(body.completedLessons).toBe(completed);
    expect(body.totalLessons).toBe(course.lessons.length);
    expect(body.percent).toBe(Math.round((completed * 100) / course.lessons.length));
    expect(body.lastLessonId).toBe(course.lessons[5]!.id);
  });

  it("answers 401, 403 and 404 to the wrong people", async () => {
    const url = `/api/courses/${course.slug}/progress`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url, headers: stranger })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url, headers: outsider })).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/courses/no-such-course/progress",
      headers: learner,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET /api/customer-courses", () => {
  it("lists the signed-in customer's enrolled courses with progress", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/customer-courses", headers: learner });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CustomerCourseList;
    expect(body.courses.length).toBeGreaterThanOrEqual(1);
    const own = body.courses.find((row) => row.id === course.id)!;
    expect(own).toMatchObject({
      slug: course.slug,
      totalLessons: course.lessons.length,
      lastLessonId: course.lessons[5]!.id,
    });
    expect(own.percent).toBeGreaterThan(0);
    expect(body.courses[0]!.id).toBe(course.id);
  });

  it("is empty for a customer without courses and needs a customer session", async () => {
    const empty = await t.app.inject({ method: "GET", url: "/api/customer-courses", headers: stranger });
    expect(empty.json()).toEqual({ courses: [] });
    expect((await t.app.inject({ method: "GET", url: "/api/customer-courses" })).statusCode).toBe(401);
    const outside = await t.app.inject({ method: "GET", url: "/api/customer-courses", headers: outsider });
    expect((outside.json() as CustomerCourseList).courses.map((row) => row.id)).toEqual([otherCourseId]);
  });
});

describe("reviews", () => {
  const postReview = (idOrSlug: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/courses/${idOrSlug}/reviews`,
      payload: payload as object,
      headers,
    });
  const card = async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/courses/${course.slug}` });
    return response.json() as CourseCard;
  };

  it("GET lists a course's seeded reviews, newest first, by first name, with the card's figures", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.slug}/reviews?limit=5`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CourseReviewList;
    const before = await card();
    expect(body.totalDoc).toBe(before.ratingCount);
    expect(body.rating).toBe(before.rating);
    expect(body.reviews.length).toBe(Math.min(5, body.totalDoc));
    const dates = body.reviews.map((review) => review.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const review of body.reviews) expect(review.reviewerName).not.toContain(" ");
    const page2 = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.slug}/reviews?limit=5&page=2`,
    });
    expect((page2.json() as CourseReviewList).page).toBe(2);
  });

  it("GET rejects bad paging and answers 404 for unknown courses and other schools' courses", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/reviews?page=0` })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/reviews?limit=51` })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/courses/nothing-here/reviews" })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: "GET", url: `/api/courses/${otherCourseId}/reviews` })).statusCode,
    ).toBe(404);
  });

  it("POST rejects bad input with 400 and changes nothing", async () => {
    const before = await card();
    for (const payload of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: "5" },
      { rating: 5, body: "x".repeat(2001) },
      { rating: 5, stars: 5 },
    ]) {
      const response = await postReview(course.id, payload, learner);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await card()).ratingCount).toBe(before.ratingCount);
  });

  it("POST needs an enrolled customer of the same school", async () => {
    expect((await postReview(course.id, { rating: 5 })).statusCode).toBe(401);
    const notEnrolled = await postReview(course.id, { rating: 5 }, stranger);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toMatchObject({
      message: "Only learners enrolled in this course can review it.",
    });
    expect((await postReview(course.id, { rating: 5 }, outsider)).statusCode).toBe(404);
  });

  it("POST adds the learner's one review and updates the card's stars and count", async () => {
    const before = await card();
    const response = await postReview(course.slug, { rating: 2, body: "  Too quick for us.  " }, learner);
    expect(response.statusCode).toBe(201);
    const created = response.json() as CreatedCourseReview;
    expect(created.review).toMatchObject({ rating: 2, body: "Too quick for us.", reviewerName: "Ella" });
    expect(created.ratingCount).toBe(before.ratingCount + 1);

    const after = await card();
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(after.rating).toBe(created.rating);
    expect(after.rating).toBeLessThan(before.rating);
    const list = await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/reviews?limit=1` });
    expect((list.json() as CourseReviewList).reviews[0]!.id).toBe(created.review.id);

    const again = await postReview(course.id, { rating: 5 }, learner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: "You have already reviewed this course.",
      code: "ALREADY_REVIEWED",
    });
    expect((await card()).ratingCount).toBe(before.ratingCount + 1);
  });
});
