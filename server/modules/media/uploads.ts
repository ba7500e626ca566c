import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { AppError, badRequest } from "../../lib/errors";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "./upload-limits";

export { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES };

/** Limits of uploads (spec section 5: product images accept only jpeg, webp and png). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;

/** Address under which stored images are served (see media.routes.ts). */
export const IMAGE_ROUTE_PREFIX = "/api/media/images/";

const NOT_AN_IMAGE = "The image must be a JPEG, WebP or PNG file.";
const NOT_A_VIDEO = "The video must be a WebM or MP4 file.";

export const tooLarge = (what: string, max: number) =>
  new AppError(413, "PAYLOAD_TOO_LARGE", `The ${what} may be at most ${Math.round(max / 1024 / 1024)} MB.`);

/** The whole body of an upload, or 413 as soon as it passes `max` bytes. */
export async function readUpTo(body: Readable, max: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw tooLarge(what, max);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The sizes images are stored in: a 16:9 course cover, or a square category icon. */
export const IMAGE_SHAPES = {
  cover: { width: 1200, height: 675, fit: "cover" },
  icon: { width: 256, height: 256, fit: "inside" },
} as const;
export type ImageShape = keyof typeof IMAGE_SHAPES;

/** Which video container the first bytes show: WebM (EBML header) or MP4 (`ftyp` box); else null. */
export function sniffVideo(head: Buffer): "webm" | "mp4" | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  if (head.length >= 8 && head.toString("latin1", 4, 8) === "ftyp") return "mp4";
  return null;
}

/**
 * Uploaded media on disk under DATA_DIR/media: images are checked by their content (not their name
 * or declared type), resized and re-encoded as WebP; videos are streamed to disk and checked by
 * their first bytes.
 */
export function createUploads({ uploadRoot }: { uploadRoot: string }) {
  return {
    /** Stores an image and returns its public address, e.g. /api/media/images/…webp. */
    async storeImage(bytes: Buffer, shape: ImageShape): Promise<string> {
      if (bytes.length === 0) throw badRequest("The upload is empty: choose an image file.");
      if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge("image", IMAGE_MAX_BYTES);
      const metadata = await sharp(bytes)
        .metadata()
        .catch(() => null);
      if (!metadata?.format || !(IMAGE_FORMATS as readonly string[]).includes(metadata.format)) {
        throw badRequest(NOT_AN_IMAGE);
      }
      const { width, height, fit } = IMAGE_SHAPES[shape];
      const output = await sharp(bytes)
        .rotate()
        .resize({ width, height, fit, withoutEnlargement: fit === "inside" })
        .webp({ quality: 82 })
        .toBuffer()
        .catch(() => {
          throw badRequest(NOT_AN_IMAGE);
        });
      const name = `${randomUUID()}.webp`;
      await mkdir(join(uploadRoot, "images"), { recursive: true });
      await writeFile(join(uploadRoot, "images", name), output);
      return `${IMAGE_ROUTE_PREFIX}${name}`;
    },

    /**
     * Streams a video to disk (never holding it in memory) and returns its media reference, e.g.
     * `lessons/….webm`. Rejects anything that does not start like WebM or MP4, or is too large.
     */
    async storeVideo(body: Readable): Promise<string> {
      await mkdir(join(uploadRoot, "lessons"), { recursive: true });
      const id = randomUUID();
      const partial = join(uploadRoot, "lessons", `${id}.part`);
      let head = Buffer.alloc(0);
      let kind: "webm" | "mp4" | null = null;
      let size = 0;
      const check = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > VIDEO_MAX_BYTES) return callback(tooLarge("video", VIDEO_MAX_BYTES));
          if (!kind) {
            head = Buffer.concat([head, chunk]).subarray(0, 16);
            if (head.length >= 8) {
              kind = sniffVideo(head);
              if (!kind) return callback(badRequest(NOT_A_VIDEO));
            }
          }
          callback(null, chunk);
        },
      });
      try {
        await pipeline(body, check, createWriteStream(partial));
        if (!kind) throw badRequest(size === 0 ? "The upload is empty: choose a video file." : NOT_A_VIDEO);
      } catch (error) {
        await rm(partial, { force: true });
        throw error instanceof AppError ? error : badRequest("The video upload was interrupted.");
      }
      const name = `${id}.${kind}`;
      await rename(partial, join(uploadRoot, "lessons", name));
      return `lessons/${name}`;
    },

    /** Removes a stored upload (an image address or a video reference); ignores anything else. */
    async remove(reference: string | null | undefined): Promise<void> {
      if (!reference) return;
      const match = reference.startsWith(IMAGE_ROUTE_PREFIX)
        ? `images/${reference.slice(IMAGE_ROUTE_PREFIX.length)}`
        : /^lessons\/[0-9a-f-]{36}\.(webm|mp4)$/.test(reference)
          ? reference
          : null;
      if (match && /^(images|lessons)\/[0-9a-f-]{36}\.(webp|webm|mp4)$/.test(match)) {
        await rm(join(uploadRoot, match), { force: true });
      }
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
