import fastifyCookie from "@fastify/cookie";
import type { StartedSession } from "./sessions.service";

/** HttpOnly cookie holding a customer's or guest's session token. */
export const SESSION_COOKIE = "session";
/** HttpOnly cookie holding a staff member's session token. */
export const ADMIN_SESSION_COOKIE = "admin_session";
/** Readable by the UI, never secret (spec: userInfo, guestInfo, adminInfo). */
export const USER_INFO_COOKIE = "userInfo";
export const GUEST_INFO_COOKIE = "guestInfo";
export const ADMIN_INFO_COOKIE = "adminInfo";

export interface UserInfo {
  name: string;
  email: string;
  image: string | null;
  role: "customer";
}

export interface AdminInfo {
  name: { en: string } & Record<string, string>;
  email: string;
  image: string | null;
}

export interface SessionCookieOptions {
  /** Secure cookies: the site is served over HTTPS. */
  secure: boolean;
}

/**
 * Builds the Set-Cookie values for signing in and out, used by the REST routes and by page
 * actions alike. The token cookie is HttpOnly; the info cookies only mirror what the UI shows.
 */
export function sessionCookies({ secure }: SessionCookieOptions) {
  const base = { path: "/", sameSite: "lax" as const, secure };
  const set = (name: string, value: string, expires: Date, httpOnly: boolean) =>
    fastifyCookie.serialize(name, value, { ...base, httpOnly, expires });
  const clear = (name: string, httpOnly: boolean) =>
    fastifyCookie.serialize(name, "", { ...base, httpOnly, expires: new Date(0), maxAge: 0 });

  return {
    customerSignIn(session: StartedSession, info: Omit<UserInfo, "role">): string[] {
      const userInfo: UserInfo = { ...info, role: "customer" };
      return [
        set(SESSION_COOKIE, session.token, session.expiresAt, true),
        set(USER_INFO_COOKIE, JSON.stringify(userInfo), session.expiresAt, false),
        clear(GUEST_INFO_COOKIE, false),
      ];
    },
    /** After a profile change: the readable mirror follows the new name or image. */
    customerInfo(info: Omit<UserInfo, "role">, expiresAt: Date): string[] {
      return [set(USER_INFO_COOKIE, JSON.stringify({ ...info, role: "customer" }), expiresAt, false)];
    },
    guestSignIn(session: StartedSession): string[] {
      return [
        set(SESSION_COOKIE, session.token, session.expiresAt, true),
        set(GUEST_INFO_COOKIE, JSON.stringify({ role: "guest" }), session.expiresAt, false),
        clear(USER_INFO_COOKIE, false),
      ];
    },
    /** Customer or guest sign-out. */
    signOut(): string[] {
      return [clear(SESSION_COOKIE, true), clear(USER_INFO_COOKIE, false), clear(GUEST_INFO_COOKIE, false)];
    },
    staffSignIn(session: StartedSession, info: AdminInfo): string[] {
      return [
        set(ADMIN_SESSION_COOKIE, session.token, session.expiresAt, true),
        set(ADMIN_INFO_COOKIE, JSON.stringify(info), session.expiresAt, false),
      ];
    },
    /** After a profile change: the readable mirror follows the new name or image. */
    staffInfo(info: AdminInfo, expiresAt: Date): string[] {
      return [set(ADMIN_INFO_COOKIE, JSON.stringify(info), expiresAt, false)];
    },
    staffSignOut(): string[] {
      return [clear(ADMIN_SESSION_COOKIE, true), clear(ADMIN_INFO_COOKIE, false)];
    },
  };
}

export type SessionCookies = ReturnType<typeof sessionCookies>;
