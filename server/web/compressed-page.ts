import { pipeline, type Readable } from "node:stream";
import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Encoding, preferredEncoding } from "../lib/kept-body";
import { onTheFlyBrotliOptions } from "../lib/on-the-fly-compression";

/**
 * A rendered page compressed as it streams, for a client that accepts Brotli or gzip.
 *
 * `@fastify/compress` compressed pages through one `zlib` stream per answer and never flushed it:
 * a page that ends in the turn it was written in (nearly all of them) is one write and the end, but
 * a page whose render streams a Suspense boundary later (an `<Await>`) had its shell held in the
 * compressor (Brotli emits nothing for a 30 KB shell until it is flushed or ended) until the
 * deferred data came. Here the compressor is flushed at the end of each event-loop turn in which
 * the page went on but did not end, so the shell reaches the browser before the deferred data, and
 * a page that ends in its first turn is compressed exactly as before (decision 013, ninth pass).
 */
export function compressedPage(
  body: Readable,
  encoding: Encoding,
  onError: (error: Error) => void,
): BrotliCompress | Gzip {
  const compressor = encoding === "br" ? createBrotliCompress(onTheFlyBrotliOptions) : createGzip();
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let ended = false;
  let scheduled = false;
  const flushIfOpen = () => {
    scheduled = false;
    if (!ended && !compressor.destroyed) compressor.flush(flushKind);
  };
  body.on("data", () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flushIfOpen);
  });
  body.once("end", () => {
    ended = true;
  });
  pipeline(body, compressor, (error) => {
    // A client that goes away mid-page is not an error of the server's.
    if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") onError(error);
  });
  return compressor;
}

/**
 * Sends `body` (an HTML page) compressed by `compressedPage` when the client accepts Brotli or gzip
 * (`preferredEncoding`, as the kept answers negotiate), with `Vary: Accept-Encoding`; otherwise
 * as it is, for `@fastify/compress` to decide (other encodings, `x-no-compression`).
 */
export function sendPageBody(request: FastifyRequest, reply: FastifyReply, body: Readable) {
  const type = reply.getHeader("content-type");
  const encoding =
    typeof type === "string" &&
    type.startsWith("text/html") &&
    !reply.hasHeader("content-encoding") &&
    request.headers["x-no-compression"] === undefined
      ? preferredEncoding(request.headers["accept-encoding"])
      : undefined;
  if (!encoding) return reply.send(body);
  const vary = reply.getHeader("vary");
  const varies = typeof vary === "string" && vary.toLowerCase().includes("accept-encoding");
  if (!varies) reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  reply.removeHeader("content-length");
  reply.header("content-encoding", encoding);
  return reply.send(
    compressedPage(body, encoding, (error) => request.log.error({ err: error }, "compressing a page failed")),
  );
}
