import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ON_THE_FLY_BROTLI_WINDOW_BITS } from "./on-the-fly-compression";

export type Encoding = "br" | "gzip";

/**
 * Brotli 6 for a body compressed once and kept; its window is the small one of answers compressed
 * as they are sent (on-the-fly-compression.ts): a 6 KB list page compresses to the same bytes in
 * about 115 µs instead of 155 µs with Brotli's default 4 MiB window, which matters where the cache
 * is off or missed, when every answer is compressed anew.
 */
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 6,
  [constants.BROTLI_PARAM_LGWIN]: ON_THE_FLY_BROTLI_WINDOW_BITS,
};

const GZIP_OPTIONS = { level: 9 };

/**
 * Bodies at least this long are compressed in zlib's thread pool, not on the main thread: a course
 * sitemap of 1.2 MB takes tens of milliseconds, which would hold every other request that long. A
 * catalogue answer (a few KB) is compressed at once, without a promise.
 */
const COMPRESS_OFF_THREAD_FROM_BYTES = 64 * 1024;

const compressors = {
  br: {
    now: (body: Buffer) => brotliCompressSync(body, { params: BROTLI_PARAMS }),
    later: (body: Buffer) => promisify(brotliCompress)(body, { params: BROTLI_PARAMS }),
  },
  gzip: {
    now: (body: Buffer) => gzipSync(body, GZIP_OPTIONS),
    later: (body: Buffer) => promisify(gzip)(body, GZIP_OPTIONS),
  },
} satisfies Record<Encoding, { now: (body: Buffer) => Buffer; later: (body: Buffer) => Promise<Buffer> }>;

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * A response body made once (for a cache) with its media type and entity tag: a catalogue answer,
 * a sitemap. The body is kept as bytes, so sending it again neither serialises nor encodes
 * anything: every response writes the same Buffer. Its compressed forms are made on first demand
 * and kept with it, instead of compressing the same bytes again for every client that accepts gzip
 * or Brotli.
 */
export class KeptBody {
  readonly etag: string;
  private readonly compressed: Partial<Record<Encoding, Buffer>> = {};
  private readonly compressing: Partial<Record<Encoding, Promise<Buffer>>> = {};

  constructor(
    readonly body: Buffer,
    readonly type: string,
  ) {
    // One call (`hash`), not a Hash object fed and digested: the same tag, made on every miss.
    this.etag = `W/"${hash("sha1", body, "base64url")}"`;
  }

  /**
   * The body compressed with `encoding`, kept after the first time: the bytes themselves, or, for a
   * long body being compressed off the main thread, a promise of them that every request asking
   * meanwhile shares.
   */
  encoded(encoding: Encoding): Buffer | Promise<Buffer> {
    const kept = this.compressed[encoding];
    if (kept) return kept;
    const compressor = compressors[encoding];
    if (this.body.length < COMPRESS_OFF_THREAD_FROM_BYTES) {
      const bytes = compressor.now(this.body);
      this.compressed[encoding] = bytes;
      return bytes;
    }
    let pending = this.compressing[encoding];
    if (!pending) {
      pending = compressor.later(this.body).then(
        (bytes) => {
          this.compressed[encoding] = bytes;
          return bytes;
        },
        (error: unknown) => {
          delete this.compressing[encoding]; // the next request tries again
          throw error;
        },
      );
      this.compressing[encoding] = pending;
    }
    return pending;
  }

  /** Bytes it may hold: the body and, at most, its two compressed forms. */
  get weight(): number {
    return Math.ceil(this.body.length * 1.5);
  }
}

export function jsonBody(value: unknown): KeptBody {
  return new KeptBody(Buffer.from(JSON.stringify(value), "utf8"), JSON_TYPE);
}

/** A text body (a sitemap's XML) of the given media type, kept as UTF-8 bytes. */
export function textBody(text: string, type: string): KeptBody {
  return new KeptBody(Buffer.from(text, "utf8"), type);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === etag || candidate === bare || candidate === `W/${bare}`;
  });
}

/** Bodies this small go out as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** Brotli or gzip when the client accepts it (Brotli first at equal preference), else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = quality ? Number(quality.slice(2)) : 1;
    if (!(q > 0)) continue;
    const candidates: Encoding[] = name === "*" ? ["br"] : name === "br" || name === "gzip" ? [name] : [];
    for (const candidate of candidates) {
      if (q > bestQuality || (q === bestQuality && candidate === "br")) {
        best = candidate;
        bestQuality = q;
      }
    }
  }
  return best;
}

/** Sends a kept body with its ETag, or 304 Not Modified when the client has it already. */
export function sendKeptBody(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  reply.header("etag", kept.etag);
  reply.header("vary", "accept-encoding");
  if (matches(request.headers["if-none-match"], kept.etag)) return reply.code(304).send();
  reply.type(kept.type);
  const encoding =
    kept.body.length >= COMPRESS_FROM_BYTES
      ? preferredEncoding(request.headers["accept-encoding"])
      : undefined;
  if (!encoding) return reply.send(kept.body);
  const bytes = kept.encoded(encoding);
  if (!(bytes instanceof Promise)) return reply.header("content-encoding", encoding).send(bytes);
  return bytes.then(
    (compressed) => reply.header("content-encoding", encoding).send(compressed),
    // Compression failed (it does not, short of memory): the body as it is is still the answer.
    () => reply.send(kept.body),
  );
}
