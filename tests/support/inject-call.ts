import type { FastifyInstance } from "fastify";
import { bearer } from "./checkout-fixtures";

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
export type Json = any;

/**
 * A JSON call to the test app as the holder of `token` (none: a visitor): the status and the parsed
 * body (null when the answer is not JSON). `app` is read on each call, so it may be set in beforeAll.
 */
export function injectCall(app: () => FastifyInstance) {
  return async (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await app().inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: response.statusCode,
      body: (String(response.headers["content-type"] ?? "").includes("json")
        ? response.json()
        : null) as Json,
    };
  };
}
