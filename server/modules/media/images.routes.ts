import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";

/** Uploaded pictures (staff avatars…), public and cached: their names never change. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { images } = app.services;
  app.get(
    "/media/images/:folder/:file",
    {
      config: { tenant: false },
      schema: {
        tags: ["Media"],
        summary: "An uploaded picture (WebP)",
        params: z.strictObject({ folder: z.string().max(40), file: z.string().max(60) }),
        response: { 200: z.any().describe("The image"), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const image = await images.read(request.params.folder, request.params.file);
      if (!image) throw notFound("No such image exists.", "IMAGE_NOT_FOUND");
      reply.header("content-type", "image/webp");
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("last-modified", image.modifiedAt.toUTCString());
      reply.header("content-length", String(image.size));
      return reply.send(image.body);
    },
  );
};
