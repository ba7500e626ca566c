import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { loadEnv } from "../../config/env";
import type { CourseDetail, CourseList } from "./catalog.schemas";
import { courses } from "./catalog.tables";

let t: TestApp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.app.services.companies.resolve(undefined);
  companyId = company!.id;
});

afterAll(async () => {
  await t?.close();
});

async function firstCourse(app: FastifyInstance) {
  const list = (await app.inject({ url: "/api/courses?limit=1" })).json() as CourseList;
  return list.courses[0]!;
}

describe("cached catalogue answers", () => {
  it("carry an ETag and answer 304 when the client has them", async () => {
    const first = await t.app.inject({ url: "/api/courses?limit=5" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: "/api/courses?limit=5", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await t.app.inject({ url: "/api/courses?limit=6", headers: { "if-none-match": etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("go out compressed as the client accepts, the same bytes each time", async () => {
    const url = "/api/courses?limit=20";
    const plain = await t.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const cases: [string, string, (bytes: Buffer) => Buffer][] = [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip;q=1, br;q=0.5", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
    ];
    for (const [accept, encoding, decode] of cases) {
      for (let i = 0; i < 2; i++) {
        const packed = await t.app.inject({ url, headers: { "accept-encoding": accept } });
        expect(packed.headers["content-encoding"]).toBe(encoding);
        expect(packed.headers.etag).toBe(plain.headers.etag);
        expect(decode(packed.rawPayload).toString("utf8")).toBe(plain.body);
      }
    }
  });

  it("are read again after a catalogue write, with a new ETag", async () => {
    const course = await firstCourse(t.app);
    const before = await t.app.inject({ url: `/api/courses/${course.id}` });
    await t.database.db.execute(sql`update courses set instructor = 'Etag Tester' where id = ${course.id}`);
    t.app.services.catalog.invalidate(companyId);
    const after = await t.app.inject({
      url: `/api/courses/${course.id}`,
      headers: { "if-none-match": before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<CourseDetail>().instructor).toBe("Etag Tester");
  });

  it("are read again after a seat or rating change, which keeps the lists' structure", async () => {
    const url = "/api/courses?sort=price-asc&limit=3&page=2";
    const before = (await t.app.inject({ url })).json<CourseList>();
    const course = before.courses[1]!;
    const [saved] = await t.database.db
      .select({ totalSeats: courses.totalSeats, seatsSold: courses.seatsSold })
      .from(courses)
      .where(eq(courses.id, course.id));
    try {
      await t.database.db.execute(
        sql`update courses set total_seats = 9, seats_sold = 2, rating_total = rating_total + 5,
            rating_count = rating_count + 1 where id = ${course.id}`,
      );
      t.app.services.catalog.invalidateAnswers(companyId);
      const after = (await t.app.inject({ url })).json<CourseList>();
      expect(after.courses.map((card) => card.id)).toEqual(before.courses.map((card) => card.id));
      expect(after.courses[1]).toMatchObject({ seatsLeft: 7, ratingCount: course.ratingCount + 1 });
      expect(after.totalDoc).toBe(before.totalDoc);
      const detail = (await t.app.inject({ url: `/api/courses/${course.slug}` })).json<CourseDetail>();
      expect(detail.seatsLeft).toBe(7);
    } finally {
      await t.database.db.execute(
        sql`update courses set total_seats = ${saved!.totalSeats}, seats_sold = ${saved!.seatsSold},
            rating_total = rating_total - 5, rating_count = rating_count - 1 where id = ${course.id}`,
      );
      t.app.services.catalog.invalidate(companyId);
    }
  });
});

// Two instances need a shared database server: the embedded database belongs to one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a catalogue write on one instance", () => {
  it("empties the catalogue cache of the other instances", async () => {
    const other = await buildApp({
      env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      database: t.database,
      logger: false,
    });
    await other.ready();
    try {
      const course = await firstCourse(t.app);
      expect((await firstCourse(other)).title).toBe(course.title);
      const renamed = "Renamed on another instance";
      await t.database.db.execute(
        sql`update courses set title = jsonb_set(title, '{en}', to_jsonb(${renamed}::text)) where id = ${course.id}`,
      );
      t.app.services.catalog.invalidate(companyId);
      let title = "";
      for (let attempt = 0; attempt < 40 && title !== renamed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        title = (await firstCourse(other)).title;
      }
      expect(title).toBe(renamed);
    } finally {
      await other.close();
    }
  });
});

describe("CATALOG_CACHE=off", () => {
  it("reads every catalogue answer from the database, where the cache keeps the old one", async () => {
    const bypass = await buildApp({
      env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", CATALOG_CACHE: "off" }),
      database: t.database,
      logger: false,
    });
    await bypass.ready();
    try {
      const course = await firstCourse(t.app);
      const detail = `/api/courses/${course.id}`;
      const cachedBefore = (await t.app.inject({ url: detail })).json<CourseDetail>().instructor;
      await bypass.inject({ url: detail });
      // A write that nobody announced: only a server that reads the database again sees it.
      await t.database.db.execute(sql`update courses set instructor = 'Unannounced' where id = ${course.id}`);
      expect((await bypass.inject({ url: detail })).json<CourseDetail>().instructor).toBe("Unannounced");
      expect((await t.app.inject({ url: detail })).json<CourseDetail>().instructor).toBe(cachedBefore);
      await t.database.db.execute(
        sql`update courses set instructor = ${cachedBefore} where id = ${course.id}`,
      );
      t.app.services.catalog.invalidate(companyId);
    } finally {
      await bypass.close();
    }
  });
});
