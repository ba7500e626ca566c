import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

export const ErrorResponse = z
  .object({
    message: z.string().describe("What went wrong, in words a person can act on"),
    code: z.string().describe("Stable machine-readable code, e.g. VALIDATION_ERROR"),
    details: z.unknown().optional(),
  })
  .meta({ id: "Error" });

/**
 * OpenAPI 3.1, generated from the zod schemas of the routes: the document at /api/openapi.json,
 * browsable docs at /api/docs. Register before the routes so that it sees them.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Course Market API",
        description:
          "Public storefront and back-office API. Send the tenant in the `company` header (id or slug); " +
          "without it the default company answers. Errors are `{ message, code, details? }`.",
        version: "1.0.0",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "A session token from a sign-in call" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Swagger UI sets inline styles on its widgets; its scripts stay restricted to its own files.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    logLevel: "warn",
  });
  app.get("/api/openapi.json", { schema: { hide: true }, config: { tenant: false } }, async () =>
    app.swagger(),
  );
});
