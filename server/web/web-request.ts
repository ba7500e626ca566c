import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A `Request` whose `signal` is the adapter's own controller's. Given a `signal` in its init, undici's
 * `Request` follows it with a second controller, a weak reference and a finalization registry, which
 * cost more than the rest of the `Request` (about 20 of 35 µs, and garbage; decision 013, seventh pass).
 * React Router reads `request.signal` (and hands it to the requests it makes from this one).
 */
class AbortableRequest extends Request {
  readonly #signal: AbortSignal;

  constructor(url: string, init: RequestInit, signal: AbortSignal) {
    super(url, init);
    this.#signal = signal;
  }

  override get signal(): AbortSignal {
    return this.#signal;
  }
}

/**
 * The request for React Router, at `origin`; aborted when the client goes away before its answer is
 * sent, unless no `reply` waits for it (a background render of a shared page).
 */
export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  origin: string,
): Request {
  const headers = new Headers();
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value === undefined) continue;
    if (typeof value === "string") headers.append(name, value);
    else for (const item of value) headers.append(name, item);
  }
  const controller = new AbortController();
  if (reply) {
    const raw = reply.raw;
    // A reply that was sent in full has no render left to stop: no abort (and its DOMException) then.
    raw.once("close", () => {
      if (!raw.writableFinished) controller.abort();
    });
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
  if (request.method !== "GET" && request.method !== "HEAD") {
    if (Buffer.isBuffer(request.body)) init.body = new Uint8Array(request.body);
    else if (request.body) {
      init.body = Readable.toWeb(request.body as Readable) as ReadableStream;
      init.duplex = "half";
    }
  }
  return new AbortableRequest(new URL(request.url, origin).href, init, controller.signal);
}
