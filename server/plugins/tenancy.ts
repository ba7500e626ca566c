import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  detectLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  type Language,
  languageToCache,
} from "~shared/language";
import { withTenant } from "../db/tenant-scope";
import { notFound } from "../lib/errors";
import type { Company } from "../modules/companies/companies.service";

export const COMPANY_HEADER = "company";
export const COMPANY_COOKIE = "company";

declare module "fastify" {
  interface FastifyRequest {
    /** The tenant this request is for: `company` header, else `company` cookie, else the default company. */
    company: Company;
    /** The language to answer in. */
    language: Language;
  }
  interface FastifyContextConfig {
    /** false for routes that serve no tenant (health checks, static files). */
    tenant?: boolean;
  }
}

function companyIdentifier(request: FastifyRequest): string | undefined {
  const header = request.headers[COMPANY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader?.trim() || request.cookies[COMPANY_COOKIE]?.trim() || undefined;
}

export const tenancyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("company", null as unknown as Company);
  app.decorateRequest("language", "en");

  const resolveTenant = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const detection = {
      query: typeof query?.lng === "string" ? query.lng : undefined,
      cookie: request.cookies[LANGUAGE_COOKIE],
      acceptLanguage: request.headers["accept-language"],
    };
    request.language = detectLanguage(detection);
    // A page opened with `?lng=` remembers it (the API answers per request and sets no cookie).
    const cache = request.url.startsWith("/api/") ? undefined : languageToCache(detection);
    if (cache) {
      reply.setCookie(LANGUAGE_COOKIE, cache, {
        path: "/",
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: "lax",
      });
    }
    if (request.routeOptions.config?.tenant === false) return;
    const identifier = companyIdentifier(request);
    const company = await app.services.companies.resolve(identifier);
    if (!company) {
      throw identifier
        ? notFound(`No company "${identifier}" exists.`, "COMPANY_NOT_FOUND")
        : notFound("No company has been set up yet.", "COMPANY_NOT_FOUND");
    }
    request.company = company;
  };

  // The rest of the request (later hooks, body parsing, which Fastify runs in the async context it
  // started from, and the handler) runs in the company's tenant scope: row-level security, see
  // server/db/tenant-scope.ts. Calling done() inside the scope is what carries it on.
  app.addHook("onRequest", (request, reply, done) => {
    resolveTenant(request, reply).then(
      () => (request.company ? withTenant(request.company.id, done) : done()),
      (error: Error) => done(error),
    );
  });
});
