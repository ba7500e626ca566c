import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forbidden, notFound, unauthorized } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { LessonParams } from "../learning/learning.schemas";
import { parseByteRange } from "./byte-range";

const NOT_ENROLLED = "This lesson is for learners enrolled in the course.";
const SIGN_IN = "Please sign in to watch this lesson.";

/** Lesson videos, streamed with HTTP range requests once the visitor may watch the lesson. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learning, media } = app.services;

  app.route({
    method: ["GET", "HEAD"],
    url: "/lessons/:lessonId/video",
    compress: false,
    schema: {
      tags: ["Learning"],
      summary: "Stream a lesson's video (Range requests supported)",
      description:
        "Free-preview lessons play for anyone; other lessons only for a customer enrolled in the course. " +
        "Answers 206 with Content-Range for a byte range, 416 when the range cannot be served, and redirects " +
        "to lessons hosted elsewhere.",
      security: [{ bearer: [] }],
      params: LessonParams,
      response: {
        200: z.any().describe("The whole video"),
        206: z.any().describe("The requested byte range"),
        302: z.any().describe("The lesson is hosted elsewhere"),
        304: z.any().describe("Not modified"),
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
        416: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const lesson = await learning.lessonVideo(
        request.company.id,
        request.params.lessonId,
        request.customer?.customerId ?? null,
      );
      if (!lesson) throw notFound(`No lesson "${request.params.lessonId}" exists.`, "LESSON_NOT_FOUND");
      if (lesson.access === "sign-in") throw unauthorized(SIGN_IN);
      if (lesson.access === "enrol") throw forbidden(NOT_ENROLLED);
      const source = lesson.videoUrl ? await media.locate(lesson.videoUrl) : null;
      if (!source) throw notFound("This lesson has no video yet.", "LESSON_VIDEO_NOT_FOUND");

      // Free previews may be cached by anyone; enrolled-only videos only by the learner's browser.
      reply.header("cache-control", lesson.freePreview ? "public, max-age=3600" : "private, max-age=3600");
      reply.header("vary", "cookie, authorization");
      if (source.kind === "external") return reply.redirect(source.url, 302);

      const etag = `"${source.size.toString(16)}-${Math.floor(source.modifiedAt.getTime()).toString(16)}"`;
      const lastModified = source.modifiedAt.toUTCString();
      reply.header("accept-ranges", "bytes");
      reply.header("etag", etag);
      reply.header("last-modified", lastModified);

      const ifNoneMatch = request.headers["if-none-match"];
      if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
        return reply.status(304).send();
      }

      // If-Range: a range only applies to the representation the client already has.
      const ifRange = request.headers["if-range"];
      const rangeHeader =
        ifRange && ifRange !== etag && ifRange !== lastModified ? undefined : request.headers.range;
      const range = parseByteRange(rangeHeader, source.size);
      if (range.kind === "unsatisfiable") {
        reply.header("content-range", `bytes */${source.size}`);
        return reply.status(416).send({
          message: `The requested range cannot be served: the video has ${source.size} bytes.`,
          code: "RANGE_NOT_SATISFIABLE",
        });
      }
      reply.header("content-type", source.contentType);
      const { start, end } = range.kind === "partial" ? range : { start: 0, end: source.size - 1 };
      if (range.kind === "partial") {
        reply.status(206);
        reply.header("content-range", `bytes ${start}-${end}/${source.size}`);
      }
      reply.header("content-length", String(end - start + 1));
      if (request.method === "HEAD" || source.size === 0) return reply.send();
      const body = await source.open({ start, end });
      if (!body) throw notFound("This lesson has no video yet.", "LESSON_VIDEO_NOT_FOUND");
      return reply.send(body);
    },
  });
};
