import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A response body serialised once (for a cache) with its entity tag. The body is kept as bytes, so
 * sending it again neither serialises nor encodes anything: every response writes the same Buffer.
 */
export interface JsonBody {
  body: Buffer;
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const body = Buffer.from(JSON.stringify(value), "utf8");
  return { body, etag: `W/"${createHash("sha1").update(body).digest("base64url")}"` };
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

/** Sends a serialised JSON body with its ETag, or 304 Not Modified when the client has it already. */
export function sendJsonBody(request: FastifyRequest, reply: FastifyReply, json: JsonBody) {
  reply.header("etag", json.etag);
  if (matches(request.headers["if-none-match"], json.etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(json.body);
}
