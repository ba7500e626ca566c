import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { CspAllowance } from "../modules/settings/site-widgets";

declare module "fastify" {
  interface FastifyReply {
    /** Nonce allowing this response's own inline scripts under the Content-Security-Policy. */
    scriptNonce: string;
    /** More sources this response's policy allows (a storefront page with the school's widgets). */
    cspAllowance: CspAllowance | undefined;
  }
}

export interface SecurityOptions {
  /** true behind HTTPS: adds HSTS and upgrade-insecure-requests. */
  https: boolean;
  /**
   * true when a trusted proxy terminates TLS (TRUST_PROXY): a request that came in over HTTPS
   * (X-Forwarded-Proto) gets HSTS, upgrade-insecure-requests and Secure cookies too.
   */
  trustProxy?: boolean;
  /** true in development: Vite's client needs inline scripts and a websocket. */
  development: boolean;
  /** true when Stripe takes the payments: Stripe.js and its frames load from Stripe's own hosts. */
  stripe?: boolean;
}

const HSTS = "max-age=31536000; includeSubDomains";

/** Marks every cookie of an HTTPS response Secure (session cookies and those set by pages alike). */
export function secureCookies(header: string | string[]): string[] {
  return (Array.isArray(header) ? header : [header]).map((cookie) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
  );
}

export function contentSecurityPolicy(
  nonce: string,
  options: SecurityOptions,
  allowance?: CspAllowance,
): string {
  const more = (key: keyof CspAllowance) => (allowance?.[key] ?? []).map((source) => ` ${source}`).join("");
  const stripeScript = (options.stripe ? " https://js.stripe.com" : "") + more("script");
  const stripeConnect = (options.stripe ? " https://api.stripe.com" : "") + more("connect");
  const frames = [
    ...(options.stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : []),
    ...(allowance?.frame ?? []),
  ];
  const directives = [
    "default-src 'self'",
    options.development
      ? `script-src 'self' 'unsafe-inline' 'unsafe-eval'${stripeScript}`
      : `script-src 'self' 'nonce-${nonce}'${stripeScript}`,
    `style-src 'self' 'unsafe-inline'${more("style")}`,
    `img-src 'self' data: blob:${more("img")}`,
    `font-src 'self' data:${more("font")}`,
    "media-src 'self' blob:",
    options.development
      ? `connect-src 'self' ws: wss:${stripeConnect}`
      : `connect-src 'self'${stripeConnect}`,
    ...(frames.length > 0 ? [`frame-src ${frames.join(" ")}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** 18 random bytes (144 bits): a multiple of 3, so each nonce is 24 base64 characters without padding. */
const NONCE_BYTES = 18;
const NONCE_CHARACTERS = (NONCE_BYTES / 3) * 4;
const NONCES_PER_POOL = 256;
let noncePool = "";
let nonceOffset = 0;

/**
 * A fresh random nonce (18 bytes, base64). The random bytes are drawn 256 nonces at a time, as Node
 * does for randomUUID, and encoded in one call: a response only cuts its nonce out of that text
 * (decision 036, the fourth round). Each nonce is used once.
 */
export function freshNonce(): string {
  if (nonceOffset === noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_POOL).toString("base64");
    nonceOffset = 0;
  }
  const nonce = noncePool.slice(nonceOffset, nonceOffset + NONCE_CHARACTERS);
  nonceOffset += NONCE_CHARACTERS;
  return nonce;
}

/**
 * The policy cut at its nonce, once per variant: a response only puts its own nonce between the two
 * parts (`after` is undefined for a policy without a nonce: development's).
 */
function policyTemplate(options: SecurityOptions): { before: string; after: string | undefined } {
  const marker = "\u0000nonce\u0000";
  const [before = "", after] = contentSecurityPolicy(marker, options).split(marker);
  return { before, after };
}

/**
 * Helmet's headers (X-Frame-Options, X-Content-Type-Options, Referrer-Policy, the cross-origin
 * policies…), the same for every response: helmet runs once, here, on a stand-in response, and each
 * answer only copies the list (in onRequest; in onSend for an answer refused before the security
 * plugin's turn, a 400 for a NUL in the URL). (@fastify/helmet built a new helmet middleware from its
 * options on every request, in two hooks of its own, one of them async: decision 036.)
 */
export function helmetHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Security headers on every response, and a per-response nonce for the CSP. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const fixedHeaders = helmetHeaders();
  app.decorateReply("scriptNonce", "");
  app.decorateReply("cspAllowance", undefined);
  const templates = {
    http: policyTemplate({ ...options, https: false }),
    https: policyTemplate({ ...options, https: true }),
  };
  const overHttps = (request: FastifyRequest) =>
    options.https || (options.trustProxy === true && request.protocol === "https");
  const defaultPolicy = (https: boolean, nonce: string) => {
    const template = https ? templates.https : templates.http;
    return template.after === undefined ? template.before : template.before + nonce + template.after;
  };

  // The headers go on the reply before any route runs, so a route that sets one of them (the API docs'
  // own policy) only replaces it, and the answer needs no check of each header (decision 036, change 15).
  app.addHook("onRequest", (request, reply, done) => {
    const nonce = freshNonce();
    reply.scriptNonce = nonce;
    for (const [name, value] of fixedHeaders) reply.header(name, value);
    reply.header("content-security-policy", defaultPolicy(overHttps(request), nonce));
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const https = overHttps(request);
    if (!reply.scriptNonce) {
      // Answered before this plugin's onRequest (a refusal of an earlier hook, Fastify's own errors):
      // the same headers, without replacing any the answer has.
      for (const [name, value] of fixedHeaders) if (!reply.hasHeader(name)) reply.header(name, value);
      if (!reply.hasHeader("content-security-policy"))
        reply.header("content-security-policy", defaultPolicy(https, freshNonce()));
    } else if (
      reply.cspAllowance &&
      reply.getHeader("content-security-policy") === defaultPolicy(https, reply.scriptNonce)
    ) {
      reply.header(
        "content-security-policy",
        contentSecurityPolicy(reply.scriptNonce, { ...options, https }, reply.cspAllowance),
      );
    }
    if (https) {
      reply.header("strict-transport-security", HSTS);
      const cookies = reply.getHeader("set-cookie");
      if (cookies !== undefined) {
        // Fastify appends to set-cookie: replace the list instead.
        reply.removeHeader("set-cookie");
        reply.header("set-cookie", secureCookies(cookies as string | string[]));
      }
    }
    done(null, payload);
  });
});
