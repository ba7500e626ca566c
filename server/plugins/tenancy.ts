import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  detectLanguage,
  isSupportedLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  type Language,
  languageToCache,
} from "~shared/language";
import { withTenant } from "../db/tenant-scope";
import { notFound } from "../lib/errors";
import { localizeMessage } from "../lib/messages/localize";
import type { Company } from "../modules/companies/companies.service";

export const COMPANY_HEADER = "company";
export const COMPANY_COOKIE = "company";

const UNKNOWN_HOST = { title: "School not found", text: "No school is served at this address." };
const SUSPENDED = { title: "School not available", text: "This school is not available at the moment." };

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The tenant this request is for: the school whose hostname the `Host` is, else the `company`
     * header, else the `company` cookie, else the default company.
     */
    company: Company;
    /** The company's public address (scheme, host, port): the base of every absolute link. */
    schoolOrigin: string;
    /** The language to answer in. */
    language: Language;
  }
  interface FastifyContextConfig {
    /** false for routes that serve no tenant (health checks, static files). */
    tenant?: boolean;
    /**
     * false for a route that is for a school (its company is resolved, unknown and suspended hosts
     * are refused) but runs no query: no tenant scope is entered for it, which on Node.js 20 saves its
     * AsyncLocalStorage entry (decision 036). A query it ran anyway would run as the table owner, so
     * only routes that answer from the request alone say it (the benchmark's constant route).
     */
    tenantScope?: boolean;
  }
}

function companyIdentifier(request: FastifyRequest): string | undefined {
  const header = request.headers[COMPANY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader?.trim() || request.cookies[COMPANY_COOKIE]?.trim() || undefined;
}

/**
 * The page a browser gets on a host that is no school of this platform, or of a suspended school
 * (never another school's content).
 */
function sendNoSchoolPage(
  request: FastifyRequest,
  reply: FastifyReply,
  wording: { title: string; text: string } = UNKNOWN_HOST,
) {
  const title = localizeMessage(wording.title, request.language);
  const text = localizeMessage(wording.text, request.language);
  const html = `<!doctype html><html lang="${request.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem;color:#1f2937;background:#fff}@media (prefers-color-scheme:dark){body{color:#f3f4f6;background:#111827}}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  return reply.status(404).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

export const tenancyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("company", null as unknown as Company);
  app.decorateRequest("language", "en");
  app.decorateRequest("schoolOrigin", "");

  const isPage = (request: FastifyRequest) => !request.url.startsWith("/api/");

  /** The request's language, and the cookie remembering a page's `?lng=`; what it was detected from. */
  const detectRequestLanguage = (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const detection = {
      query: typeof query?.lng === "string" ? query.lng : undefined,
      cookie: request.cookies[LANGUAGE_COOKIE],
      acceptLanguage: request.headers["accept-language"],
    };
    request.language = detectLanguage(detection);
    // A page opened with `?lng=` remembers it (the API answers per request and sets no cookie).
    const cache = isPage(request) ? languageToCache(detection) : undefined;
    if (cache) {
      reply.setCookie(LANGUAGE_COOKIE, cache, {
        path: "/",
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: "lax",
      });
    }
    return detection;
  };

  /** False when the request has been answered here (an unknown host's page). */
  const resolveTenant = async (
    request: FastifyRequest,
    reply: FastifyReply,
    detection: ReturnType<typeof detectRequestLanguage>,
  ): Promise<boolean> => {
    const identifier = companyIdentifier(request);
    const school = await app.services.schoolAddresses.resolve(request.host, identifier);
    if ("unknownHost" in school) {
      if (!request.url.startsWith("/api/")) {
        sendNoSchoolPage(request, reply);
        return false;
      }
      throw notFound(UNKNOWN_HOST.text, "UNKNOWN_HOST");
    }
    if ("suspended" in school) {
      if (!request.url.startsWith("/api/")) {
        sendNoSchoolPage(request, reply, SUSPENDED);
        return false;
      }
      throw notFound(SUSPENDED.text, "SCHOOL_SUSPENDED");
    }
    if ("unknownCompany" in school) {
      throw school.unknownCompany
        ? notFound(`No company "${school.unknownCompany}" exists.`, "COMPANY_NOT_FOUND")
        : notFound("No company has been set up yet.", "COMPANY_NOT_FOUND");
    }
    request.company = school.company;
    request.schoolOrigin = school.origin;
    await applySchoolLanguage(request, detection);
    return true;
  };

  /** Undefined when done at once (the settings in memory, or nothing to do), else the promise of it. */
  const applySchoolLanguage = (
    request: FastifyRequest,
    detection: ReturnType<typeof detectRequestLanguage>,
  ): Promise<void> | undefined => {
    // A page for a visitor who chose no language (no `?lng=`, no cookie) is in the school's default
    // language when staff set one, before the browser's. The API keeps the client's Accept-Language.
    if (!isPage(request) || isSupportedLanguage(detection.query) || isSupportedLanguage(detection.cookie))
      return undefined;
    const { settings } = app.services;
    const known = settings.knownVisitorLanguage(request.company.id);
    if (known !== undefined) {
      if (known) request.language = known;
      return undefined;
    }
    return settings.storeInfo(request.company.id).then(({ visitorLanguage }) => {
      if (visitorLanguage) request.language = visitorLanguage;
    });
  };

  /** Goes on in the company's tenant scope, unless the route runs no query (`tenantScope: false`). */
  const enterScope = (request: FastifyRequest, scoped: boolean, done: () => void) => {
    if (!request.company || !scoped) return done();
    withTenant(request.company.id, done);
  };

  // The rest of the request (later hooks, body parsing, which Fastify runs in the async context it
  // started from, and the handler) runs in the company's tenant scope: row-level security, see
  // server/db/tenant-scope.ts. Calling done() inside the scope is what carries it on.
  app.addHook("onRequest", (request, reply, done) => {
    const detection = detectRequestLanguage(request, reply);
    // One read of the route's options (Fastify builds the object anew on every read).
    const config = request.routeOptions.config;
    if (config?.tenant === false) return done();
    const scoped = config?.tenantScope !== false;
    // The school from memory (nearly every request): an API request goes on without a promise.
    const known = app.services.schoolAddresses.resolveKnown(request.host, companyIdentifier(request));
    if (known) {
      request.company = known.company;
      request.schoolOrigin = known.origin;
      // A page whose school's settings are in memory goes on without a promise too.
      const language = applySchoolLanguage(request, detection);
      if (!language) return enterScope(request, scoped, done);
      language.then(
        () => enterScope(request, scoped, done),
        (error: Error) => done(error),
      );
      return;
    }
    resolveTenant(request, reply, detection).then(
      (goOn) => {
        if (goOn) enterScope(request, scoped, done);
      },
      (error: Error) => done(error),
    );
  });
});
