import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../lib/errors";
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from "../modules/auth/session-cookies";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where the site is served from: the school's public address and the address the browser reached
 * (a school's other hostnames, localhost); without a school, PUBLIC_URL, else the request's own.
 * A cross-site page cannot make its Origin equal the Host it sends the write to.
 */
function siteOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const own = `${request.protocol}://${request.host}`;
  if (request.schoolOrigin) return [request.schoolOrigin, own];
  return [publicUrl ? new URL(publicUrl).origin : own];
}

/** Whether a write arrived from another site, judged by the headers browsers always send. */
export function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.origin;
  if (origin && origin !== "null") return !siteOrigins(request, publicUrl).includes(origin);
  if (origin === "null") return true;
  return false;
}

/**
 * CSRF protection for cookie-authenticated writes: a POST/PUT/PATCH/DELETE that carries a session
 * cookie must come from this site (Origin / Sec-Fetch-Site, as browsers send them). Requests
 * authenticated by a Bearer token, and webhooks without cookies, are not affected. SameSite=Lax
 * cookies are the first wall; this is the second.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const cookies = request.cookies;
    if (!cookies[SESSION_COOKIE] && !cookies[ADMIN_SESSION_COOKIE]) return done();
    if (isCrossSite(request, app.config.PUBLIC_URL)) {
      return done(forbidden("This request came from another site and was refused."));
    }
    done();
  });
});
