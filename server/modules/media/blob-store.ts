import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { AppError } from "../../lib/errors";
import { resolveInside } from "./media-store";

// The S3 SDK is loaded only when a bucket is configured (cold start).
const require = createRequire(import.meta.url);

/** What is known of a stored file. */
export interface BlobInfo {
  size: number;
  modifiedAt: Date;
  /** The store's own version tag (S3 ETag), if it has one. */
  etag?: string | undefined;
}

/** Where uploaded media live: keys such as `images/courses/<id>.webp` or `lessons/<id>.webm`. */
export interface BlobStore {
  readonly kind: "disk" | "s3";
  /** Stores a file from bytes or from a local file (streamed, never held in memory). */
  put(key: string, source: { bytes: Buffer } | { file: string }, contentType: string): Promise<void>;
  head(key: string): Promise<BlobInfo | null>;
  /** The bytes from `start` to `end` (inclusive), or the whole file; null when there is none. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Every key under `prefix` (for media:migrate and backups). */
  list(prefix?: string): AsyncIterable<string>;
}

export const MEDIA_UNAVAILABLE =
  "The media storage cannot be reached right now. Please try again in a moment.";

/** Keys are relative paths of letters, digits, dots, dashes and slashes; nothing else is ever stored. */
const KEY = /^(?:[a-z0-9-]+\/)*[A-Za-z0-9._-]+$/;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((part) => part === ".." || part === ".")) {
    throw new Error(`not a media key: ${key}`);
  }
  return key;
}

/** Files under DATA_DIR/media (the embedded default). */
export function createDiskBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => resolveInside(base, checkKey(key));
  return {
    kind: "disk",
    async put(key, source, _contentType) {
      const path = pathOf(key)!;
      await mkdir(dirname(path), { recursive: true });
      if ("bytes" in source) await writeFile(path, source.bytes);
      else {
        await rename(source.file, path).catch(async (error: NodeJS.ErrnoException) => {
          // Another file system (a staging file under /tmp): copy, then remove.
          if (error.code !== "EXDEV") throw error;
          await copyFile(source.file, path);
          await rm(source.file, { force: true });
        });
      }
    },
    async head(key) {
      const path = pathOf(key);
      const info = path ? await stat(path).catch(() => null) : null;
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    },
    async read(key, range) {
      const path = pathOf(key);
      if (!path || !(await stat(path).catch(() => null))?.isFile()) return null;
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      const path = pathOf(key);
      if (path) await rm(path, { force: true });
    },
    async *list(prefix = "") {
      const walk = async function* (dir: string): AsyncGenerator<string> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !entry.name.endsWith(".part"))
            yield relative(base, full).split(sep).join("/");
        }
      };
      for await (const key of walk(base)) if (key.startsWith(prefix)) yield key;
    },
  };
}

export interface S3Options {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …) through the official SDK. The bucket stays private. */
export function createS3BlobStore(options: S3Options): BlobStore {
  const s3 = require("@aws-sdk/client-s3") as typeof import("@aws-sdk/client-s3");
  const client: S3Client = new s3.S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: streamed uploads are then sent as plain bodies, not
    // aws-chunked with trailing checksums, which many S3-compatible stores do not understand.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const missing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
  };
  /** Every call: a store that cannot be reached is a 503 the visitor can retry, never a 500. */
  const send = async <T>(command: object): Promise<T> => {
    try {
      return (await client.send(command as never)) as T;
    } catch (error) {
      if (missing(error)) throw error;
      const unavailable = new AppError(503, "MEDIA_UNAVAILABLE", MEDIA_UNAVAILABLE);
      unavailable.cause = error;
      throw unavailable;
    }
  };
  return {
    kind: "s3",
    async put(key, source, contentType) {
      const Key = checkKey(key);
      if ("bytes" in source) {
        await send(new s3.PutObjectCommand({ Bucket, Key, Body: source.bytes, ContentType: contentType }));
        return;
      }
      const { size } = await stat(source.file);
      try {
        await send(
          new s3.PutObjectCommand({
            Bucket,
            Key,
            Body: createReadStream(source.file),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(source.file, { force: true });
      }
    },
    async head(key) {
      try {
        const head = await send<import("@aws-sdk/client-s3").HeadObjectCommandOutput>(
          new s3.HeadObjectCommand({ Bucket, Key: checkKey(key) }),
        );
        return {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          etag: head.ETag,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const object = await send<import("@aws-sdk/client-s3").GetObjectCommandOutput>(
          new s3.GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await send(new s3.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async *list(prefix = "") {
      let ContinuationToken: string | undefined;
      do {
        const page = await send<import("@aws-sdk/client-s3").ListObjectsV2CommandOutput>(
          new s3.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createBlobStore(env: {
  DATA_DIR: string;
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}): BlobStore {
  if (!env.S3_BUCKET) return createDiskBlobStore(resolve(env.DATA_DIR, "media"));
  return createS3BlobStore({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
