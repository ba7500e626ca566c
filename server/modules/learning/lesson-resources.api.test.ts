import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerBearer, learnerAndStranger } from "../../../tests/support/learner-sessions";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany, insertCustomer } from "../../seed/factories";
import { courses, lessonFiles, lessons } from "../catalog/catalog.tables";
import type { AdminCourse } from "../catalog/catalog-admin.schemas";
import { RESOURCE_MAX_BYTES } from "../media/upload-limits";
import { enrolments } from "../orders/orders.tables";
import type { LessonContent } from "./learning.schemas";

/**
 * Lesson resources, captions, "mark complete" and the drip schedule: staff attach files, enrolled
 * learners download them, and every other caller (not enrolled, not signed in, another school, a
 * lesson not yet open) is refused. The app's clock is the test's, so drip days pass at will.
 */

const DAY = 86_400_000;
let clock = new Date();
let t: TestApp;
let dataDir: string;
let companyId: string;
let admin: TestStaff;
let driver: TestStaff;
let otherAdmin: TestStaff;
/** Bearer headers: a learner enrolled today, a customer without the course, a customer of another school. */
let learner: Record<string, string>;
let stranger: Record<string, string>;
let outsider: Record<string, string>;
let enrolledAt: Date;
let learnerId: string;
let course: { id: string; slug: string };
/** Two lessons of the course that are not free previews, and its free preview. */
let lessonId: string;
let laterLessonId: string;
let previewId: string;

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const VTT = Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the lesson.\n");

