import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** Liveness and readiness probes for process supervisors and load balancers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      config: { tenant: false },
      schema: { hide: true, response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  // The benchmark's ceiling: a constant small JSON through the whole plugin stack (tenant, session,
  // security headers), so `npm run bench` can compare every route with what this machine's HTTP stack does.
  // It answers at once, without a promise, as a route answering from memory does; it runs no query, so
  // it enters no tenant scope, and its 40 bytes are never compressed (decision 036, the fifth round).
  app.get(
    "/api/health/baseline",
    {
      config: { tenantScope: false },
      compress: false,
      schema: {
        hide: true,
        response: { 200: z.object({ status: z.literal("ok"), company: z.string() }) },
      },
    },
    (request, reply) => {
      reply.send({ status: "ok" as const, company: request.company.slug });
    },
  );

  app.get(
    "/readyz",
    {
      config: { tenant: false },
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
          503: z.object({ message: z.string(), code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      if (app.draining) {
        return reply.status(503).send({ message: "This instance is shutting down.", code: "SHUTTING_DOWN" });
      }
      try {
        await app.database.ping();
        return { status: "ready" as const, database: app.database.engine };
      } catch (error) {
        request.log.warn({ err: error }, "database is not reachable");
        return reply.status(503).send({ message: "The database is not reachable.", code: "NOT_READY" });
      }
    },
  );
};
