import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { IMAGE_MESSAGES } from "./image-store";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "./upload-limits";

/**
 * Every upload route checks what it is sent by content and size, and a refused upload changes
 * nothing: no file left on disk, no image or video on the record.
 */
const ctx = adminTestContext({ dataDir: true });

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

async function png(width = 8, height = 8) {
  return sharp({ create: { width, height, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer();
}

/**
 * A well-formed PNG header claiming 30000×30000 pixels (a decompression bomb: 900 megapixels from a
 * few bytes), with a correct checksum so that only its size gives it away.
 */
async function pixelBomb() {
  const bomb = Buffer.from(await png(1, 1));
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  // The IHDR chunk: type and data at 12..29, its CRC right after.
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

async function send(url: string, payload: Buffer | Readable | undefined, contentType?: string) {
  return ctx.t.app.inject({
    method: "POST",
    url,
    headers: {
      authorization: `Bearer ${ctx.admin.token}`,
      ...(contentType ? { "content-type": contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The files under DATA_DIR/media (folders made on the way do not count). */
async function mediaFiles(): Promise<string[]> {
  const root = join(ctx.dataDir!, "media");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function courseWithLesson() {
  const course = (
    await ctx.call("POST", "/api/admin/courses", ctx.admin.token, {
      title: { en: `Upload checks ${Date.now()}` },
      priceCents: 1000,
    })
  ).body;
  const lesson = (
    await ctx.call("POST", `/api/admin/courses/${course.id}/lessons`, ctx.admin.token, {
      title: { en: "Lesson" },
      durationSeconds: 60,
    })
  ).body;
  return { course, lesson };
}

describe("image uploads (course image, category icon)", () => {
  it("refuse a missing body, a wrong type, a disguised or broken file and an oversized one", async () => {
    const { course } = await courseWithLesson();
    const category = (
      await ctx.call("POST", "/api/admin/categories", ctx.admin.token, { name: { en: "Icons" } })
    ).body;
    const filesBefore = await mediaFiles();
    const brokenHeader = Buffer.concat([
      PNG_SIGNATURE,
      Buffer.from("0000000d49484452", "hex"),
      Buffer.alloc(40, 7),
    ]);
    const noise = { type: "gaussian", mean: 128, sigma: 30 } as const;
    const whole = await sharp({
      create: { width: 64, height: 64, channels: 3, noise, background: "#808080" },
    })
      .png()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");

    for (const url of [
      `/api/admin/courses/${course.id}/image`,
      `/api/admin/categories/${category.id}/icon`,
    ]) {
      const missing = await send(url, undefined);
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json()).toMatchObject({ message: "Send the image file as the request body." });

      expect((await send(url, await png(), "text/plain")).statusCode, url).toBe(415);
      expect((await send(url, svg, "image/svg+xml")).statusCode, url).toBe(415);

      for (const [name, body] of [
        ["svg sent as png", svg],
        ["empty", Buffer.alloc(0)],
        ["broken header", brokenHeader],
        ["truncated png (its header intact)", truncated],
        ["pixel bomb", await pixelBomb()],
      ] as const) {
        const response = await send(url, body, "image/png");
        expect(response.statusCode, `${url} ${name}`).toBe(400);
        expect(response.json().code, `${url} ${name}`).toBe("VALIDATION_ERROR");
        if (name !== "empty") expect(response.json().message, `${url} ${name}`).toBe(IMAGE_MESSAGES.type);
      }

      const oversized = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
      const tooLarge = await send(url, oversized, "image/png");
      expect(tooLarge.statusCode, url).toBe(413);
      expect(tooLarge.json().code).toBe("PAYLOAD_TOO_LARGE");
    }

    expect(await mediaFiles()).toEqual(filesBefore);
    expect((await ctx.call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body.image).toBe(null);
    expect((await ctx.call("GET", `/api/admin/categories/${category.id}`, ctx.admin.token)).body.icon).toBe(
      null,
    );
  });
});

describe("lesson video uploads", () => {
  it("refuse a missing body, a wrong type, a file that is not WebM or MP4 and one past the limit", async () => {
    const { course, lesson } = await courseWithLesson();
    const url = `/api/admin/courses/${course.id}/lessons/${lesson.id}/video`;
    const filesBefore = await mediaFiles();

    const missing = await send(url, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Send the video file as the request body.");
    expect((await send(url, Buffer.from("1a45dfa3", "hex"), "text/plain")).statusCode).toBe(415);

    for (const body of [Buffer.alloc(0), Buffer.from("GIF89a, not a video at all"), await png()]) {
      const response = await send(url, body, "video/mp4");
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
    }

    // A WebM header followed by one byte more than the limit, streamed: refused on the way, not stored.
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    const oversized = new Readable({
      read() {
        if (sent === 0) {
          sent += 4;
          this.push(Buffer.from("1a45dfa3", "hex"));
        } else if (sent <= VIDEO_MAX_BYTES) {
          sent += chunk.length;
          this.push(chunk);
        } else this.push(null);
      },
    });
    const tooLarge = await send(url, oversized, "video/webm");
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe("PAYLOAD_TOO_LARGE");

    expect(await mediaFiles()).toEqual(filesBefore);
    const stored = (await ctx.call("GET", `/api/admin/courses/${course.id}`, ctx.admin.token)).body;
    expect(stored.lessons[0].videoUrl).toBe(null);
  });
});

describe("deleting courses", () => {
  it("removes their lessons' files from the media store, one course or several at once", async () => {
    const before = await mediaFiles();
    const withFiles = async () => {
      const { course, lesson } = await courseWithLesson();
      const base = `/api/admin/courses/${course.id}/lessons/${lesson.id}`;
      expect(
        (await send(`${base}/resources?name=sheet.pdf`, Buffer.from("%PDF-1.7\n%%EOF\n"), "application/pdf"))
          .statusCode,
      ).toBe(201);
      return course.id as string;
    };
    const single = await withFiles();
    const first = await withFiles();
    const second = await withFiles();
    expect((await mediaFiles()).length).toBe(before.length + 3);

    expect((await ctx.call("DELETE", `/api/admin/courses/${single}`, ctx.admin.token)).status).toBe(204);
    expect((await mediaFiles()).length).toBe(before.length + 2);
    const bulk = await ctx.call("POST", "/api/admin/courses/bulk", ctx.admin.token, {
      action: "delete",
      ids: [first, second],
    });
    expect(bulk.status).toBe(200);
    expect(await mediaFiles()).toEqual(before);
  });
});

describe("an oversized upload over a real connection", () => {
  it("answers 413 with a message, not a connection reset, while the client is still sending", async () => {
    const { course } = await courseWithLesson();
    const address = await ctx.t.app.listen({ port: 0, host: "127.0.0.1" });
    const oversized = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES + 1024 * 1024)]);
    const response = await fetch(`${address}/api/admin/courses/${course.id}/image`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.admin.token}`, "content-type": "image/png" },
      body: oversized,
    });
    expect(response.status).toBe(413);
    // Closed after the answer: a client that stops sending cannot hold the connection (or a shutdown).
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The image may be at most 5 MB.",
    });
  });
});
