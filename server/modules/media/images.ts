import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import sharp from "sharp";
import { badRequest } from "../../lib/errors";
import { resolveInside } from "./media-store";

/** Formats an uploaded image may have, judged by its content (never its name or type header). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
/** The largest upload accepted. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Public URLs of stored images start with this; the files live in DATA_DIR/media/images. */
export const IMAGE_URL_PREFIX = "/media/images/";

export const IMAGE_MESSAGES = {
  tooLarge: "The image must be at most 5 MB.",
  format: "The image must be a JPEG, PNG or WebP file.",
} as const;

/**
 * Checks an uploaded image by its content (JPEG, PNG or WebP only), resizes it to fit
 * `maxWidth` × `maxHeight` and stores it as WebP under DATA_DIR/media/images/<folder>/.
 * Returns its public URL, e.g. `/media/images/coupons/<uuid>.webp`.
 */
export async function storeImage(
  uploadRoot: string,
  bytes: Uint8Array,
  options: { folder: string; maxWidth: number; maxHeight: number },
): Promise<string> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw badRequest(IMAGE_MESSAGES.tooLarge);
  const format = await sharp(bytes)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format))
    throw badRequest(IMAGE_MESSAGES.format);
  const output = await sharp(bytes)
    .rotate()
    .resize({ width: options.maxWidth, height: options.maxHeight, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const relativePath = `images/${options.folder}/${randomUUID()}.webp`;
  const path = resolveInside(uploadRoot, relativePath);
  if (!path) throw new Error(`image folder "${options.folder}" is not inside the media folder`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, output);
  return `/media/${relativePath}`;
}
