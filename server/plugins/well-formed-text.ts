import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors";

const LONE_SURROGATE = /\p{Cs}/u;
/** A NUL character: no text of ours holds one, PostgreSQL refuses it in text, and C libraries cut at it. */
const NUL = "\u0000";

export const BROKEN_TEXT =
  "The request holds text that is not valid Unicode (a broken character): please retype it.";
export const NUL_TEXT = "The request holds a NUL character (%00), which no field accepts: please remove it.";
export const NO_HOST = "The request has no Host header: please send one.";

/**
 * What is wrong with the strings in a parsed JSON body (keys included), if anything: a lone UTF-16
 * surrogate or a NUL character. Only what JSON parsing makes is looked at: upload streams and raw
 * buffers are not. Walks with its own list, never recursion or argument spreading, so a body of
 * any shape (a list of 200,000 numbers, deep nesting) is checked without overflowing the stack.
 */
export function brokenTextIn(body: unknown): typeof BROKEN_TEXT | typeof NUL_TEXT | null {
  const pending: unknown[] = [body];
  const check = (text: string) =>
    text.includes(NUL) ? NUL_TEXT : LONE_SURROGATE.test(text) ? BROKEN_TEXT : null;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      const problem = check(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      for (const item of value)
        if (item !== null && typeof item !== "number" && typeof item !== "boolean") pending.push(item);
    } else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        const problem = check(key);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return null;
}

/**
 * Whether a page's form post (`application/x-www-form-urlencoded`, kept as bytes for React Router)
 * holds a NUL character: `%00` or a raw NUL byte in any field.
 */
export function formHasNul(body: Buffer): boolean {
  return body.includes(0) || body.includes("%00");
}

/** Health checks of load balancers may speak HTTP/1.0 without a Host header; they still get answers. */
const HOSTLESS_PATHS = /^\/(healthz|readyz)(\?|$)/;

/**
 * Text that cannot be stored, compared or linked is refused with 400 before any route sees it:
 * - JSON may spell a character that does not exist (`"\ud800"`, half of a surrogate pair), which
 *   cannot be stored (PostgreSQL refuses it in json columns), written in a cookie or mailed;
 * - a NUL character, in a JSON string, in a page's form post or anywhere in the URL (`%00` in a path
 *   segment or a query value), which PostgreSQL refuses in text;
 * - a request without a Host header (HTTP/1.0), for which no absolute address can be built.
 */
export const wellFormedTextPlugin = fp(async (app: FastifyInstance) => {
  // Callback hooks, not async ones: a request with nothing wrong goes on without a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.url.includes(NUL) || request.url.includes("%00")) return done(badRequest(NUL_TEXT));
    if (!request.headers.host && !HOSTLESS_PATHS.test(request.url)) return done(badRequest(NO_HOST));
    done();
  });
  app.addHook("preValidation", (request, _reply, done) => {
    if (Buffer.isBuffer(request.body)) {
      const form = String(request.headers["content-type"] ?? "")
        .toLowerCase()
        .startsWith("application/x-www-form-urlencoded");
      return done(form && formHasNul(request.body) ? badRequest(NUL_TEXT) : undefined);
    }
    const problem = request.body === undefined ? null : brokenTextIn(request.body);
    done(problem ? badRequest(problem) : undefined);
  });
});
