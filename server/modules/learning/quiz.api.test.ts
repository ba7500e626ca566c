import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as progressCsvLoader } from "~/routes/admin/course-progress-export.server";
import { loader as certificatePageLoader } from "~/routes/storefront/certificate.server";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { customerBearer } from "../../../tests/support/learner-sessions";
import { lastMailTo } from "../../../tests/support/outbox";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { JOB_SCHEMA } from "../../db/job-schema";
import { insertCompany, insertCourse, insertCustomer } from "../../seed/factories";
import { lessons } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";
import { certificates, lessonProgress, quizAttempts } from "./learning.tables";
import type {
  AdminQuiz,
  CertificateVerification,
  CourseLearnerProgress,
  LearnerQuiz,
  SubmittedQuizAttempt,
} from "./quiz.schemas";

let t: CheckoutTestApp;
let admin: TestStaff;
let driver: TestStaff;
let courseId: string;
let videoLessonId: string;
let quizLessonId: string;
let learner: { id: string; email: string; token: string };
let second: { id: string; email: string; token: string };
let stranger: { id: string; email: string; token: string };
let outsider: Record<string, string>;
let otherCourseId: string;
let otherLessonId: string;

const QUIZ = {
  passPercent: 75,
  questions: [
    {
      kind: "single",
      prompt: { en: "Which is a prime number?", nl: "Welk getal is een priemgetal?" },
      options: [
        { text: { en: "Four", nl: "Vier" }, correct: false },
        { text: { en: "Seven", nl: "Zeven" }, correct: true },
      ],
    },
    {
      kind: "multiple",
      prompt: { en: "Which are even?", nl: "Welke zijn even?" },
      options: [
        { text: { en: "Two" }, correct: true },
        { text: { en: "Three" }, correct: false },
        { text: { en: "Eight" }, correct: true },
      ],
    },
    { kind: "true-false", prompt: { en: "Zero is even.", nl: "Nul is even." }, answer: true },
    {
      kind: "short-answer",
      prompt: { en: "The capital of France?", nl: "De hoofdstad van Frankrijk?" },
      acceptedAnswers: ["Paris", "Parijs"],
    },
  ],
};

const call = async (
  method: "GET" | "PUT" | "POST" | "DELETE",
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = response.headers["content-type"]?.toString().startsWith("application/json");
  return { status: response.statusCode, body: json ? response.json() : null, raw: response };
};

const staffHeaders = (who: TestStaff) => bearer(who.token);
const quizUrl = (lessonId = quizLessonId) => `/api/lessons/${lessonId}/quiz`;
const adminQuizUrl = (lessonId = quizLessonId, course = courseId) =>
  `/api/admin/courses/${course}/lessons/${lessonId}/quiz`;

