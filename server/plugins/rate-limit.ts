import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors";
import { memoryRateLimitStore, type RateLimitStore, redisRateLimitStore } from "../lib/rate-limit-store";

const MINUTE = 60_000;

interface Limit {
  max: number;
  windowMs: number;
}

/** One guarded action: which requests it covers, a limit per client address, and per account. */
interface Rule {
  name: "sign-in" | "sign-up" | "forgot-password" | "reset-password";
  /** "METHOD /path"; a trailing `*` matches any rest. React Router's `.data` form posts are included. */
  routes: string[];
  perIp: Limit;
  /**
   * Per account (the `email` of a JSON body). `failuresOnly`: only answers with this status count,
   * so a person who signs in correctly is never locked out by their own successes.
   */
  perAccount?: Limit & { failuresOnly?: number };
}

export const RATE_LIMIT_RULES: Rule[] = [
  {
    name: "sign-in",
    routes: ["POST /api/customer/login", "POST /api/admin/login", "POST /customer-signin", "POST /login"],
    perIp: { max: 100, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, failuresOnly: 401 },
  },
  {
    name: "sign-up",
    routes: [
      "POST /api/customer/register",
      "POST /api/admin/signup",
      "POST /customer-signup",
      "POST /signup",
    ],
    perIp: { max: 50, windowMs: 60 * MINUTE },
  },
  {
    name: "forgot-password",
    routes: [
      "PUT /api/customer/forget-password",
      "PUT /api/admin/forget-password",
      "POST /user/forgot-password",
      "POST /forgot-password",
    ],
    perIp: { max: 50, windowMs: 60 * MINUTE },
    perAccount: { max: 5, windowMs: 60 * MINUTE },
  },
  {
    name: "reset-password",
    routes: [
      "PUT /api/customer/reset-password",
      "PUT /api/admin/reset-password",
      "POST /user/reset-password/*",
      "POST /reset-password/*",
    ],
    perIp: { max: 50, windowMs: 60 * MINUTE },
  },
];

function matches(pattern: string, method: string, path: string): boolean {
  const [patternMethod, patternPath = ""] = pattern.split(" ");
  if (patternMethod !== method) return false;
  const bare = path.endsWith(".data") ? path.slice(0, -5) : path;
  if (patternPath.endsWith("*")) return bare.startsWith(patternPath.slice(0, -1));
  return bare === patternPath;
}

/** The methods any rule covers: a request with another method (every GET) is never looked up. */
const GUARDED_METHODS = new Set(
  RATE_LIMIT_RULES.flatMap((rule) => rule.routes.map((route) => route.split(" ")[0])),
);

export function ruleFor(method: string, url: string): Rule | undefined {
  if (!GUARDED_METHODS.has(method)) return undefined;
  const path = url.split("?")[0] ?? url;
  return RATE_LIMIT_RULES.find((rule) => rule.routes.some((pattern) => matches(pattern, method, path)));
}

function tooMany(reply: FastifyReply, resetAt: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  reply.header("retry-after", String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    "RATE_LIMITED",
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  );
}

/** The account an attempt is for: `email` of a JSON body (API) or of a form post (pages). */
function accountEmail(body: unknown): string | undefined {
  if (Buffer.isBuffer(body)) return new URLSearchParams(body.toString("utf8")).get("email") ?? undefined;
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    rateLimitAccountKey?: string;
  }
}

/**
 * Limits sign-in, sign-up, forgot-password and reset attempts per client address and per account,
 * for the API and the pages' form posts alike. Counters live in Redis when REDIS_URL is set (shared
 * by every instance), in this process otherwise.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { store?: RateLimitStore }) => {
  const store =
    options.store ??
    (app.config.REDIS_URL
      ? redisRateLimitStore(app.config.REDIS_URL, { log: app.log })
      : memoryRateLimitStore());
  app.addHook("onClose", async () => store.close());

  const scope = (request: FastifyRequest) => request.company?.id ?? "-";

  app.addHook("onRequest", async (request, reply) => {
    const rule = ruleFor(request.method, request.url);
    if (!rule) return;
    const hit = await store.hit(`${rule.name}:ip:${request.ip}`, rule.perIp.windowMs);
    if (hit.count > rule.perIp.max) throw tooMany(reply, hit.resetAt);
  });

  app.addHook("preValidation", async (request, reply) => {
    const rule = ruleFor(request.method, request.url);
    const limit = rule?.perAccount;
    const email = rule && limit ? accountEmail(request.body) : undefined;
    if (!rule || !limit || !email) return;
    const key = `${rule.name}:account:${scope(request)}:${email.trim().toLowerCase()}`;
    request.rateLimitAccountKey = key;
    if (limit.failuresOnly) {
      if ((await store.peek(key)) >= limit.max) throw tooMany(reply, Date.now() + limit.windowMs);
      return;
    }
    const hit = await store.hit(key, limit.windowMs);
    if (hit.count > limit.max) throw tooMany(reply, hit.resetAt);
  });

  app.addHook("onResponse", async (request, reply) => {
    const key = request.rateLimitAccountKey;
    if (!key) return;
    const limit = ruleFor(request.method, request.url)?.perAccount;
    if (limit?.failuresOnly && reply.statusCode === limit.failuresOnly) await store.hit(key, limit.windowMs);
  });
});
