import type { Readable } from "node:stream";

/**
 * A rendered page's body as the Node.js stream it was made as, riding on React Router's `Response`.
 *
 * React writes a page into Node.js streams; a web `Response` wants a web `ReadableStream`, and the
 * Fastify adapter wanted a Node.js stream again: every page went Node → web → Node, a hop of
 * promises and stream objects per chunk (decision 013, seventh pass). `entry.server.tsx` answers
 * React Router with a `Response` without a body that carries the stream under this symbol, and the
 * adapter (`server/web/rendered-page.ts`) takes it from there. React Router hands a document's
 * `Response` back as the entry made it; a `Response` it makes itself (a HEAD request's, an error's,
 * a redirect's) has no such stream and is read as the web `Response` it is.
 *
 * `Symbol.for`: the app's server bundle and the server's bundle each have a copy of this module.
 */
const NODE_BODY = Symbol.for("course-market.response-node-body");

type WithNodeBody = Response & { [NODE_BODY]?: Readable };

/** `response` (made with a `null` body) carrying `body` as its body. */
export function withNodeBody(response: Response, body: Readable): Response {
  (response as WithNodeBody)[NODE_BODY] = body;
  return response;
}

/** The Node.js body a `Response` carries (`withNodeBody`), if any. */
export function nodeBodyOf(response: Response): Readable | undefined {
  return (response as WithNodeBody)[NODE_BODY];
}
