import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound, unauthorized } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { Message } from "../customers/customers.schemas";
import {
  PlatformAddHostname,
  PlatformCreateSchool,
  PlatformInvitation,
  PlatformInvite,
  PlatformLoginBody,
  PlatformSchool,
  PlatformSchoolList,
  PlatformSchoolParams,
  PlatformSignIn,
} from "./platform.schemas";
import type { PlatformOperator } from "./platform.service";
import { PLATFORM_SESSION_COOKIE, platformSessionCookie } from "./platform-cookie";

const TAG = "Platform";
const bearer = [{ bearer: [] }];
/** The platform's routes serve no school: no tenant scope, and no school's hostname answers them. */
const config = { tenant: false } as const;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in platform operator (platform routes only). */
    platformOperator: (PlatformOperator & { sessionId: string }) | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

function requireOperator(request: FastifyRequest) {
  if (!request.platformOperator) throw unauthorized("Please sign in as a platform operator to continue.");
  return request.platformOperator;
}

/**
 * The platform operators' API: sign-in, and the schools (list, create with the first Super Admin's
 * invitation, suspend, resume, invite another Super Admin). Answered only on a platform host (the
 * platform's own address, `PLATFORM_DOMAIN`, localhost), never on a school's hostname.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform, schoolAddresses } = app.services;
  const secureCookies = app.config.PUBLIC_URL?.startsWith("https:") ?? false;
  const cookie = (request: FastifyRequest, value: string, expires: Date) =>
    platformSessionCookie(value, expires, secureCookies || request.protocol === "https");

  app.decorateRequest("platformOperator", null);
  app.addHook("onRequest", async (request: FastifyRequest, _reply: FastifyReply) => {
    const match = await schoolAddresses.matchHost(request.host);
    if (match.kind !== "platform") throw notFound("Unknown page.", "NOT_FOUND");
    const token = bearerToken(request) ?? request.cookies[PLATFORM_SESSION_COOKIE];
    if (token) request.platformOperator = await platform.authenticate(token);
  });

  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

  app.post(
    "/platform/login",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Sign in as a platform operator",
        body: PlatformLoginBody,
        response: { 200: PlatformSignIn, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await platform.login(request.body, client(request));
      reply.header("set-cookie", cookie(request, result.token, result.expiresAt));
      return { token: result.token, expiresAt: result.expiresAt.toISOString(), operator: result.operator };
    },
  );

  app.post(
    "/platform/logout",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Sign a platform operator out",
        security: bearer,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      if (request.platformOperator) await platform.logout(request.platformOperator.sessionId);
      reply.header("set-cookie", cookie(request, "", new Date(0)));
      return { message: "You have been signed out." };
    },
  );

  app.get(
    "/platform/schools",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The schools of the platform, with their addresses and whether they are suspended",
        security: bearer,
        response: { 200: PlatformSchoolList, 401: ErrorResponse },
      },
    },
    async (request) => {
      requireOperator(request);
      return { schools: await platform.listSchools() };
    },
  );

  app.post(
    "/platform/schools",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Create a school and invite its first Super Admin by mail",
        security: bearer,
        body: PlatformCreateSchool,
        response: { 201: PlatformSchool, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const operator = requireOperator(request);
      const school = await platform.createSchool(request.body, operator, { language: request.language });
      return reply.status(201).send(school);
    },
  );

  for (const [action, suspended] of [
    ["suspend", true],
    ["resume", false],
  ] as const) {
    app.post(
      `/platform/schools/:id/${action}`,
      {
        config,
        schema: {
          tags: [TAG],
          summary: suspended
            ? "Suspend a school: its pages and API answer that it is not available"
            : "Resume a suspended school",
          security: bearer,
          params: PlatformSchoolParams,
          response: {
            200: PlatformSchool,
            400: ErrorResponse,
            401: ErrorResponse,
            404: ErrorResponse,
            422: ErrorResponse,
          },
        },
      },
      async (request) => {
        requireOperator(request);
        return platform.setSuspended(request.params.id, suspended);
      },
    );
  }

  app.post(
    "/platform/schools/:id/hostnames",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Serve the school at another hostname (a custom domain), optionally as its public address",
        security: bearer,
        params: PlatformSchoolParams,
        body: PlatformAddHostname,
        response: {
          200: PlatformSchool,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      requireOperator(request);
      return platform.addHostname(request.params.id, request.body.hostname, request.body.primary ?? false);
    },
  );

  app.post(
    "/platform/schools/:id/invitations",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Invite a Super Admin of the school by mail",
        security: bearer,
        params: PlatformSchoolParams,
        body: PlatformInvite,
        response: {
          201: PlatformInvitation,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const operator = requireOperator(request);
      const invitation = await platform.inviteSuperAdmin(request.params.id, request.body, operator, {
        language: request.language,
      });
      return reply.status(201).send(invitation);
    },
  );
};
