import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Area } from "~shared/permissions";
import { forbidden, unauthorized } from "../lib/errors";
import {
  ADMIN_SESSION_COOKIE,
  SESSION_COOKIE,
  type SessionCookies,
  sessionCookies,
} from "../modules/auth/session-cookies";
import type { ActiveSession, CustomerPrincipal } from "../modules/auth/sessions.service";
import { allows, type StaffPrincipal } from "../modules/staff/staff-access";

declare module "fastify" {
  interface FastifyInstance {
    /** Set-Cookie builders for sign-in and sign-out, Secure when the site runs on HTTPS. */
    sessionCookies: SessionCookies;
  }
  interface FastifyRequest {
    /** The customer or guest session of this request (cookie `session` or a Bearer token). */
    visitorSession: ActiveSession | null;
    /** The signed-in customer, when the visitor session belongs to one. */
    customer: CustomerPrincipal | null;
    /** The staff session (cookie `admin_session` or a Bearer staff token). */
    staffSession: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /**
     * false for routes whose answer is the same for every visitor (the public catalogue reads): no
     * session is looked up, request.customer and the sessions stay null.
     */
    session?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the request's sessions after the tenant is known. Only requests that carry a token
 * touch the database, and only on routes that may read a session (`config.session` is not false).
 * A session of another company counts as no session.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    "sessionCookies",
    sessionCookies({ secure: app.config.PUBLIC_URL?.startsWith("https:") ?? false }),
  );
  app.decorateRequest("visitorSession", null);
  app.decorateRequest("customer", null);
  app.decorateRequest("staffSession", null);

  const resolveSessions = async (request: FastifyRequest, tokens: (string | undefined)[]) => {
    const { sessions } = app.services;
    const companyId = request.company.id;
    for (const token of tokens) {
      if (!token) continue;
      const session = await sessions.resolve(token);
      if (!session || session.companyId !== companyId) continue;
      if (session.realm === "staff") request.staffSession ??= session;
      else if (!request.visitorSession) {
        request.visitorSession = session;
        request.customer = await sessions.customerFor(session);
      }
    }
  };

  // A request without a token (every anonymous catalogue read) goes on at once, without a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (config?.tenant === false || config?.session === false) return done();
    const tokens = [
      bearerToken(request),
      request.cookies[SESSION_COOKIE],
      request.cookies[ADMIN_SESSION_COOKIE],
    ];
    if (!tokens.some(Boolean)) return done();
    resolveSessions(request, tokens).then(() => done(), done);
  });
});

/** The signed-in customer, or 401. */
export function requireCustomer(request: FastifyRequest): CustomerPrincipal {
  if (!request.customer) throw unauthorized();
  return request.customer;
}

/**
 * The signed-in staff member when their role grants `level` on `area`: 401 without a staff
 * session, 403 when the role does not allow it. Every admin route calls this.
 */
export async function requireStaff(
  request: FastifyRequest,
  area: Area,
  level: "read" | "write",
): Promise<StaffPrincipal> {
  const session = request.staffSession;
  const principal = session ? await request.server.services.staffAccess.principalFor(session) : null;
  if (!principal) throw unauthorized("Please sign in as staff to continue.");
  if (!allows(principal.permissions, area, level)) throw forbidden();
  return principal;
}
