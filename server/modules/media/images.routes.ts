import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { resolveInside } from "./media-store";

const ImagePath = z.strictObject({
  "*": z.string().regex(/^[\w-]+\/[\w-]+\.webp$/, "Not an image path"),
});

/** Uploaded images (banners, course images): public, immutable (each upload gets a new name). */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.services;
  app.get(
    "/media/images/*",
    {
      config: { tenant: false },
      schema: {
        hide: true,
        params: ImagePath,
        response: { 200: z.any(), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const path = resolveInside(media.uploadRoot, `images/${request.params["*"]}`);
      const info = path ? await stat(path).catch(() => null) : null;
      if (!path || !info?.isFile()) throw notFound("No such image.", "IMAGE_NOT_FOUND");
      reply.header("content-type", "image/webp");
      reply.header("content-length", info.size);
      reply.header("cache-control", "public, max-age=31536000, immutable");
      return reply.send(createReadStream(path));
    },
  );
};
