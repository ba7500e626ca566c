import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { auditLogs } from "../audit/audit.tables";
import { IMAGE_MESSAGES } from "../media/image-store";
import { enrolments } from "../orders/orders.tables";
import { courses } from "./catalog.tables";
import type { AdminCourse, AdminCourseList } from "./catalog-admin.schemas";

const ctx = adminTestContext({ dataDir: true });
const { call } = ctx;
let cashier: TestStaff;

beforeAll(async () => {
  cashier = await createStaff(ctx.t, ctx.companyId, "Cashier");
});
const upload = (url: string, body: Buffer, contentType: string, token = ctx.admin.token) =>
  ctx.t.app.inject({
    method: "POST",
    url,
    payload: body,
    headers: { authorization: `Bearer ${token}`, "content-type": contentType },
  });

const png = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .toBuffer();

const newCourse = (overrides: Record<string, unknown> = {}) => ({
  title: { en: "Watercolour for Beginners", nl: "Aquarel voor beginners" },
  priceCents: 4900,
  ...overrides,
});

describe("POST /api/admin/courses", () => {
  it("creates an unpublished course with a slug made from the title, and audits it", async () => {
    const { status, body } = await call("POST", "/api/admin/courses", ctx.admin.token, newCourse());
    expect(status).toBe(201);
    const course = body as AdminCourse;
    expect(course).toMatchObject({ slug: "watercolour-for-beginners", published: false, priceCents: 4900 });
    const again = await call("POST", "/api/admin/courses", ctx.admin.token, newCourse());
    expect(again.body.slug).toBe("watercolour-for-beginners-2");
    const [entry] = await ctx.t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, "course"), eq(auditLogs.entityId, course.id)));
    expect(entry).toMatchObject({
      action: "create",
      staffEmail: ctx.admin.email,
      summary: "Watercolour for Beginners",
    });
  });

  it("rejects bad input with 400 and a taken slug with 409, creating nothing", async () => {
    const before = (await call("GET", "/api/admin/courses?limit=1", ctx.admin.token)).body.total;
    const cases = [
      newCourse({ title: { en: "" } }),
      newCourse({ priceCents: -1 }),
      newCourse({ priceCents: 1000, salePriceCents: 1000 }),
      newCourse({ instalmentCount: 1 }),
      newCourse({ instalmentCount: 13 }),
      newCourse({ totalSeats: 0 }),
      newCourse({ slug: "Not A Slug" }),
      newCourse({ categoryId: "0190a4c2-0000-7000-8000-000000000000" }),
      newCourse({ unknown: true }),
    ];
    for (const payload of cases) {
      const { status, body } = await call("POST", "/api/admin/courses", ctx.admin.token, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    const sale = await call(
      "POST",
      "/api/admin/courses",
      ctx.admin.token,
      newCourse({ salePriceCents: 5000 }),
    );
    expect(sale.body.message).toBe("The sale price must be lower than the price.");
    const taken = await call(
      "POST",
      "/api/admin/courses",
      ctx.admin.token,
      newCourse({ slug: "watercolour-for-beginners" }),
    );
    expect(taken.status).toBe(409);
    expect((await call("GET", "/api/admin/courses?limit=1", ctx.admin.token)).body.total).toBe(before);
  });

  it("needs a staff session (401) with write permission on the catalogue (403)", async () => {
    expect((await call("POST", "/api/admin/courses", undefined, newCourse())).status).toBe(401);
    expect((await call("POST", "/api/admin/courses", ctx.driver.token, newCourse())).status).toBe(403);
    expect((await call("POST", "/api/admin/courses", cashier.token, newCourse())).status).toBe(403);
    expect((await call("GET", "/api/admin/courses", ctx.driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/courses", cashier.token)).status).toBe(200);
  });
});

describe("GET /api/admin/courses", () => {
  it("searches, filters, sorts and pages", async () => {
    const all = (await call("GET", "/api/admin/courses", ctx.admin.token)).body as AdminCourseList;
    expect(all.items.length).toBe(Math.min(20, all.total));
    const search = (await call("GET", "/api/admin/courses?searchText=aquarel", ctx.admin.token))
      .body as AdminCourseList;
    expect(search.items.length).toBeGreaterThanOrEqual(2);
    expect(search.items.every((item) => JSON.stringify(item.title).toLowerCase().includes("aquarel"))).toBe(
      true,
    );
    const drafts = (await call("GET", "/api/admin/courses?published=false", ctx.admin.token))
      .body as AdminCourseList;
    expect(drafts.items.every((item) => !item.published)).toBe(true);
    const cheap = (await call("GET", "/api/admin/courses?sort=price&order=asc&limit=100", ctx.admin.token))
      .body;
    const prices = cheap.items.map(
      (item: AdminCourseList["items"][number]) => item.salePriceCents ?? item.priceCents,
    );
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect((await call("GET", "/api/admin/courses?sort=seats", ctx.admin.token)).status).toBe(400);
  });

  it("only shows the company's own courses", async () => {
    const mine = (await call("GET", "/api/admin/courses?limit=1", ctx.admin.token)).body
      .items[0] as AdminCourse;
    const theirs = await call("GET", "/api/admin/courses", ctx.other.admin.token, undefined, {
      company: ctx.other.slug,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
    const peek = await call("GET", `/api/admin/courses/${mine.id}`, ctx.other.admin.token, undefined, {
      company: ctx.other.slug,
    });
    expect(peek.status).toBe(404);
    const change = await call(
      "PATCH",
      `/api/admin/courses/${mine.id}`,
      ctx.other.admin.token,
      { priceCents: 1 },
      { company: ctx.other.slug },
    );
    expect(change.status).toBe(404);
    // A session of one company does not work for another.
    expect(
      (await call("GET", "/api/admin/courses", ctx.admin.token, undefined, { company: ctx.other.slug }))
        .status,
    ).toBe(401);
  });
});

describe("PATCH /api/admin/courses/:id and the storefront", () => {
  it("publishing shows the course on the storefront at once; unpublishing hides it at once", async () => {
    const created = (
      await call(
        "POST",
        "/api/admin/courses",
        ctx.admin.token,
        newCourse({ title: { en: "Ink Drawing Now" } }),
      )
    ).body as AdminCourse;
    const listed = async () =>
      (await call("GET", "/api/courses?searchText=ink%20drawing%20now")).body.courses.map(
        (c: { id: string }) => c.id,
      );
    expect(await listed()).toEqual([]);
    expect((await call("GET", `/api/courses/${created.slug}`)).status).toBe(404);

    const published = await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, {
      published: true,
    });
    expect(published.status).toBe(200);
    expect(await listed()).toEqual([created.id]);
    expect((await call("GET", `/api/courses/${created.slug}`)).status).toBe(200);

    await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, { published: false });
    expect(await listed()).toEqual([]);
    expect((await call("GET", `/api/courses/${created.slug}`)).status).toBe(404);
  });

  it("keeps total seats at or above the seats sold and the sale price below the price", async () => {
    const created = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse({ totalSeats: 10 })))
      .body;
    await ctx.t.database.db.update(courses).set({ seatsSold: 4 }).where(eq(courses.id, created.id));
    const low = await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, { totalSeats: 3 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe("Total seats cannot be lower than the 4 seats already sold.");
    expect(
      (await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, { totalSeats: 4 })).status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, { totalSeats: null })).body
        .totalSeats,
    ).toBe(null);
    expect(
      (await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, { salePriceCents: 6000 }))
        .status,
    ).toBe(400);
    const ok = await call("PATCH", `/api/admin/courses/${created.id}`, ctx.admin.token, {
      priceCents: 9900,
      salePriceCents: 6000,
    });
    expect(ok.body).toMatchObject({ priceCents: 9900, salePriceCents: 6000 });
  });

  it("takes values of published attributes only", async () => {
    const attribute = (
      await call("POST", "/api/admin/attributes", ctx.admin.token, {
        title: { en: "Format" },
        displayName: { en: "Format" },
        optionType: "radio",
        values: [{ label: { en: "Online" } }, { label: { en: "On site" } }],
      })
    ).body;
    const course = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const picked = { [attribute.id]: [attribute.values[0].id] };
    const ok = await call("PATCH", `/api/admin/courses/${course.id}`, ctx.admin.token, {
      attributeValues: picked,
    });
    expect(ok.body.attributeValues).toEqual(picked);
    const bad = await call("PATCH", `/api/admin/courses/${course.id}`, ctx.admin.token, {
      attributeValues: { [attribute.id]: [course.id] },
    });
    expect(bad.status).toBe(400);
    // A radio (or dropdown) attribute takes one value.
    const both = await call("PATCH", `/api/admin/courses/${course.id}`, ctx.admin.token, {
      attributeValues: { [attribute.id]: attribute.values.map((value: { id: string }) => value.id) },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain("Choose one value for Format.");
    expect(
      (await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body.attributeValues,
    ).toEqual(picked);
  });
});

describe("DELETE /api/admin/courses/:id", () => {
  it("deletes a course without orders and refuses one with learners (409)", async () => {
    const course = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    expect((await call("DELETE", `/api/admin/courses/${course.id}`, ctx.driver.token)).status).toBe(403);
    expect((await call("DELETE", `/api/admin/courses/${course.id}`, ctx.admin.token)).status).toBe(204);
    expect((await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).status).toBe(404);

    const [enrolled] = await ctx.t.database.db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(eq(enrolments.companyId, ctx.companyId))
      .limit(1);
    const refused = await call("DELETE", `/api/admin/courses/${enrolled!.courseId}`, ctx.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This course has orders or enrolled learners, so it cannot be deleted. Unpublish it instead.",
    );
    const bulk = await call("POST", "/api/admin/courses/bulk", ctx.admin.token, {
      action: "delete",
      ids: [enrolled!.courseId],
    });
    expect(bulk.status).toBe(409);
  });

  it("bulk publishes and unpublishes", async () => {
    const a = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const b = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const on = await call("POST", "/api/admin/courses/bulk", ctx.admin.token, {
      action: "publish",
      ids: [a.id, b.id],
    });
    expect(on.body).toEqual({ updated: 2 });
    expect((await call("GET", `/api/courses/${a.slug}`)).status).toBe(200);
    await call("POST", "/api/admin/courses/bulk", ctx.admin.token, {
      action: "unpublish",
      ids: [a.id, b.id],
    });
    expect((await call("GET", `/api/courses/${a.slug}`)).status).toBe(404);
    expect(
      (await call("POST", "/api/admin/courses/bulk", ctx.admin.token, { action: "archive", ids: [a.id] }))
        .status,
    ).toBe(400);
  });
});

describe("POST /api/admin/courses/:id/image", () => {
  it("stores a PNG resized to 1200x675 WebP and serves it publicly", async () => {
    const course = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const response = await upload(`/api/admin/courses/${course.id}/image`, await png(), "image/png");
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/media\/images\/courses\/[0-9a-f-]{36}\.webp$/);
    expect((await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body.image).toBe(url);
    const image = await ctx.t.app.inject({ method: "GET", url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1200, height: 675 });
  });

  it("checks the content, not the name or type: a GIF or text sent as JPEG is refused", async () => {
    const course = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    for (const body of [gif, Buffer.from("just some text, named photo.jpg")]) {
      const response = await upload(`/api/admin/courses/${course.id}/image`, body, "image/jpeg");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(IMAGE_MESSAGES.type);
    }
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
    expect((await upload(`/api/admin/courses/${course.id}/image`, huge, "image/png")).statusCode).toBe(413);
    expect((await upload(`/api/admin/courses/${course.id}/image`, gif, "text/plain")).statusCode).toBe(415);
    expect(
      (await upload(`/api/admin/courses/${course.id}/image`, await png(), "image/png", ctx.driver.token))
        .statusCode,
    ).toBe(403);
    expect((await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body.image).toBe(null);
  });
});

describe("/api/admin/courses/:id/lessons", () => {
  it("adds, edits, reorders, uploads a video for and deletes lessons", async () => {
    const course = (await call("POST", "/api/admin/courses", ctx.admin.token, newCourse())).body;
    const base = `/api/admin/courses/${course.id}/lessons`;
    const first = await call("POST", base, ctx.admin.token, {
      title: { en: "Paper and brushes" },
      durationSeconds: 300,
    });
    expect(first.status).toBe(201);
    const second = await call("POST", base, ctx.admin.token, {
      title: { en: "Washes" },
      durationSeconds: 420,
      freePreview: true,
      videoUrl: "https://videos.example.org/washes.mp4",
    });
    expect(second.body).toMatchObject({ position: 2, freePreview: true });
    expect(
      (
        await call("POST", base, ctx.admin.token, {
          title: { en: "X" },
          durationSeconds: 1,
          videoUrl: "http://x.org/a",
        })
      ).status,
    ).toBe(400);
    expect(
      (await call("POST", base, ctx.admin.token, { title: { en: "" }, durationSeconds: 1 })).status,
    ).toBe(400);

    const edited = await call("PATCH", `${base}/${first.body.id}`, ctx.admin.token, { durationSeconds: 360 });
    expect(edited.body.durationSeconds).toBe(360);
    const order = await call("PUT", `${base}/order`, ctx.admin.token, {
      ids: [second.body.id, first.body.id],
    });
    expect(order.body.lessons.map((l: { id: string }) => l.id)).toEqual([second.body.id, first.body.id]);
    expect((await call("PUT", `${base}/order`, ctx.admin.token, { ids: [second.body.id] })).status).toBe(400);

    const after = (await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body;
    expect(after.lessons.map((l: { position: number }) => l.position)).toEqual([1, 2]);

    const webm = Buffer.concat([Buffer.from("1a45dfa3", "hex"), Buffer.alloc(2048, 1)]);
    const video = await upload(`${base}/${first.body.id}/video`, webm, "video/webm");
    expect(video.statusCode).toBe(200);
    expect(video.json().url).toMatch(/^lessons\/[0-9a-f-]{36}\.webm$/);
    const fake = await upload(
      `${base}/${first.body.id}/video`,
      Buffer.from("not a video at all"),
      "video/mp4",
    );
    expect(fake.statusCode).toBe(400);

    expect((await call("DELETE", `${base}/${first.body.id}`, ctx.admin.token)).status).toBe(204);
    const left = (await call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body;
    expect(left.lessons).toHaveLength(1);
  });
});