const inject = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer | object,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const staff = (who: TestStaff, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${who.token}`,
  ...extra,
});

const lessonUrl = (id: string) => `/api/admin/courses/${course.id}/lessons/${id}`;

async function adminLesson(id: string) {
  const response = await inject("GET", `/api/admin/courses/${course.id}`, staff(admin));
  return (response.json() as AdminCourse).lessons.find((lesson) => lesson.id === id)!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "lesson-files-"));
  t = await createTestApp({ DATA_DIR: dataDir }, { now: () => clock });
  ({ companyId, stranger } = await learnerAndStranger(t));
  admin = await createStaff(t, companyId, "Admin");
  driver = await createStaff(t, companyId, "Driver");

  const [row] = await t.database.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.published, true)))
    .orderBy(asc(courses.slug))
    .limit(1);
  course = row!;
  const rows = await t.database.db
    .select({ id: lessons.id, freePreview: lessons.freePreview })
    .from(lessons)
    .where(eq(lessons.courseId, course.id))
    .orderBy(asc(lessons.position));
  const paid = rows.filter((lesson) => !lesson.freePreview);
  lessonId = paid[0]!.id;
  laterLessonId = paid[1]!.id;
  previewId = rows.find((lesson) => lesson.freePreview)?.id ?? "";

  learnerId = await insertCustomer(t.database.db, companyId, {
    name: "Sam Visser",
    email: "sam@example.com",
  });
  const [enrolment] = await t.database.db
    .insert(enrolments)
    .values({ companyId, customerId: learnerId, courseId: course.id })
    .returning({ createdAt: enrolments.createdAt });
  enrolledAt = enrolment!.createdAt;
  learner = await customerBearer(t, companyId, learnerId);

  const other = await insertCompany(t.database.db, { slug: "harbour-school", name: "Harbour School" });
  otherAdmin = await createStaff(t, other.id, "Admin");
  const otherCustomer = await insertCustomer(t.database.db, other.id, {
    name: "Pim",
    email: "pim@example.com",
  });
  outsider = { ...(await customerBearer(t, other.id, otherCustomer)), company: other.slug };
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("lesson resources", () => {
  let fileId: string;

  it("lets staff attach a PDF worksheet, checked by its content, and learners download it", async () => {
    const created = await inject(
      "POST",
      `${lessonUrl(lessonId)}/resources?name=${encodeURIComponent("Worksheet 1.pdf")}`,
      staff(admin, { "content-type": "application/octet-stream" }),
      PDF,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Worksheet 1.pdf", contentType: "application/pdf" });
    fileId = created.json().id;
    expect((await adminLesson(lessonId)).resources).toEqual([expect.objectContaining({ id: fileId })]);

    const content = await inject("GET", `/api/lessons/${lessonId}`, learner);
    expect(content.statusCode).toBe(200);
    const resource = (content.json() as LessonContent).resources[0]!;
    expect(resource).toMatchObject({ name: "Worksheet 1.pdf", sizeBytes: PDF.length });

    const download = await inject("GET", resource.url, learner);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain('attachment; filename="Worksheet 1.pdf"');
    expect(download.headers["cache-control"]).toBe("private, max-age=3600");
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it("refuses a file that is not a PDF, image or audio whatever its name, and one over 25 MB; nothing is stored", async () => {
    const before = await t.database.db.select().from(lessonFiles);
    const script = await inject(
      "POST",
      `${lessonUrl(lessonId)}/resources?name=worksheet.pdf`,
      staff(admin, { "content-type": "application/pdf" }),
      Buffer.from("<html><script>alert(1)</script></html>"),
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toMatch(/must be a PDF, an image .* or audio/);

    const huge = await inject(
      "POST",
      `${lessonUrl(lessonId)}/resources?name=big.pdf`,
      staff(admin, { "content-type": "application/pdf" }),
      Buffer.concat([PDF, Buffer.alloc(RESOURCE_MAX_BYTES)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The file may be at most 25 MB.",
    });

    const noName = await inject(
      "POST",
      `${lessonUrl(lessonId)}/resources`,
      staff(admin, { "content-type": "application/pdf" }),
      PDF,
    );
    expect(noName.statusCode).toBe(400);
    expect(await t.database.db.select().from(lessonFiles)).toEqual(before);
  });

  it("keeps attaching to staff who may edit the catalogue of this school", async () => {
    const url = `${lessonUrl(lessonId)}/resources?name=a.pdf`;
    expect((await inject("POST", url, { "content-type": "application/pdf" }, PDF)).statusCode).toBe(401);
    expect(
      (await inject("POST", url, staff(driver, { "content-type": "application/pdf" }), PDF)).statusCode,
    ).toBe(403);
    const elsewhere = await inject(
      "POST",
      url,
      staff(otherAdmin, { "content-type": "application/pdf", company: "harbour-school" }),
      PDF,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await inject("POST", url, learner, PDF)).statusCode).toBe(401);
  });

  it("refuses the lesson's files to customers not enrolled, visitors not signed in and other schools", async () => {
    const urls = [`/api/lessons/${lessonId}`, `/api/lessons/${lessonId}/resources/${fileId}`];
    for (const url of urls) {
      const notEnrolled = await inject("GET", url, stranger);
      expect(notEnrolled.statusCode, url).toBe(403);
      expect(notEnrolled.json().message).toBe("This lesson is for learners enrolled in the course.");
      expect((await inject("GET", url)).statusCode, url).toBe(401);
      expect((await inject("GET", url, outsider)).statusCode, url).toBe(404);
    }
    // A file id of another lesson is not found through this one.
    const wrongLesson = await inject("GET", `/api/lessons/${laterLessonId}/resources/${fileId}`, learner);
    expect(wrongLesson.statusCode).toBe(404);
  });

  it("removes a resource: staff delete it and learners no longer get it", async () => {
    const removed = await inject("DELETE", `${lessonUrl(lessonId)}/resources/${fileId}`, staff(admin));
    expect(removed.statusCode).toBe(204);
    expect((await inject("GET", `/api/lessons/${lessonId}/resources/${fileId}`, learner)).statusCode).toBe(
      404,
    );
    expect(
      (await inject("DELETE", `${lessonUrl(lessonId)}/resources/${fileId}`, staff(admin))).statusCode,
    ).toBe(404);
  });
});

describe("captions", () => {
  it("stores WebVTT captions per language (replacing that language's) and serves them with the lesson", async () => {
    const put = (language: string, body: Buffer, query = "") =>
      inject("PUT", `${lessonUrl(lessonId)}/captions/${language}${query}`, staff(admin), body);
    const english = await put("en", VTT, "?label=English");
    expect(english.statusCode).toBe(200);
    expect(english.json()).toMatchObject({
      language: "en",
      name: "English",
      contentType: "text/vtt; charset=utf-8",
    });
    expect((await put("nl", VTT)).json()).toMatchObject({ language: "nl", name: "Nederlands" });
    const replaced = await put(
      "en",
      Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHello again.\n"),
      "?label=English",
    );
    expect(replaced.statusCode).toBe(200);
    expect((await adminLesson(lessonId)).captions.map((track) => track.language).sort()).toEqual([
      "en",
      "nl",
    ]);

    const content = (await inject("GET", `/api/lessons/${lessonId}`, learner)).json() as LessonContent;
    expect(content.captions).toEqual(
      expect.arrayContaining([
        { language: "en", label: "English", url: `/api/lessons/${lessonId}/captions/en` },
      ]),
    );
    const track = await inject("GET", `/api/lessons/${lessonId}/captions/en`, learner);
    expect(track.statusCode).toBe(200);
    expect(track.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(track.body).toContain("Hello again.");
    expect((await inject("GET", `/api/lessons/${lessonId}/captions/en`, stranger)).statusCode).toBe(403);
    expect((await inject("GET", `/api/lessons/${lessonId}/captions/en`)).statusCode).toBe(401);
    expect((await inject("GET", `/api/lessons/${lessonId}/captions/en`, outsider)).statusCode).toBe(404);
    expect((await inject("GET", `/api/lessons/${lessonId}/captions/de`, learner)).statusCode).toBe(404);
  });

  it("refuses captions that are not WebVTT, too large, or for a language code that is none", async () => {
    const url = (language: string) => `${lessonUrl(laterLessonId)}/captions/${language}`;
    const srt = await inject(
      "PUT",
      url("en"),
      staff(admin),
      Buffer.from("1\n00:00:00,000 --> 00:00:02,000\nHi\n"),
    );
    expect(srt.statusCode).toBe(400);
    expect(srt.json().message).toMatch(/^Captions must be a WebVTT file/);
    const big = await inject("PUT", url("en"), staff(admin), Buffer.concat([VTT, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await inject("PUT", url("not a language"), staff(admin), VTT)).statusCode).toBe(400);
    expect((await inject("PUT", url("en"), staff(driver), VTT)).statusCode).toBe(403);
    expect((await adminLesson(laterLessonId)).captions).toEqual([]);
  });
});

describe("POST /api/lessons/:lessonId/complete", () => {
  it("marks a lesson complete for an enrolled learner, and only for them", async () => {
    const done = await inject("POST", `/api/lessons/${lessonId}/complete`, learner);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ lessonId, completed: true });
    const progress = await inject("GET", `/api/courses/${course.id}/progress`, learner);
    expect(progress.json()).toMatchObject({ completedLessons: 1, lastLessonId: lessonId });

    const notEnrolled = await inject("POST", `/api/lessons/${lessonId}/complete`, stranger);
    expect(notEnrolled.statusCode).toBe(403);
    expect((await inject("POST", `/api/lessons/${lessonId}/complete`)).statusCode).toBe(401);
    expect((await inject("POST", `/api/lessons/${lessonId}/complete`, outsider)).statusCode).toBe(404);
  });
});

describe("drip schedule", () => {
  const opensMessage = (date: Date) =>
    `This lesson opens on ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date)}.`;

  it("holds a lesson back until N days after enrolment, then opens it as the clock moves on", async () => {
    const saved = await inject("PATCH", lessonUrl(laterLessonId), staff(admin), { dripDays: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ dripDays: 3, dripDate: null });
    const opens = new Date(Math.floor(enrolledAt.getTime() / DAY) * DAY + 3 * DAY);

    for (const [method, url] of [
      ["GET", `/api/lessons/${laterLessonId}`],
      ["GET", `/api/lessons/${laterLessonId}/video`],
      ["POST", `/api/lessons/${laterLessonId}/complete`],
    ] as const) {
      const refused = await inject(method, url, learner);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({
        code: "LESSON_NOT_OPEN_YET",
        message: opensMessage(opens),
        details: { opensAt: opens.toISOString() },
      });
    }
    const progress = await inject("PUT", `/api/lessons/${laterLessonId}/progress`, learner, {
      positionSeconds: 5,
    });
    expect(progress.statusCode).toBe(403);
    // Not enrolled stays "enrol first", whatever the schedule.
    expect((await inject("GET", `/api/lessons/${laterLessonId}`, stranger)).json().code).toBe("FORBIDDEN");

    const player = await t.app.services.learning.coursePlayer(companyId, course.id, "en", learnerId);
    expect(player!.lessons.find((lesson) => lesson.id === laterLessonId)).toMatchObject({
      access: "scheduled",
      opensAt: opens.toISOString(),
    });

    clock = new Date(opens.getTime() - 60_000);
    expect((await inject("GET", `/api/lessons/${laterLessonId}`, learner)).statusCode).toBe(403);
    clock = new Date(opens.getTime() + 60_000);
    expect((await inject("GET", `/api/lessons/${laterLessonId}`, learner)).statusCode).toBe(200);
    const video = await inject("GET", `/api/lessons/${laterLessonId}/video`, {
      ...learner,
      range: "bytes=0-9",
    });
    expect([200, 206]).toContain(video.statusCode);
    clock = new Date();
  });

  it("holds a lesson back until a fixed day; free previews are never held back", async () => {
    const day = new Date(Math.floor(clock.getTime() / DAY) * DAY + 10 * DAY);
    const iso = day.toISOString().slice(0, 10);
    const saved = await inject("PATCH", lessonUrl(laterLessonId), staff(admin), { dripDate: iso });
    expect(saved.json()).toMatchObject({ dripDays: null, dripDate: iso });
    const refused = await inject("GET", `/api/lessons/${laterLessonId}`, learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(opensMessage(day));

    if (previewId) {
      await inject("PATCH", lessonUrl(previewId), staff(admin), { dripDate: iso });
      expect((await inject("GET", `/api/lessons/${previewId}`, learner)).statusCode).toBe(200);
      expect((await inject("GET", `/api/lessons/${previewId}`)).statusCode).toBe(200);
    }
    clock = new Date(day.getTime() + 1000);
    expect((await inject("GET", `/api/lessons/${laterLessonId}`, learner)).statusCode).toBe(200);
    clock = new Date();
  });

  it("refuses a schedule both ways at once, or days out of range, changing nothing", async () => {
    const before = await adminLesson(laterLessonId);
    for (const body of [
      { dripDays: 2, dripDate: "2030-01-01" },
      { dripDays: 0 },
      { dripDays: 1.5 },
      { dripDate: "2030-02-30" },
    ]) {
      const response = await inject("PATCH", lessonUrl(laterLessonId), staff(admin), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await adminLesson(laterLessonId)).toEqual(before);
    const cleared = await inject("PATCH", lessonUrl(laterLessonId), staff(admin), { dripDate: null });
    expect(cleared.json()).toMatchObject({ dripDays: null, dripDate: null });
  });
});
