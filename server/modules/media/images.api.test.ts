import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany } from "~server/seed/factories";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import { IMAGE_MESSAGES } from "./image-store";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Makes the picture a learner's profile picture in the default school, as an upload would. */
async function ownedByLearner(address: string): Promise<string> {
  await t.database.db
    .update(customers)
    .set({ image: address })
    .where(eq(customers.email, "learner@example.com"));
  return address;
}

describe("GET /media/images/{folder}/{file}", () => {
  it("serves an uploaded picture, checked by content and resized to a WebP square", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0f6b63" } })
      .png()
      .toBuffer();
    const address = await ownedByLearner(
      await t.app.services.images.store(png, { folder: "staff", size: 256 }),
    );
    expect(address).toMatch(/^\/media\/images\/staff\/[0-9a-f-]{36}\.webp$/);
    const response = await t.app.inject({ method: "GET", url: address });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
  });

  it("fits covers and banners inside a box without enlarging them", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1000, channels: 3, background: "#b4530e" } })
      .jpeg()
      .toBuffer();
    const address = await ownedByLearner(
      await t.app.services.images.store(jpeg, { folder: "coupons", maxWidth: 1600, maxHeight: 800 }),
    );
    const meta = await sharp((await t.app.inject({ method: "GET", url: address })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 667]);
    const small = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const kept = await ownedByLearner(
      await t.app.services.images.store(small, { folder: "coupons", maxWidth: 1600, maxHeight: 800 }),
    );
    const keptMeta = await sharp((await t.app.inject({ method: "GET", url: kept })).rawPayload).metadata();
    expect([keptMeta.width, keptMeta.height]).toEqual([300, 100]);
  });

  it("refuses what is not a JPEG, WebP or PNG whatever its name, and answers 404 for unknown files", async () => {
    await expect(
      t.app.services.images.store(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), {
        folder: "staff",
        size: 256,
      }),
    ).rejects.toMatchObject({ status: 400, message: IMAGE_MESSAGES.type });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(t.app.services.images.store(gif, { folder: "staff", size: 256 })).rejects.toMatchObject({
      status: 400,
    });
    for (const url of [
      "/media/images/staff/00000000-0000-4000-8000-000000000000.webp",
      "/media/images/staff/..%2F..%2Fetc%2Fpasswd",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("serves a picture only to its own school: another school's cover, even unpublished, is 404", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#224488" } })
      .png()
      .toBuffer();
    const other = await insertCompany(t.database.db, {
      slug: "media-other-school",
      name: "Media Other School",
    });
    const cover = await t.app.services.images.store(png, { folder: "courses", width: 120, height: 68 });
    await t.database.db.insert(courses).values({
      companyId: other.id,
      slug: "hidden-cover",
      priceCents: 1000,
      image: cover,
      published: false,
    });
    const here = await t.app.inject({ method: "GET", url: cover });
    expect(here.statusCode).toBe(404);
    expect(here.json()).toMatchObject({ code: "IMAGE_NOT_FOUND" });
    const there = await t.app.inject({ method: "GET", url: cover, headers: { company: other.slug } });
    expect(there.statusCode).toBe(200);
    expect(there.headers["content-type"]).toBe("image/webp");
  });
});
