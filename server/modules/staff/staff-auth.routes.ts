import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { SignInBody } from "../auth/sign-in";
import { StaffMe, StaffSignIn } from "./staff-auth.schemas";
import { adminInfoOf, profileOf } from "./staff-auth.service";

const TAG = "Staff account";
const bearer = [{ bearer: [] }];

/** Staff sign-in, sign-out and the signed-in staff member. */
export const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAuth, staffAccess } = app.services;
  const cookies = app.sessionCookies;

  app.post(
    "/admin/login",
    {
      schema: {
        tags: [TAG],
        summary: "Staff sign-in; starts a new session every time and sets the admin cookies",
        body: SignInBody,
        response: { 200: StaffSignIn, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await staffAuth.login(request.company.id, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      if (request.staffSession) await staffAuth.logout(request.staffSession.id);
      reply.header("set-cookie", cookies.staffSignIn(result.session, adminInfoOf(result.staff)));
      return {
        token: result.session.token,
        expiresAt: result.session.expiresAt.toISOString(),
        staff: result.staff,
      };
    },
  );

  app.post(
    "/admin/logout",
    {
      schema: {
        tags: [TAG],
        summary: "Staff sign-out: ends the session and clears the admin cookies",
        security: bearer,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      if (request.staffSession) await staffAuth.logout(request.staffSession.id);
      reply.header("set-cookie", cookies.staffSignOut());
      return { message: "You have been signed out." };
    },
  );

  app.get(
    "/admin/me",
    {
      schema: {
        tags: [TAG],
        summary: "The signed-in staff member, their role and permissions",
        security: bearer,
        response: { 200: StaffMe, 401: ErrorResponse },
      },
    },
    async (request) => {
      const principal = request.staffSession ? await staffAccess.principalFor(request.staffSession) : null;
      if (!principal) throw unauthorized("Please sign in as staff to continue.");
      return { staff: profileOf(principal) };
    },
  );
};
