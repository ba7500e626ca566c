import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflate = promisify(deflateRaw);

/**
 * A rendered page kept cut at the CSP nonce it was rendered with, so that every response gets its
 * own nonce without touching the rest of the page: as UTF-8 bytes, and as pre-compressed gzip.
 *
 * The gzip body is one deflate stream made of independently compressed pieces: each piece of the
 * page is deflated on its own and ends on a byte boundary (sync flush), and the nonce goes between
 * two pieces as a stored (uncompressed) block. No piece refers back into another, so any nonce of
 * any length fits in between; only the CRC-32 of the whole page is computed per response.
 */
export interface NoncePage {
  /** The page's UTF-8 bytes between the nonce positions. */
  parts: Buffer[];
  /** Each part deflated on its own, ending byte-aligned (no final block). */
  deflated: Buffer[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block with the final bit: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** Longest content of one stored block. */
const STORED_MAX = 0xffff;

/** Cuts `html` at `nonce` (compressing off the main thread, in zlib's thread pool). */
export async function splitAtNonce(html: string, nonce: string): Promise<NoncePage> {
  const parts = html.split(nonce).map((part) => Buffer.from(part, "utf8"));
  const deflated = await Promise.all(
    parts.map((part) => deflate(part, { finishFlush: constants.Z_SYNC_FLUSH })),
  );
  return { parts, deflated };
}

/** The page with `nonce` where it was cut. */
export function withNonce(page: NoncePage, nonce: string): Buffer {
  const value = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(value);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** Bytes of page copies kept for reuse (in use or free) at most: a bound on the memory they take. */
const MAX_COPY_BYTES = 32 * 1024 * 1024;
let copyBytes = 0;
/** Free copies of each page, ready for the next response; dropped with the page. */
const freeCopies = new WeakMap<NoncePage, Buffer[]>();
/** A copy the collector took (a page dropped from the cache, an aborted response) frees its bytes. */
const collected = new FinalizationRegistry<number>((bytes) => {
  copyBytes -= bytes;
});

/**
 * `withNonce` in a copy of the page that comes back for the next response: copying a whole page for
 * every response (100 KB and more) was the largest cost of serving a cached page (decision 036), and
 * the nonce is all that changes. Call `sent` once the response is written (its `finish`): only then
 * is the copy free to take another nonce. A copy that never comes back is simply collected.
 */
export function reusableWithNonce(page: NoncePage, nonce: string): { body: Buffer; sent: () => void } {
  const nonceLength = Buffer.byteLength(nonce, "utf8");
  let body = freeCopies.get(page)?.pop();
  if (body && body.length === pageLength(page, nonceLength)) {
    let offset = 0;
    page.parts.forEach((part, index) => {
      if (index > 0) offset += body?.write(nonce, offset, "utf8") ?? 0;
      offset += part.length;
    });
  } else {
    body = withNonce(page, nonce);
    if (copyBytes + body.length > MAX_COPY_BYTES) return { body, sent: () => {} };
    copyBytes += body.length;
    collected.register(body, body.length);
  }
  const copy = body;
  return {
    body: copy,
    sent: () => {
      const free = freeCopies.get(page);
      if (free) free.push(copy);
      else freeCopies.set(page, [copy]);
    },
  };
}

function pageLength(page: NoncePage, nonceLength: number): number {
  let length = nonceLength * (page.parts.length - 1);
  for (const part of page.parts) length += part.length;
  return length;
}

/** Stored (uncompressed, byte-aligned) deflate blocks holding `bytes`. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += STORED_MAX) {
    const chunk = bytes.subarray(start, start + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // not final, stored
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The page with `nonce` where it was cut, gzip-encoded (RFC 1952). */
export function gzipWithNonce(page: NoncePage, nonce: string): Buffer {
  const value = Buffer.from(nonce, "utf8");
  const nonceBlocks = storedBlocks(value);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(...nonceBlocks);
      crc = crc32(value, crc);
      size += value.length;
    }
    pieces.push(page.deflated[index] as Buffer);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  for (const item of value.split(",")) {
    const [coding, ...params] = item.trim().toLowerCase().split(";");
    if (coding?.trim() !== "gzip" && coding?.trim() !== "x-gzip") continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
