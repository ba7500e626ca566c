import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** Nonce allowing this response's own inline scripts under the Content-Security-Policy. */
    scriptNonce: string;
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

export function contentSecurityPolicy(nonce: string, options: SecurityOptions): string {
  const stripeScript = options.stripe ? " https://js.stripe.com" : "";
  const stripeConnect = options.stripe ? " https://api.stripe.com" : "";
  const directives = [
    "default-src 'self'",
    options.development
      ? `script-src 'self' 'unsafe-inline' 'unsafe-eval'${stripeScript}`
      : `script-src 'self' 'nonce-${nonce}'${stripeScript}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    options.development
      ? `connect-src 'self' ws: wss:${stripeConnect}`
      : `connect-src 'self'${stripeConnect}`,
    ...(options.stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
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

/** Security headers on every response, and a per-response nonce for the CSP. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString("base64");
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const https = options.https || (options.trustProxy === true && request.protocol === "https");
    const policy = { ...options, https };
    // Routes that set their own policy (the API docs) keep it.
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", contentSecurityPolicy(reply.scriptNonce, policy));
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
    return payload;
  });
});
