import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../lib/errors";

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether any string in a parsed JSON body (keys included) holds a lone UTF-16 surrogate. Only
 * what JSON parsing makes is looked at: upload streams and raw buffers are not.
 */
export function holdsBrokenText(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * JSON may spell a character that does not exist (`"\ud800"`, half of a surrogate pair). Such text
 * cannot be stored (PostgreSQL refuses it in json columns), written in a cookie or mailed, so a
 * request that holds one is refused with 400 before any route sees it.
 */
export const wellFormedTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    if (request.body !== undefined && holdsBrokenText(request.body)) {
      throw badRequest(
        "The request holds text that is not valid Unicode (a broken character): please retype it.",
      );
    }
  });
});
