import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError, badRequest } from "../../lib/errors";
import type { BlobStore } from "./blob-store";
import type { ImageStore } from "./image-store";
import { NOT_A_RESOURCE, NOT_WEBVTT, parseWebVtt, sniffResource } from "./lesson-file-types";
import { CAPTIONS_MAX_BYTES, IMAGE_MAX_BYTES, RESOURCE_MAX_BYTES, VIDEO_MAX_BYTES } from "./upload-limits";

export { CAPTIONS_MAX_BYTES, IMAGE_MAX_BYTES, RESOURCE_MAX_BYTES, VIDEO_MAX_BYTES };

/** Keys of lesson resources and captions in the media store. */
export const LESSON_FILE_KEY = /^lesson-files\/[0-9a-f-]{36}\.[a-z0-9]{2,4}$/;

const NOT_A_VIDEO = "The video must be a WebM or MP4 file.";

export const tooLarge = (what: string, max: number) =>
  new AppError(413, "PAYLOAD_TOO_LARGE", `The ${what} may be at most ${Math.round(max / 1024 / 1024)} MB.`);

/**
 * The body of an upload request as a stream; 400 when the request carried no file at all (no body
 * and no Content-Type, so no parser produced a stream).
 */
export function uploadStream(body: unknown, what: "image" | "video" | "file" | "captions"): Readable {
  if (body instanceof Readable) return body;
  throw badRequest(`Send the ${what} file as the request body.`);
}

/**
 * Reads the rest of a refused upload and throws it away, up to `allowance` bytes (then the connection
 * is closed): a client still sending then receives the 4xx answer instead of a connection reset.
 */
function discardRest(body: Readable, allowance: number) {
  let discarded = 0;
  body.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > allowance) body.destroy();
  });
  body.on("error", () => undefined);
  body.resume();
}

/**
 * The whole body of an upload, or 413 as soon as it passes `max` bytes. A refused upload is not cut
 * off: the rest is read and thrown away (up to as much again as allowed, then the connection is
 * closed), so a client still sending receives the 413 answer instead of a connection reset.
 */
export function readUpTo(body: Readable, max: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (refused) return;
      if (size > max) {
        refused = true;
        chunks.length = 0;
        discardRest(body, max);
        reject(tooLarge(what, max));
      } else chunks.push(chunk);
    });
    body.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    body.on("error", (error) => {
      if (!refused) reject(error);
    });
  });
}

/** The sizes images are stored in: a 16:9 course cover, or a category icon within a square. */
export const IMAGE_SHAPES = {
  cover: { folder: "courses", width: 1200, height: 675 },
  icon: { folder: "categories", maxWidth: 256, maxHeight: 256 },
} as const;
export type ImageShape = keyof typeof IMAGE_SHAPES;

/** Which video container the first bytes show: WebM (EBML header) or MP4 (`ftyp` box); else null. */
export function sniffVideo(head: Buffer): "webm" | "mp4" | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  if (head.length >= 8 && head.toString("latin1", 4, 8) === "ftyp") return "mp4";
  return null;
}

/**
 * Uploaded media in the media store (DATA_DIR/media or the bucket): images are checked by their
 * content (not their name or declared type), resized and re-encoded as WebP; videos are streamed to
 * a local file under `tempDir`, checked by their first bytes and size, then stored.
 */
export function createUploads({
  blobs,
  images,
  tempDir,
}: {
  blobs: BlobStore;
  images: ImageStore;
  tempDir: string;
}) {
  return {
    /** Stores a course cover or category icon (checked by content, as WebP) and returns its address. */
    async storeImage(bytes: Buffer, shape: ImageShape): Promise<string> {
      if (bytes.length === 0) throw badRequest("The upload is empty: choose an image file.");
      return images.store(bytes, IMAGE_SHAPES[shape]);
    },

    /**
     * Streams a video to disk (never holding it in memory) and returns its media reference, e.g.
     * `lessons/….webm`. Rejects anything that does not start like WebM or MP4, or is too large.
     */
    async storeVideo(body: Readable): Promise<string> {
      await mkdir(tempDir, { recursive: true });
      const id = randomUUID();
      const partial = join(tempDir, `${id}.part`);
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
      // Piped through, so a refusal leaves the request stream whole and its rest can be discarded.
      const source = body.pipe(new PassThrough());
      body.once("error", (error) => source.destroy(error));
      body.once("close", () => {
        if (!body.readableEnded) source.destroy(new Error("The upload was cut off."));
      });
      try {
        await pipeline(source, check, createWriteStream(partial));
        if (!kind) throw badRequest(size === 0 ? "The upload is empty: choose a video file." : NOT_A_VIDEO);
      } catch (error) {
        body.unpipe(source);
        if (!body.readableEnded) discardRest(body, 16 * 1024 * 1024);
        await rm(partial, { force: true });
        throw error instanceof AppError ? error : badRequest("The video upload was interrupted.");
      }
      const key = `lessons/${id}.${kind}`;
      try {
        await blobs.put(key, { file: partial }, kind === "webm" ? "video/webm" : "video/mp4");
      } finally {
        await rm(partial, { force: true });
      }
      return key;
    },

    /**
     * Stores a lesson resource (PDF, image or audio, checked by its first bytes) or WebVTT captions
     * (checked as text) and returns its media key and content type.
     */
    async storeLessonFile(
      bytes: Buffer,
      kind: "resource" | "captions",
    ): Promise<{ key: string; contentType: string; size: number }> {
      if (bytes.length === 0) throw badRequest("The upload is empty: choose a file.");
      let type: { extension: string; contentType: string };
      if (kind === "captions") {
        if (bytes.length > CAPTIONS_MAX_BYTES) throw tooLarge("captions file", CAPTIONS_MAX_BYTES);
        if (parseWebVtt(bytes) === null) throw badRequest(NOT_WEBVTT);
        type = { extension: "vtt", contentType: "text/vtt; charset=utf-8" };
      } else {
        if (bytes.length > RESOURCE_MAX_BYTES) throw tooLarge("file", RESOURCE_MAX_BYTES);
        const sniffed = sniffResource(bytes);
        if (!sniffed) throw badRequest(NOT_A_RESOURCE);
        type = sniffed;
      }
      const key = `lesson-files/${randomUUID()}.${type.extension}`;
      await blobs.put(key, { bytes }, type.contentType);
      return { key, contentType: type.contentType, size: bytes.length };
    },

    /** Removes a stored upload (an image address, a video reference or a lesson file); ignores anything else. */
    async remove(reference: string | null | undefined): Promise<void> {
      if (!reference) return;
      if (/^lessons\/[0-9a-f-]{36}\.(webm|mp4)$/.test(reference) || LESSON_FILE_KEY.test(reference))
        await blobs.remove(reference);
      else await images.remove(reference);
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
