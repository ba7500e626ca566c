import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { withRequestLanguage } from "../lib/messages/request-language";
import { clientBuildDir, serverBuildFile } from "../lib/paths";
import type { CspAllowance } from "../modules/settings/site-widgets";
import { sendPageBody } from "../web/compressed-page";
import type { ServerLoadContext } from "../web/load-context";
import { acceptsGzip, gzipWithNonce, reusableWithNonce } from "../web/nonce-page";
import { type CachedPage, createPageCache } from "../web/page-cache";
import { type RenderedPage, renderedPage } from "../web/rendered-page";
import { toWebRequest } from "../web/web-request";

export type WebOptions = { mode: "production" } | { mode: "development"; vite: ViteDevServer };

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Carries the CSP sources a page's loaders asked for (`allowSources`) from the render to the reply,
 * through shared pages too; never sent to the client.
 */
const CSP_ALLOWANCE_HEADER = "x-csp-allowance";

/** Copies a response header to the reply, except the CSP allowance, which goes to the reply's policy. */
function copyHeader(reply: FastifyReply, name: string, value: string) {
  if (name === CSP_ALLOWANCE_HEADER) reply.cspAllowance = JSON.parse(value) as CspAllowance;
  else reply.header(name, value);
}

/** A shared page with this response's own nonce, gzipped when the client takes it. */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status);
  for (const [name, value] of page.headers) copyHeader(reply, name, value);
  reply.header("vary", "accept-encoding");
  if (acceptsGzip(request.headers["accept-encoding"])) {
    reply.header("content-encoding", "gzip");
    return reply.send(gzipWithNonce(page.body, reply.scriptNonce));
  }
  const copy = reusableWithNonce(page.body, reply.scriptNonce);
  reply.raw.once("finish", copy.sent);
  return reply.send(copy.body);
}

function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  reply.status(page.status);
  for (const [name, value] of page.headers) {
    if (name !== "set-cookie") copyHeader(reply, name, value);
  }
  const cookies = page.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // Compressed here, flushed at the end of each turn of a streamed render (compressed-page.ts).
  return page.body ? sendPageBody(request, reply, page.body) : reply.send(page.body);
}

/**
 * The React Router app: static build output, then every other path rendered on the server.
 * Loaders get the domain services and the request's company and language as their context.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // Development hands React Router a function (the code changes under it, so it asks per request); production
  // hands it the build itself, so its routes are ranked once, not on every request (8.7 % of a page render's
  // busy time; decision 013, fourth pass).
  let getBuild: ServerBuild | (() => Promise<ServerBuild>);
  if (options.mode === "development") {
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(options.vite.middlewares);
    getBuild = () => options.vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    await app.register(fastifyStatic, {
      root: clientBuildDir,
      prefix: "/",
      wildcard: false,
      index: false,
      // build.mjs wrote `.br` and `.gz` beside every text file (decision 029).
      preCompressed: true,
      setHeaders(res, served) {
        const path = served.replace(/\.(br|gz)$/, "");
        const immutable = path.includes("/assets/");
        // The service worker is checked for a new version on every visit (it is small).
        const revalidate = path.endsWith("/sw.js");
        const maxAge = immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600";
        res.header("cache-control", revalidate ? "no-cache" : maxAge);
      },
    });
    getBuild = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
  }
  const handle = createRequestHandler(getBuild, options.mode);
  // Development renders every page afresh: the code changes under it; CATALOG_CACHE=off too (the miss path).
  const pages =
    options.mode === "production" && app.config.CATALOG_CACHE === "on"
      ? createPageCache({ bus: app.services.cacheBus })
      : undefined;

  // Pages and form actions read their own bodies: hand them the raw stream. Plain form posts are
  // small and read up front.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer" },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  app.route({
    method: METHODS,
    url: "/*",
    schema: { hide: true },
    handler: (request, reply) => {
      const key = pages?.keyFor(request);
      // A fresh shared page is sent before anything for a render is made, and without a promise: the
      // handler is not async (decision 036).
      const fresh = key ? pages?.fresh(request.company.id, key) : undefined;
      if (fresh) {
        sendCachedPage(request, reply, fresh);
        return;
      }
      return renderPage(request, reply, key);
    },
  });

  /** The page rendered for this request, or shared from the cache (rendered when missing or stale). */
  async function renderPage(request: FastifyRequest, reply: FastifyReply, key: string | undefined) {
    // The school's configured address, never the request's Host: pages are shared (page cache).
    const origin = request.schoolOrigin;
    const context: ServerLoadContext = {
      services: app.services,
      company: request.company,
      language: request.language,
      cspNonce: reply.scriptNonce,
      allowSources: () => undefined,
      origin,
      customer: request.customer,
      visitorSession: request.visitorSession,
      staffSession: request.staffSession,
      sessionCookies: app.sessionCookies,
      client: { ip: request.ip, userAgent: request.headers["user-agent"] },
    };
    // A form post is checked by React Router against the address the browser reached (its Origin
    // header); the tenancy plugin only lets known hosts through, and the CSRF plugin has judged it.
    const reached = `${request.protocol}://${request.host}`;
    const requestOrigin =
      request.method !== "GET" && request.method !== "HEAD" && request.headers.origin === reached
        ? reached
        : origin;
    const render = async (background = false) => {
      let allowance: CspAllowance | undefined;
      const own = { ...context, allowSources: (sources: CspAllowance) => (allowance = sources) };
      const page = renderedPage(
        await withRequestLanguage(request.language, () =>
          handle(toWebRequest(request, background ? undefined : reply, requestOrigin), own),
        ),
      );
      if (!allowance) return page;
      // A copy: a Response's headers may be immutable (a redirect's).
      const headers = new Headers(page.headers);
      headers.set(CSP_ALLOWANCE_HEADER, JSON.stringify(allowance));
      return { ...page, headers };
    };
    if (!pages || !key) return sendRenderedPage(request, reply, await render());
    let own: RenderedPage | undefined;
    const page = await pages.get(request.company.id, key, {
      render,
      nonce: reply.scriptNonce,
      passThrough: (response) => {
        own = response;
      },
      onBackgroundError: (error) => request.log.error({ err: error }, "rendering a shared page failed"),
    });
    if (!page) return sendRenderedPage(request, reply, own ?? (await render()));
    return sendCachedPage(request, reply, page);
  }
}