async function certificateMailJobs(): Promise<number> {
  const { rows } = await t.database.executeSql(
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'mail' and data->>'kind' = 'course-certificate'`,
  );
  return (rows[0] as { n: number }).n;
}

/** The right answers to the quiz as saved (ids come from the server). */
function rightAnswers(quiz: AdminQuiz) {
  const [single, multiple, trueFalse, short] = quiz.questions;
  return {
    [single!.id]: single!.options.find((option) => option.correct)!.id,
    [multiple!.id]: multiple!.options.filter((option) => option.correct).map((option) => option.id),
    [trueFalse!.id]: true,
    [short!.id]: "  PARIS ",
  };
}

let saved: AdminQuiz;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  driver = await createStaff(t, t.companyId, "Driver");
  courseId = await t.addCourse({
    lessons: [
      { title: { en: "Watch", nl: "Kijken" }, durationSeconds: 300, freePreview: false },
      { title: { en: "Check", nl: "Toets" }, durationSeconds: 0, freePreview: true },
    ],
  });
  const rows = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  videoLessonId = rows[0]!.id;
  quizLessonId = rows[1]!.id;
  learner = await t.addCustomer("Lotte Leerling");
  second = await t.addCustomer("Sem Tweede");
  stranger = await t.addCustomer("Noor Vreemd");
  for (const who of [learner, second]) {
    await t.database.db.insert(enrolments).values({ companyId: t.companyId, customerId: who.id, courseId });
  }

  const other = await insertCompany(t.database.db, { slug: "quiz-harbour", name: "Quiz Harbour" });
  otherCourseId = await insertCourse(
    t.database.db,
    other.id,
    {
      slug: "harbour-quiz-course",
      categorySlug: "none",
      title: { en: "Harbour Course", nl: "Havencursus" },
      summary: { en: "", nl: "" },
      description: { en: "", nl: "" },
      outcomes: { en: [], nl: [] },
      level: "beginner",
      audience: { en: "", nl: "" },
      instructor: "Maarten",
      badge: null,
      priceCents: 5000,
      salePriceCents: null,
      totalSeats: null,
      rating: 0,
      ratingCount: 0,
      addedDaysAgo: 1,
      lessons: [{ title: { en: "Knots", nl: "Knopen" }, durationSeconds: 0, freePreview: true }],
    },
    { categoryId: null },
  );
  const [otherLesson] = await t.database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, otherCourseId));
  otherLessonId = otherLesson!.id;
  const otherCustomer = await insertCustomer(t.database.db, other.id, {
    name: "Pim",
    email: "pim.quiz@example.com",
  });
  await t.database.db
    .insert(enrolments)
    .values({ companyId: other.id, customerId: otherCustomer, courseId: otherCourseId });
  outsider = { ...(await customerBearer(t, other.id, otherCustomer)), company: other.slug };
});

afterAll(() => t.close());

describe("authoring a quiz (PUT/GET/DELETE /api/admin/courses/:id/lessons/:lessonId/quiz)", () => {
  it("rejects bad quizzes with 400 and saves nothing", async () => {
    const bad = [
      { passPercent: 101, questions: QUIZ.questions },
      { passPercent: 50, questions: [] },
      {
        passPercent: 50,
        questions: [{ ...QUIZ.questions[0], options: [{ text: { en: "A" }, correct: true }] }],
      },
      {
        passPercent: 50,
        questions: [
          {
            kind: "single",
            prompt: { en: "Two right?" },
            options: [
              { text: { en: "A" }, correct: true },
              { text: { en: "B" }, correct: true },
            ],
          },
        ],
      },
      { passPercent: 50, questions: [{ kind: "true-false", prompt: { en: "No answer" } }] },
      { passPercent: 50, questions: [{ kind: "short-answer", prompt: { en: "?" }, acceptedAnswers: [] }] },
      { passPercent: 50, questions: [{ kind: "essay", prompt: { en: "?" } }] },
    ];
    for (const payload of bad) {
      const response = await call("PUT", adminQuizUrl(), staffHeaders(admin), payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await call("GET", adminQuizUrl(), staffHeaders(admin))).status).toBe(404);
  });

  it("is for staff with catalogue rights of this school only", async () => {
    expect((await call("PUT", adminQuizUrl(), {}, QUIZ)).status).toBe(401);
    expect((await call("PUT", adminQuizUrl(), bearer(learner.token), QUIZ)).status).toBe(401);
    expect((await call("PUT", adminQuizUrl(), staffHeaders(driver), QUIZ)).status).toBe(403);
    // Another school's lesson does not exist here.
    expect(
      (await call("PUT", adminQuizUrl(otherLessonId, otherCourseId), staffHeaders(admin), QUIZ)).status,
    ).toBe(404);
  });

  it("saves the questions with their answers and pass mark, keeping ids on edit", async () => {
    const response = await call("PUT", adminQuizUrl(), staffHeaders(admin), QUIZ);
    expect(response.status).toBe(200);
    saved = response.body as AdminQuiz;
    expect(saved.passPercent).toBe(75);
    expect(saved.questions.map((question) => question.kind)).toEqual([
      "single",
      "multiple",
      "true-false",
      "short-answer",
    ]);
    const again = await call("PUT", adminQuizUrl(), staffHeaders(admin), {
      passPercent: 75,
      questions: saved.questions,
    });
    expect(again.status).toBe(200);
    expect((again.body as AdminQuiz).questions.map((question) => question.id)).toEqual(
      saved.questions.map((question) => question.id),
    );
    const read = await call("GET", adminQuizUrl(), staffHeaders(admin));
    expect(read.status).toBe(200);
    expect((read.body as AdminQuiz).questions[3]!.acceptedAnswers).toEqual(["Paris", "Parijs"]);
  });
});

describe("taking a quiz", () => {
  it("refuses anonymous callers, learners not enrolled and another school's learners", async () => {
    expect((await call("GET", quizUrl())).status).toBe(401);
    const notEnrolled = await call("GET", quizUrl(), bearer(stranger.token));
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body.message).toBe("Only learners enrolled in this course can take its quizzes.");
    expect(
      (await call("POST", `${quizUrl()}/attempts`, bearer(stranger.token), { answers: {} })).status,
    ).toBe(403);
    expect((await call("GET", quizUrl(), outsider)).status).toBe(404);
    expect(
      (await call("POST", `${quizUrl()}/attempts`, outsider, { answers: rightAnswers(saved) })).status,
    ).toBe(404);
    // A lesson that is not a quiz.
    expect((await call("GET", quizUrl(videoLessonId), bearer(learner.token))).status).toBe(404);
  });

  it("shows an enrolled learner the questions in their language without any answer", async () => {
    const response = await call("GET", `${quizUrl()}?lng=nl`, bearer(learner.token));
    expect(response.status).toBe(200);
    const quiz = response.body as LearnerQuiz;
    expect(quiz.questions[0]!.prompt).toBe("Welk getal is een priemgetal?");
    expect(quiz.questions[0]!.options.map((option) => option.text)).toEqual(["Vier", "Zeven"]);
    expect(quiz).toMatchObject({ passPercent: 75, attemptCount: 0, passed: false, lastAttempt: null });
    const raw = response.raw.body;
    for (const secret of ["correct", "acceptedAnswers", "Paris", "Parijs", '"answer"']) {
      expect(raw).not.toContain(secret);
    }
  });

  it("refuses an attempt with a missing or unfitting answer and stores nothing", async () => {
    const right = rightAnswers(saved);
    const [single, multiple] = saved.questions;
    const bad = [
      { answers: { ...right, [single!.id]: undefined } },
      { answers: { ...right, [single!.id]: multiple!.options[0]!.id } },
      { answers: { ...right, [multiple!.id]: "not-a-list" } },
      { answers: { ...right, "00000000-0000-4000-8000-000000000000": true } },
      { answers: right, extra: 1 },
      { answers: "all of them" },
    ];
    for (const payload of bad) {
      const response = await call("POST", `${quizUrl()}/attempts`, bearer(learner.token), payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    const stored = await t.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.customerId, learner.id));
    expect(stored).toHaveLength(0);
  });

  it("grades on the server: a fail shows the score and which answers were wrong", async () => {
    const [single, multiple, , short] = saved.questions;
    const response = await call("POST", `${quizUrl()}/attempts`, bearer(learner.token), {
      answers: {
        ...rightAnswers(saved),
        [single!.id]: single!.options.find((option) => !option.correct)!.id,
        // Only one of the two right options: all or nothing.
        [multiple!.id]: [multiple!.options[0]!.id],
        [short!.id]: "Lyon",
      },
    });
    expect(response.status).toBe(201);
    const result = response.body as SubmittedQuizAttempt;
    expect(result).toMatchObject({
      scorePercent: 25,
      correctCount: 1,
      questionCount: 4,
      passPercent: 75,
      passed: false,
      lessonCompleted: false,
      courseCompleted: false,
      certificateCode: null,
    });
    expect(new Set(result.wrongQuestionIds)).toEqual(new Set([single!.id, multiple!.id, short!.id]));
    // The player cannot mark a quiz complete.
    const progress = await call("PUT", `/api/lessons/${quizLessonId}/progress`, bearer(learner.token), {
      positionSeconds: 0,
      completed: true,
    });
    expect(progress.status).toBe(200);
    expect(progress.body.completed).toBe(false);
    // Nor can "Mark as complete".
    const marked = await call("POST", `/api/lessons/${quizLessonId}/complete`, bearer(learner.token));
    expect(marked.status).toBe(409);
    expect(marked.body).toMatchObject({
      code: "QUIZ_NOT_PASSED",
      message: "A quiz is completed by passing it.",
    });
  });

  it("a pass completes the lesson; the course completes with the last lesson, with one certificate and mail", async () => {
    const passed = await call("POST", `${quizUrl()}/attempts`, bearer(learner.token), {
      answers: rightAnswers(saved),
    });
    expect(passed.status).toBe(201);
    expect(passed.body).toMatchObject({
      scorePercent: 100,
      passed: true,
      wrongQuestionIds: [],
      lessonCompleted: true,
      // The video lesson is not done yet.
      courseCompleted: false,
      certificateCode: null,
    });
    expect(await certificateMailJobs()).toBe(0);

    // "Mark as complete" of the last lesson completes the course.
    const done = await call("POST", `/api/lessons/${videoLessonId}/complete`, bearer(learner.token));
    expect(done.status).toBe(200);
    const [certificate] = await t.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.customerId, learner.id), eq(certificates.courseId, courseId)));
    expect(certificate).toMatchObject({ learnerName: "Lotte Leerling" });
    expect(certificate!.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await certificateMailJobs()).toBe(1);

    // Completing again, or passing again, issues nothing more.
    await call("PUT", `/api/lessons/${videoLessonId}/progress`, bearer(learner.token), {
      positionSeconds: 300,
      completed: true,
    });
    const retake = await call("POST", `${quizUrl()}/attempts`, bearer(learner.token), {
      answers: rightAnswers(saved),
    });
    expect(retake.body).toMatchObject({ courseCompleted: true, certificateCode: certificate!.code });
    const all = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.customerId, learner.id));
    expect(all).toHaveLength(1);
    expect(await certificateMailJobs()).toBe(1);

    // A later fail does not undo the pass; every attempt is kept.
    const [single, , trueFalse] = saved.questions;
    await call("POST", `${quizUrl()}/attempts`, bearer(learner.token), {
      answers: { ...rightAnswers(saved), [single!.id]: single!.options[0]!.id, [trueFalse!.id]: false },
    });
    const view = (await call("GET", quizUrl(), bearer(learner.token))).body as LearnerQuiz;
    expect(view).toMatchObject({ attemptCount: 4, bestScorePercent: 100, passed: true });
    expect(view.lastAttempt).toMatchObject({ passed: false, scorePercent: 50 });

    const courses = await call("GET", "/api/customer-courses", bearer(learner.token));
    const mine = courses.body.courses.find((course: { id: string }) => course.id === courseId);
    expect(mine).toMatchObject({ completedLessons: 2, totalLessons: 2, certificateCode: certificate!.code });

    await t.app.services.jobQueue.drain();
    const mail = await lastMailTo(t.dataDir, learner.email);
    expect(mail.text).toContain(certificate!.code);
    expect(mail.text).toContain(`/certificate/${certificate!.code}`);
    expect(mail.text).toContain("application/pdf");
  });

  it("two completing changes at once issue one certificate", async () => {
    await call("POST", `${quizUrl()}/attempts`, bearer(second.token), { answers: rightAnswers(saved) });
    const before = await certificateMailJobs();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call("PUT", `/api/lessons/${videoLessonId}/progress`, bearer(second.token), {
          positionSeconds: 300,
          completed: true,
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const rows = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.customerId, second.id));
    expect(rows).toHaveLength(1);
    expect(await certificateMailJobs()).toBe(before + 1);
  });
});

describe("certificates", () => {
  let code: string;
  beforeAll(async () => {
    const [row] = await t.database.db
      .select({ code: certificates.code })
      .from(certificates)
      .where(eq(certificates.customerId, learner.id));
    code = row!.code;
  });

  it("GET /api/certificates/:code verifies a code for anyone, and says so clearly when it is unknown", async () => {
    const response = await call("GET", `/api/certificates/${code}`);
    expect(response.status).toBe(200);
    const body = response.body as CertificateVerification;
    expect(body).toMatchObject({ code, learnerName: "Lotte Leerling" });
    expect(body.courseTitle).toMatch(/^Test Course/);
    expect(body.school).toEqual(expect.any(String));
    // Typed loosely: lower case, without dashes.
    expect((await call("GET", `/api/certificates/${code.toLowerCase().replaceAll("-", "")}`)).status).toBe(
      200,
    );
    const unknown = await call("GET", "/api/certificates/AAAA-BBBB-CCCC");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No certificate with this code exists.");
    // Another school does not know this school's certificates.
    expect((await call("GET", `/api/certificates/${code}`, { company: "quiz-harbour" })).status).toBe(404);
  });

  it("GET /api/certificates/:code/pdf gives the owner the PDF and nobody else", async () => {
    const response = await call("GET", `/api/certificates/${code}/pdf`, bearer(learner.token));
    expect(response.status).toBe(200);
    expect(response.raw.headers["content-type"]).toBe("application/pdf");
    expect(response.raw.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await call("GET", `/api/certificates/${code}/pdf`)).status).toBe(401);
    expect((await call("GET", `/api/certificates/${code}/pdf`, bearer(second.token))).status).toBe(404);
    expect((await call("GET", `/api/certificates/${code}/pdf`, outsider)).status).toBe(404);
  });
});

describe("the verification page /certificate/:code", () => {
  const open = async (code: string) =>
    certificatePageLoader({
      request: new Request(`http://localhost/certificate/${code}`),
      context: await pageContext(t),
      params: { code },
    } as never);

  it("shows learner, course, date and school for a valid code", async () => {
    const [row] = await t.database.db
      .select({ code: certificates.code })
      .from(certificates)
      .where(eq(certificates.customerId, learner.id));
    const page = (await open(row!.code)) as { certificate: CertificateVerification };
    expect(page.certificate).toMatchObject({ code: row!.code, learnerName: "Lotte Leerling" });
    expect(page.certificate.issuedAt).toEqual(expect.any(String));
    expect(page.certificate.school).toEqual(expect.any(String));
  });

  it("answers an unknown code with 404 and the code to show", async () => {
    const page = (await open("NOPE-NOPE-NOPE")) as { init: ResponseInit; data: { certificate: null } };
    expect(page.init.status).toBe(404);
    expect(page.data.certificate).toBeNull();
  });
});

