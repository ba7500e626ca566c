import type { Readable } from "node:stream";
import type { ResizeOptions } from "sharp";
import { badRequest } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import type { BlobStore } from "./blob-store";

/** Formats accepted for uploaded pictures, recognised by their content (never by the file name). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
/** Uploads larger than this are refused before decoding. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: "Please choose a JPEG, WebP or PNG image.",
  size: "The image must be at most 5 MB.",
} as const;

/** Where served images live: `/media/images/<folder>/<file>.webp` (public, immutable names). */
export const IMAGE_URL_PREFIX = "/media/images/";
const FOLDER = /^[a-z0-9-]{1,40}$/;
const FILE = /^[0-9a-f-]{36}\.webp$/;

/**
 * How to fit the picture: a square cropped to `size` px (avatars), cropped to an exact box
 * (course covers), or within a box without enlarging (banners, icons).
 */
export type ImageFit =
  | { size: number }
  | { width: number; height: number }
  | { maxWidth: number; maxHeight: number };

function resizeFor(fit: ImageFit): ResizeOptions {
  if ("size" in fit) return { width: fit.size, height: fit.size, fit: "cover" };
  if ("width" in fit) return { width: fit.width, height: fit.height, fit: "cover" };
  return { width: fit.maxWidth, height: fit.maxHeight, fit: "inside", withoutEnlargement: true };
}

/**
 * Uploaded pictures under `images/` of the media store (DATA_DIR/media or the bucket): checked by
 * content (JPEG, WebP, PNG), resized and stored as WebP; the returned address is what records keep.
 */
export function createImageStore({ blobs }: { blobs: BlobStore }) {
  return {
    /** Validates, resizes and stores the image; returns its public address. */
    async store(bytes: Uint8Array, options: { folder: string } & ImageFit): Promise<string> {
      if (!FOLDER.test(options.folder)) throw new Error(`bad image folder ${options.folder}`);
      if (bytes.byteLength > IMAGE_MAX_BYTES) throw badRequest(IMAGE_MESSAGES.size);
      // Loaded on the first upload, not at start-up (a native module: slow to load, unused by most requests).
      const { default: sharp } = await import("sharp");
      const format = await sharp(bytes)
        .metadata()
        .then((meta) => meta.format)
        .catch(() => undefined);
      if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format)) {
        throw badRequest(IMAGE_MESSAGES.type);
      }
      // The header may be fine while the rest is damaged or cut off: that is a bad file, not our error.
      const output = await sharp(bytes)
        .rotate()
        .resize(resizeFor(options))
        .webp({ quality: 82 })
        .toBuffer()
        .catch(() => {
          throw badRequest(IMAGE_MESSAGES.type);
        });
      const name = `${options.folder}/${uuidv7()}.webp`;
      await blobs.put(`images/${name}`, { bytes: output }, "image/webp");
      return `${IMAGE_URL_PREFIX}${name}`;
    },

    /** Deletes a stored image by its address; anything else is ignored. */
    async remove(address: string | null | undefined): Promise<void> {
      if (!address?.startsWith(IMAGE_URL_PREFIX)) return;
      const [folder, file, ...rest] = address.slice(IMAGE_URL_PREFIX.length).split("/");
      if (rest.length > 0 || !folder || !file || !FOLDER.test(folder) || !FILE.test(file)) return;
      await blobs.remove(`images/${folder}/${file}`);
    },

    /** A stored image as a stream with its size and date, or null. */
    async read(
      folder: string,
      file: string,
    ): Promise<{ body: Readable; size: number; modifiedAt: Date } | null> {
      if (!FOLDER.test(folder) || !FILE.test(file)) return null;
      const key = `images/${folder}/${file}`;
      const info = await blobs.head(key);
      const body = info ? await blobs.read(key) : null;
      return info && body ? { body, size: info.size, modifiedAt: info.modifiedAt } : null;
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
