import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { imageBelongsTo } from "./image-owner";
import { IMAGE_URL_PREFIX } from "./image-store";

/** Uploaded pictures (course covers, category icons) of the request's school, cached: their names never change. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { images } = app.services;
  app.get(
    "/media/images/:folder/:file",
    {
      schema: {
        tags: ["Media"],
        summary: "An uploaded picture (WebP)",
        params: z.strictObject({ folder: z.string().max(40), file: z.string().max(60) }),
        response: { 200: z.any().describe("The image"), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      // Another school's picture (even of an unpublished course) is not there for this one.
      const own = await imageBelongsTo(
        app.database.db,
        request.company.id,
        `${IMAGE_URL_PREFIX}${folder}/${file}`,
      );
      const image = own ? await images.read(folder, file) : null;
      if (!image) throw notFound("No such image exists.", "IMAGE_NOT_FOUND");
      reply.header("content-type", "image/webp");
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("last-modified", image.modifiedAt.toUTCString());
      reply.header("content-length", String(image.size));
      return reply.send(image.body);
    },
  );
};
