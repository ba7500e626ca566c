import fastifyCookie from "@fastify/cookie";

/** HttpOnly cookie holding a platform operator's session token (a realm apart from every school's). */
export const PLATFORM_SESSION_COOKIE = "platform_session";

/** The Set-Cookie value of an operator's session (an empty value and a past date sign out). */
export function platformSessionCookie(value: string, expires: Date, secure: boolean): string {
  return fastifyCookie.serialize(PLATFORM_SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure,
    expires,
  });
}

/** The operator's token in a Cookie header, if any. */
export function platformTokenIn(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return fastifyCookie.parse(cookieHeader)[PLATFORM_SESSION_COOKIE] || undefined;
}
