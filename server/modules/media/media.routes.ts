import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { LessonCaptionsParams, LessonFileParams, LessonParams } from "../learning/learning.schemas";
import { assertLessonOpen } from "../learning/learning.service";
import { parseByteRange } from "./byte-range";
import type { MediaFile } from "./media-store";

const fileResponses = {
  200: z.any().describe("The whole file"),
  206: z.any().describe("The requested byte range"),
  304: z.any().describe("Not modified"),
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  416: ErrorResponse,
};

/**
 * Sends a stored file with validators (ETag, Last-Modified) and HTTP range requests. Free-preview
 * files may be cached by anyone; enrolled-only ones only by the learner's browser.
 */
async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  source: MediaFile,
  options: { freePreview: boolean; what: string; missing: string; download?: string },
) {
  reply.header("cache-control", options.freePreview ? "public, max-age=3600" : "private, max-age=3600");
  reply.header("vary", "cookie, authorization");
  const etag = `"${source.size.toString(16)}-${Math.floor(source.modifiedAt.getTime()).toString(16)}"`;
  const lastModified = source.modifiedAt.toUTCString();
  reply.header("accept-ranges", "bytes");
  reply.header("etag", etag);
  reply.header("last-modified", lastModified);
  reply.header("x-content-type-options", "nosniff");
  if (options.download) {
    const ascii = options.download.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    reply.header(
      "content-disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(options.download)}`,
    );
  }

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
      message: `The requested range cannot be served: the ${options.what} has ${source.size} bytes.`,
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
  if (!body) throw notFound(options.missing, "LESSON_FILE_NOT_FOUND");
  return reply.send(body);
}

/**
 * Lesson videos, resources and captions, streamed with HTTP range requests once the visitor may open
 * the lesson: free previews for anyone, other lessons for customers enrolled in the course, dripped
 * lessons once they have opened.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learning, media } = app.services;
  const customerOf = (request: FastifyRequest) => request.customer?.learnerId ?? null;

  app.route({
    method: ["GET", "HEAD"],
    url: "/lessons/:lessonId/video",
    compress: false,
    schema: {
      tags: ["Learning"],
      summary: "Stream a lesson's video (Range requests supported)",
      description:
        "Free-preview lessons play for anyone; other lessons only for a customer enrolled in the course, " +
        "from the day they open (drip schedule: 403 'This lesson opens on …' before). Answers 206 with " +
        "Content-Range for a byte range, 416 when the range cannot be served, and redirects to lessons " +
        "hosted elsewhere.",
      security: [{ bearer: [] }],
      params: LessonParams,
      response: { ...fileResponses, 302: z.any().describe("The lesson is hosted elsewhere") },
    },
    handler: async (request, reply) => {
      const lesson = await learning.lessonVideo(
        request.company.id,
        request.params.lessonId,
        customerOf(request),
      );
      assertLessonOpen(request.params.lessonId, lesson);
      const source = lesson!.videoUrl ? await media.locate(lesson!.videoUrl) : null;
      if (!source) throw notFound("This lesson has no video yet.", "LESSON_VIDEO_NOT_FOUND");
      if (source.kind === "external") {
        reply.header("cache-control", lesson!.freePreview ? "public, max-age=3600" : "private, max-age=3600");
        reply.header("vary", "cookie, authorization");
        return reply.redirect(source.url, 302);
      }
      return sendMediaFile(request, reply, source, {
        freePreview: lesson!.freePreview,
        what: "video",
        missing: "This lesson has no video yet.",
      });
    },
  });

  /** A resource (download) or captions file of a lesson, with the lesson's access checks. */
  const serveLessonFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    lessonId: string,
    which: { fileId: string } | { language: string },
  ) => {
    const file = await learning.lessonFile(request.company.id, lessonId, customerOf(request), which);
    const missing =
      "fileId" in which ? "This file is no longer available." : "These captions are no longer available.";
    const source = await media.locateLessonFile(file.storageKey);
    if (!source) throw notFound(missing, "LESSON_FILE_NOT_FOUND");
    return sendMediaFile(request, reply, source, {
      freePreview: file.freePreview,
      what: "fileId" in which ? "file" : "captions file",
      missing,
      ...("fileId" in which ? { download: file.name } : {}),
    });
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/lessons/:lessonId/resources/:fileId",
    compress: false,
    schema: {
      tags: ["Learning"],
      summary: "Download a lesson's resource (worksheet, image, audio)",
      description: "The same access checks as the lesson's video; sent as an attachment with its file name.",
      security: [{ bearer: [] }],
      params: LessonFileParams,
      response: fileResponses,
    },
    handler: (request, reply) =>
      serveLessonFile(request, reply, request.params.lessonId, { fileId: request.params.fileId }),
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/lessons/:lessonId/captions/:language",
    schema: {
      tags: ["Learning"],
      summary: "A lesson's captions in one language (WebVTT)",
      description: "The same access checks as the lesson's video.",
      security: [{ bearer: [] }],
      params: LessonCaptionsParams,
      response: fileResponses,
    },
    handler: (request, reply) =>
      serveLessonFile(request, reply, request.params.lessonId, { language: request.params.language }),
  });
};
