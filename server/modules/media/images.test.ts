import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, storeImage } from "./images";

const root = mkdtempSync(join(tmpdir(), "images-test-"));
const options = { folder: "coupons", maxWidth: 400, maxHeight: 200 };

const image = (format: "png" | "jpeg" | "webp" | "gif", width = 800, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .toFormat(format)
    .toBuffer();

describe("storeImage", () => {
  it("stores JPEG, PNG and WebP as resized WebP under media/images/<folder>", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const url = await storeImage(root, await image(format), options);
      expect(url).toMatch(/^\/media\/images\/coupons\/[\w-]+\.webp$/);
      const stored = readFileSync(join(root, url.replace("/media/", "")));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 400, height: 200 });
    }
  });

  it("judges by content: a GIF or a text file named .png is refused", async () => {
    await expect(storeImage(root, await image("gif"), options)).rejects.toMatchObject({
      status: 400,
      message: IMAGE_MESSAGES.format,
    });
    await expect(storeImage(root, new TextEncoder().encode("not an image"), options)).rejects.toMatchObject({
      status: 400,
      message: IMAGE_MESSAGES.format,
    });
  });

  it("refuses files over 5 MB", async () => {
    await expect(storeImage(root, new Uint8Array(5 * 1024 * 1024 + 1), options)).rejects.toMatchObject({
      message: IMAGE_MESSAGES.tooLarge,
    });
  });
});
