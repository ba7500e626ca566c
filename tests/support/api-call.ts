import type { TestApp } from "./test-app";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A request to the test app as an API client makes it: a bearer token when given, a JSON body when
 * given, and the answer's status with its JSON body (null when the answer is not JSON) and the raw
 * response. `headers` are sent with every request (read when the request is made: e.g. the school
 * of a test's company, known only after `beforeAll`).
 */
export function apiCall(app: () => TestApp["app"], headers: () => Record<string, string> = () => ({})) {
  return async (method: Method, url: string, token?: string, payload?: unknown) => {
    const response = await app().inject({
      method,
      url,
      headers: { ...headers(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(response.headers["content-type"] ?? "").includes("json");
    return { status: response.statusCode, body: json ? response.json() : null, raw: response };
  };
}
