import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { type S3Server, startS3Server } from "../../../tests/support/s3-server";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { openTestDatabase } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { loadEnv } from "../../config/env";
import type { Database } from "../../db/client";
import { insertCourse, insertCustomer } from "../../seed/factories";
import { lessons } from "../catalog/catalog.tables";
import { enrolments } from "../orders/orders.tables";

/**
 * Issue 17 (d) at the API level: two instances with their own DATA_DIR and one bucket (a real
 * S3-compatible server, s3rver) serve each other's uploads; a paid lesson video reaches only an
 * enrolled learner, by any address; nothing is written to either instance's disk store.
 */
let s3: S3Server;
let database: Database;
const dataDirs = [mkdtempSync(join(tmpdir(), "s3-a-")), mkdtempSync(join(tmpdir(), "s3-b-"))];
let one: FastifyInstance;
let two: FastifyInstance;
let admin: TestStaff;
let companyId: string;
let courseId: string;
let paidLessonId: string;
let enrolledToken: string;
let strangerToken: string;

/** A small but real WebM header followed by bytes, as an upload. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(300_000, 9)]);

async function instance(dataDir: string) {
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...s3.env }),
    database,
    logger: false,
    jobs: { workers: false },
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  s3 = await startS3Server();
  database = await openTestDatabase();
  one = await instance(dataDirs[0]!);
  two = await instance(dataDirs[1]!);
  const company = await one.services.companies.resolve(undefined);
  companyId = company!.id;
  admin = await createStaff({ app: one, database, close: async () => undefined }, companyId, "Admin");
  courseId = await insertCourse(
    database.db,
    companyId,
    testCourse({
      lessons: [
        { title: { en: "Free", nl: "Gratis" }, durationSeconds: 60, freePreview: true },
        { title: { en: "Paid", nl: "Betaald" }, durationSeconds: 60, freePreview: false },
      ],
    }),
    { categoryId: null, published: true },
  );
  const [paid] = await database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.freePreview, false)));
  paidLessonId = paid!.id;
  const learner = await insertCustomer(database.db, companyId, {
    name: "Enrolled",
    email: `enrolled-${Date.now()}@example.com`,
    passwordHash: null,
  });
  await database.db.insert(enrolments).values({ companyId, customerId: learner, courseId });
  enrolledToken = (await one.services.sessions.start({ companyId, realm: "customer", subjectId: learner }))
    .token;
  const stranger = await insertCustomer(database.db, companyId, {
    name: "Stranger",
    email: `stranger-${Date.now()}@example.com`,
    passwordHash: null,
  });
  strangerToken = (await two.services.sessions.start({ companyId, realm: "customer", subjectId: stranger }))
    .token;
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await s3?.close();
});

const upload = (app: FastifyInstance, url: string, body: Buffer, contentType: string) =>
  app.inject({
    method: "POST",
    url,
    payload: body,
    headers: { authorization: `Bearer ${admin.token}`, "content-type": contentType },
  });

const noMediaOnDisk = () =>
  dataDirs.every((dir) => {
    const media = join(dir, "media");
    const files = existsSync(media)
      ? readdirSync(media, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    return files.length === 0;
  });

describe("media in an S3-compatible bucket, two instances", () => {
  it("serves an image uploaded through one instance from the other", async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#146e6e" } })
      .png()
      .toBuffer();
    const stored = await upload(one, `/api/admin/courses/${courseId}/image`, png, "image/png");
    expect(stored.statusCode, stored.body).toBe(200);
    const { url } = stored.json();
    const served = await two.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1200,
      height: 675,
    });
    expect(noMediaOnDisk()).toBe(true);
  });

  it("streams a paid video uploaded through one instance from the other, with ranges, to enrolled learners only", async () => {
    const stored = await upload(
      two,
      `/api/admin/courses/${courseId}/lessons/${paidLessonId}/video`,
      webm,
      "video/webm",
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const reference = stored.json().url as string;
    expect(reference).toMatch(/^lessons\/[0-9a-f-]{36}\.webm$/);

    const url = `/api/lessons/${paidLessonId}/video`;
    const whole = await one.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${enrolledToken}` },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(webm.length);
    expect(whole.rawPayload.equals(webm)).toBe(true);
    const part = await one.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${enrolledToken}`, range: "bytes=1000-1999" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(1000, 2000))).toBe(true);
    const tail = await two.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${enrolledToken}`, range: `bytes=-100` },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(webm.subarray(webm.length - 100))).toBe(true);

    // Not enrolled, not signed in, or through any other address: never the bytes.
    for (const app of [one, two]) {
      expect(
        (await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${strangerToken}` } }))
          .statusCode,
      ).toBe(403);
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await app.inject({ method: "GET", url, headers: { range: "bytes=0-10" } })).statusCode).toBe(
        401,
      );
      const file = reference.split("/")[1]!;
      for (const other of [
        `/media/${reference}`,
        `/media/images/lessons/${file}`,
        `/media/images/..%2F${reference.replace("/", "%2F")}`,
        `/media/images/images/..%2F..%2F${reference.replace("/", "%2F")}`,
        `/api/media/${reference}`,
        `/${reference}`,
      ]) {
        const response = await app.inject({
          method: "GET",
          url: other,
          headers: { authorization: `Bearer ${strangerToken}` },
        });
        expect(response.statusCode, other).toBeGreaterThanOrEqual(400);
        expect(response.rawPayload.includes(webm.subarray(0, 64))).toBe(false);
      }
    }
    expect(noMediaOnDisk()).toBe(true);
  });

  it("says the media store is unavailable while the bucket is down (503), and recovers on its own", async () => {
    const url = `/api/lessons/${paidLessonId}/video`;
    await s3.stop();
    try {
      const down = await one.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${enrolledToken}` },
      });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: "MEDIA_UNAVAILABLE" });
    } finally {
      await s3.start();
    }
    const back = await one.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${enrolledToken}` },
    });
    expect(back.statusCode).toBe(200);
  });
});