describe("GET /course/:id/progress.csv", () => {
  it("exports each learner's progress and quiz results for staff who may read customers", async () => {
    const staffSession = await t.app.services.sessions.resolve(admin.token);
    const response = (await progressCsvLoader({
      request: new Request(`http://localhost/course/${courseId}/progress.csv`),
      context: await pageContext(t, { staffSession }),
      params: { id: courseId },
    } as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = await response.text();
    const [header, first] = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(header).toBe(
      "name,email,lessons_completed,lessons_total,percent,last_activity,Check: best_score,Check: passed,certificate",
    );
    expect(first).toMatch(/^Lotte Leerling,.*,2,2,100,.*,100,yes,[A-Z2-9-]{14}$/);
  });
});

describe("GET /api/admin/courses/:id/progress", () => {
  it("shows staff each learner's progress, last activity and quiz results", async () => {
    const response = await call("GET", `/api/admin/courses/${courseId}/progress`, staffHeaders(admin));
    expect(response.status).toBe(200);
    const report = response.body as CourseLearnerProgress;
    expect(report.quizzes).toEqual([{ lessonId: quizLessonId, title: "Check", passPercent: 75 }]);
    expect(report.learners.map((row) => row.name)).toEqual(["Lotte Leerling", "Sem Tweede"]);
    const lotte = report.learners[0]!;
    expect(lotte).toMatchObject({ completedLessons: 2, totalLessons: 2, percent: 100 });
    expect(lotte.lastActivityAt).toEqual(expect.any(String));
    expect(lotte.quizzes).toEqual([
      { lessonId: quizLessonId, attempts: 4, bestScorePercent: 100, passed: true },
    ]);
    expect(lotte.certificateCode).toEqual(expect.any(String));
  });

  it("is for staff who may read customers, of this school", async () => {
    expect((await call("GET", `/api/admin/courses/${courseId}/progress`)).status).toBe(401);
    expect((await call("GET", `/api/admin/courses/${courseId}/progress`, staffHeaders(driver))).status).toBe(
      403,
    );
    expect(
      (await call("GET", `/api/admin/courses/${otherCourseId}/progress`, staffHeaders(admin))).status,
    ).toBe(404);
  });
});

describe("removing a quiz", () => {
  it("makes the lesson ordinary again; nothing is left to take", async () => {
    expect((await call("DELETE", adminQuizUrl(), staffHeaders(driver))).status).toBe(403);
    expect((await call("DELETE", adminQuizUrl(), staffHeaders(admin))).status).toBe(204);
    expect((await call("GET", quizUrl(), bearer(learner.token))).status).toBe(404);
    expect((await call("DELETE", adminQuizUrl(), staffHeaders(admin))).status).toBe(404);
    // Progress stays, the certificate stays.
    const progress = await t.database.db
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.customerId, learner.id));
    expect(progress.length).toBeGreaterThan(0);
  });
});
