import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { FORGOT_PASSWORD_ANSWER } from "../auth/password-reset";
import {
  ChangePasswordBody,
  Message,
  ProfileBody,
  StaffForgotPasswordBody,
  StaffResetPasswordBody,
  StaffSignupBody,
} from "./staff.schemas";
import { StaffSignIn } from "./staff-auth.schemas";
import { adminInfoOf } from "./staff-auth.service";
import { ONBOARDING_MESSAGES } from "./staff-onboarding.service";

const TAG = "Staff account";
const security = [{ bearer: [] }];

/** Staff sign-up (invitation or open sign-up), forgotten password, reset, own profile and password. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffOnboarding, staffAccount, staffAccess } = app.services;
  const cookies = app.sessionCookies;

  const signedInStaff = async (request: Parameters<typeof staffAccess.principalFor>[0] | null) => {
    const principal = request ? await staffAccess.principalFor(request) : null;
    if (!principal) throw unauthorized("Please sign in as staff to continue.");
    return principal;
  };

  app.post(
    "/admin/signup",
    {
      schema: {
        tags: [TAG],
        summary: "Create a staff account with an invitation (signed in at once) or when sign-up is open",
        description:
          "With `invitation` the account gets the invited role and a session (201 with token). Without it, " +
          "only when the staffSignup settings are open: the account waits inactive for an admin (202).",
        body: StaffSignupBody,
        response: {
          201: StaffSignIn,
          202: Message,
          400: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await staffOnboarding.signup(request.company.id, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      if (!result.signedIn) {
        return reply.status(202).send({ message: ONBOARDING_MESSAGES.pendingActivation });
      }
      const { session, staff } = result.signedIn;
      reply.header("set-cookie", cookies.staffSignIn(session, adminInfoOf(staff)));
      return reply
        .status(201)
        .send({ token: session.token, expiresAt: session.expiresAt.toISOString(), staff });
    },
  );

  app.put(
    "/admin/forget-password",
    {
      schema: {
        tags: [TAG],
        summary: "Mail a staff password reset link (same answer whether or not the email is known)",
        body: StaffForgotPasswordBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await staffAccount.requestPasswordReset(request.company.id, request.body.email, {
        origin: request.schoolOrigin,
        language: request.language,
        client: { ip: request.ip },
      });
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.put(
    "/admin/reset-password",
    {
      schema: {
        tags: [TAG],
        summary: "Set a new staff password with a reset link's token; ends every session",
        body: StaffResetPasswordBody,
        response: { 200: Message, 400: ErrorResponse },
      },
    },
    async (request) => {
      await staffAccount.resetPassword(request.company.id, request.body, { ip: request.ip });
      return { message: "Your password has been successfully changed" };
    },
  );

  app.put(
    "/admin/profile",
    {
      schema: {
        tags: [TAG],
        summary: "Change the signed-in staff member's name and image address; updates the adminInfo cookie",
        security,
        body: ProfileBody,
        response: {
          200: z.object({
            name: z.record(z.string(), z.string()),
            email: z.string(),
            image: z.string().nullable(),
          }),
          400: ErrorResponse,
          401: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const principal = await signedInStaff(request.staffSession);
      const profile = await staffAccount.updateProfile(request.company.id, principal, request.body);
      reply.header("set-cookie", cookies.staffInfo(adminInfoOf(profile), request.staffSession!.expiresAt));
      return profile;
    },
  );

  app.put(
    "/admin/change-password",
    {
      schema: {
        tags: [TAG],
        summary: "Change the signed-in staff member's password; their other sessions end",
        security,
        body: ChangePasswordBody,
        response: { 200: Message, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await signedInStaff(request.staffSession);
      await staffAccount.changePassword(request.company.id, principal, request.body);
      return { message: "Your password has been changed." };
    },
  );
};
