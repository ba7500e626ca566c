import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerAndStranger } from "../../../tests/support/learner-sessions";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";
import { lessons } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";

let t: TestApp;
let dataDir: string;
let learner: Record<string, string>;
let stranger: Record<string, string>;
let freeLessonId: string;
let lockedLessonId: string;
let size: number;

const video = (lessonId: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.inject({ method, url: `/api/lessons/${lessonId}/video`, headers });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "media-test-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  const { companyId, demoId, ...sessions } = await learnerAndStranger(t);
  ({ learner, stranger } = sessions);
  const [owned] = await t.database.db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(eq(enrolments.customerId, demoId))
    .limit(1);
  const rows = await t.database.db
    .select({ id: lessons.id, freePreview: lessons.freePreview })
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, owned!.courseId)))
    .orderBy(asc(lessons.position));
  freeLessonId = rows.find((lesson) => lesson.freePreview)!.id;
  lockedLessonId = rows.find((lesson) => !lesson.freePreview)!.id;
  const whole = await video(freeLessonId);
  size = whole.rawPayload.length;
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("GET /api/lessons/:lessonId/video", () => {
  it("streams a free-preview lesson to anyone, whole, as WebM with validators", async () => {
    const response = await video(freeLessonId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("video/webm");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(Number(response.headers["content-length"])).toBe(size);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers["last-modified"]).toBeTruthy();
    expect(response.headers["content-encoding"]).toBeUndefined();
    // WebM files start with the EBML magic number.
    expect(response.rawPayload.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(size).toBeGreaterThan(10_000);
  });

  it("answers byte ranges with 206 and Content-Range", async () => {
    const first = await video(freeLessonId, { range: "bytes=0-99" });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload.length).toBe(100);
    expect(first.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(first.headers["content-length"]).toBe("100");

    const suffix = await video(freeLessonId, { range: "bytes=-500" });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.length).toBe(500);
    expect(suffix.headers["content-range"]).toBe(`bytes ${size - 500}-${size - 1}/${size}`);

    const open = await video(freeLessonId, { range: `bytes=${size - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.length).toBe(10);

    const whole = await video(freeLessonId);
    expect(Buffer.compare(suffix.rawPayload, whole.rawPayload.subarray(size - 500))).toBe(0);
  });

  it("answers 416 to ranges it cannot serve", async () => {
    for (const range of [`bytes=${size}-`, "bytes=50-10", "bytes=-0", "bytes=abc"]) {
      const response = await video(freeLessonId, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${size}`);
      expect(response.json()).toMatchObject({ code: "RANGE_NOT_SATISFIABLE" });
    }
  });

  it("serves the whole file when If-Range no longer matches, and 304 for a known ETag", async () => {
    const { etag } = (await video(freeLessonId, {}, "HEAD")).headers as { etag: string };
    const stale = await video(freeLessonId, { range: "bytes=0-9", "if-range": '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
    const current = await video(freeLessonId, { range: "bytes=0-9", "if-range": etag });
    expect(current.statusCode).toBe(206);
    expect((await video(freeLessonId, { "if-none-match": etag })).statusCode).toBe(304);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await video(freeLessonId, { range: "bytes=0-99" }, "HEAD");
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-length"]).toBe("100");
    expect(response.rawPayload.length).toBe(0);
  });

  it("plays other lessons only for customers enrolled in the course", async () => {
    const anonymous = await video(lockedLessonId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await video(lockedLessonId, { range: "bytes=0-99" })).statusCode).toBe(401);
    const notEnrolled = await video(lockedLessonId, stranger);
    expect(notEnrolled.statusCode).toBe(403);
    const enrolled = await video(lockedLessonId, { ...learner, range: "bytes=0-99" });
    expect(enrolled.statusCode).toBe(206);
    expect(enrolled.headers["cache-control"]).toContain("private");
    // The session cookie works as well as a Bearer token.
    const token = learner.authorization!.replace("Bearer ", "");
    expect((await video(lockedLessonId, { cookie: `session=${token}` })).statusCode).toBe(200);
  });

  it("answers 404 for unknown lessons, other schools' lessons and missing files, 400 for bad ids", async () => {
    expect((await video("00000000-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await video("not-a-lesson")).statusCode).toBe(400);
    const other = await insertCompany(t.database.db, { slug: "harbour-school", name: "Harbour School" });
    const otherCompanyVideo = await video(freeLessonId, { company: other.slug });
    expect(otherCompanyVideo.statusCode).toBe(404);
    await t.database.db
      .update(lessons)
      .set({ videoUrl: "uploads/missing.webm" })
      .where(eq(lessons.id, freeLessonId));
    expect((await video(freeLessonId)).json()).toMatchObject({ code: "LESSON_VIDEO_NOT_FOUND" });
    await t.database.db
      .update(lessons)
      .set({ videoUrl: "../../../package.json" })
      .where(eq(lessons.id, freeLessonId));
    expect((await video(freeLessonId)).statusCode).toBe(404);
  });

  it("streams uploaded files from DATA_DIR/media and redirects to external addresses", async () => {
    mkdirSync(join(dataDir, "media", "lessons"), { recursive: true });
    writeFileSync(join(dataDir, "media", "lessons", "intro.mp4"), Buffer.alloc(2048, 7));
    await t.database.db
      .update(lessons)
      .set({ videoUrl: "lessons/intro.mp4" })
      .where(eq(lessons.id, freeLessonId));
    const uploaded = await video(freeLessonId, { range: "bytes=0-1023" });
    expect(uploaded.statusCode).toBe(206);
    expect(uploaded.headers["content-type"]).toBe("video/mp4");
    expect(uploaded.headers["content-range"]).toBe("bytes 0-1023/2048");

    await t.database.db
      .update(lessons)
      .set({ videoUrl: "https://videos.example.com/lesson.webm" })
      .where(eq(lessons.id, lockedLessonId));
    expect((await video(lockedLessonId)).statusCode).toBe(401);
    const redirected = await video(lockedLessonId, learner);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe("https://videos.example.com/lesson.webm");
  });
});
