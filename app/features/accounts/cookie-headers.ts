/** Set-Cookie values as response headers for `redirect()` / `data()` (one header per cookie). */
export function cookieHeaders(cookies: string[]): [string, string][] {
  return cookies.map((cookie) => ["set-cookie", cookie]);
}
