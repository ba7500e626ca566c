import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import sharp from "sharp";
import { badRequest } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import { resolveInside } from "./media-store";

/** Formats accepted for uploaded pictures, recognised by their content (never by the file name). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
/** Uploads larger than this are refused before decoding. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: "Please choose a JPEG, WebP or PNG image.",
  size: "The image must be at most 5 MB.",
} as const;

/** Where served images live: `/api/media/images/<folder>/<file>.webp`. */
export const IMAGE_URL_PREFIX = "/api/media/images/";
const FOLDER = /^[a-z0-9-]{1,40}$/;
const FILE = /^[0-9a-f-]{36}\.webp$/;

/**
 * Uploaded pictures under DATA_DIR/media/images: checked by content (JPEG, WebP, PNG), resized
 * to a square and stored as WebP; the returned address is what records keep.
 */
export function createImageStore({ dataDir }: { dataDir: string }) {
  const root = `${dataDir.replace(/\/+$/, "")}/media/images`;
  return {
    /** Validates, resizes (cover, `size` px square) and stores the image; returns its address. */
    async store(bytes: Uint8Array, options: { folder: string; size: number }): Promise<string> {
      if (!FOLDER.test(options.folder)) throw new Error(`bad image folder ${options.folder}`);
      if (bytes.byteLength > IMAGE_MAX_BYTES) throw badRequest(IMAGE_MESSAGES.size);
      const format = await sharp(bytes)
        .metadata()
        .then((meta) => meta.format)
        .catch(() => undefined);
      if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format)) {
        throw badRequest(IMAGE_MESSAGES.type);
      }
      const output = await sharp(bytes)
        .rotate()
        .resize(options.size, options.size, { fit: "cover" })
        .webp({ quality: 82 })
        .toBuffer();
      const name = `${options.folder}/${uuidv7()}.webp`;
      const path = resolveInside(root, name)!;
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, output);
      return `${IMAGE_URL_PREFIX}${name}`;
    },

    /** The bytes of a stored image, or null. */
    async read(folder: string, file: string): Promise<{ bytes: Buffer; modifiedAt: Date } | null> {
      if (!FOLDER.test(folder) || !FILE.test(file)) return null;
      const path = resolveInside(root, `${folder}/${file}`);
      if (!path) return null;
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { bytes: await readFile(path), modifiedAt: info.mtime };
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
