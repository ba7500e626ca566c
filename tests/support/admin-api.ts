import { E2E_ADMIN } from "./e2e-server";

// biome-ignore lint/suspicious/noExplicitAny: e2e tests read JSON answers loosely
type Json = any;

/**
 * One sign-in per server, kept: signing in on every call (a test polling the API) spent the
 * server's sign-in attempt limits for 127.0.0.1, and every later sign-in of the run got 429.
 */
const tokens = new Map<string, Promise<string>>();

function tokenFor(baseUrl: string): Promise<string> {
  let token = tokens.get(baseUrl);
  if (!token) {
    token = (async () => {
      const login = await fetch(`${baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(E2E_ADMIN),
      });
      if (!login.ok) throw new Error(`POST /api/admin/login: ${login.status} ${await login.text()}`);
      return ((await login.json()) as { token: string }).token;
    })();
    tokens.set(baseUrl, token);
    token.catch(() => tokens.delete(baseUrl));
  }
  return token;
}

/** A call to the admin API of the e2e server at `baseUrl` as the e2e administrator (bearer token). */
export async function adminApi(baseUrl: string, path: string, method = "GET", body?: unknown): Promise<Json> {
  const call = async () =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenFor(baseUrl)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let response = await call();
  if (response.status === 401) {
    // The session ended (a test signed the administrator out everywhere): sign in again, once.
    tokens.delete(baseUrl);
    response = await call();
  }
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
