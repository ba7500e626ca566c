import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  CAPTIONS_MAX_BYTES,
  IMAGE_MAX_BYTES,
  RESOURCE_MAX_BYTES,
  readUpTo,
  uploadStream,
  VIDEO_MAX_BYTES,
} from "../media/uploads";
import {
  AdminBulkCourses,
  AdminCaptionsQuery,
  AdminCourse,
  AdminCourseInput,
  AdminCourseList,
  AdminLesson,
  AdminLessonFile,
  AdminLessonInput,
  AdminListCoursesQuery,
  AdminReorderLessons,
  AdminResourceQuery,
  AdminUpdateCourse,
  AdminUpdateLesson,
  BulkResult,
  CATALOG_AREA,
  CaptionParams,
  IdParams,
  LessonFileParams,
  LessonParams,
  UploadedMedia,
} from "./catalog-admin.schemas";

const tags = ["Admin: courses"];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;
const writeErrors = { ...errors, 409: ErrorResponse } as const;

/** Back-office courses and lessons: thin adapters over services.catalogAdmin.courses. */
export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { courses } = app.services.catalogAdmin;
  const writer = async (request: Parameters<typeof requireStaff>[0]) => {
    const principal = await requireStaff(request, CATALOG_AREA, "write");
    return { id: principal.staffId, email: principal.email };
  };

  app.get(
    "/admin/courses",
    {
      schema: {
        tags,
        security,
        summary: "List courses (search, category and published filters, sort, pages of 20)",
        querystring: AdminListCoursesQuery,
        response: { 200: AdminCourseList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return courses.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/courses",
    {
      schema: {
        tags,
        security,
        summary: "Create a course (unpublished unless `published` is true)",
        body: AdminCourseInput,
        response: { 201: AdminCourse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await writer(request);
      reply.status(201);
      return courses.create(request.company.id, actor, request.body);
    },
  );

  app.post(
    "/admin/courses/bulk",
    {
      schema: {
        tags,
        security,
        summary: "Publish, unpublish or delete several courses at once (all or nothing)",
        body: AdminBulkCourses,
        response: { 200: BulkResult, ...writeErrors },
      },
    },
    async (request) => courses.bulk(request.company.id, await writer(request), request.body),
  );

  app.get(
    "/admin/courses/:id",
    {
      schema: {
        tags,
        security,
        summary: "A course with its lessons, in every language",
        params: IdParams,
        response: { 200: AdminCourse, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return courses.get(request.company.id, request.params.id);
    },
  );

  app.patch(
    "/admin/courses/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a course (only the fields sent)",
        params: IdParams,
        body: AdminUpdateCourse,
        response: { 200: AdminCourse, ...writeErrors },
      },
    },
    async (request) =>
      courses.update(request.company.id, await writer(request), request.params.id, request.body),
  );

  app.delete(
    "/admin/courses/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete a course; refused (409) when it has orders or learners: unpublish it instead",
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await courses.remove(request.company.id, await writer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/admin/courses/:id/lessons",
    {
      schema: {
        tags,
        security,
        summary: "Add a lesson at the end of the course",
        params: IdParams,
        body: AdminLessonInput,
        response: { 201: AdminLesson, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await writer(request);
      reply.status(201);
      return courses.addLesson(request.company.id, actor, request.params.id, request.body);
    },
  );

  app.put(
    "/admin/courses/:id/lessons/order",
    {
      schema: {
        tags,
        security,
        summary: "Reorder the lessons: send every lesson id once, in the new order",
        params: IdParams,
        body: AdminReorderLessons,
        response: { 200: z.object({ lessons: z.array(AdminLesson) }), ...writeErrors },
      },
    },
    async (request) => ({
      lessons: await courses.reorderLessons(
        request.company.id,
        await writer(request),
        request.params.id,
        request.body.ids,
      ),
    }),
  );

  app.patch(
    "/admin/courses/:id/lessons/:lessonId",
    {
      schema: {
        tags,
        security,
        summary: "Change a lesson (title, duration, free preview, https video link)",
        params: LessonParams,
        body: AdminUpdateLesson,
        response: { 200: AdminLesson, ...writeErrors },
      },
    },
    async (request) =>
      courses.updateLesson(
        request.company.id,
        await writer(request),
        request.params.id,
        request.params.lessonId,
        request.body,
      ),
  );

  app.delete(
    "/admin/courses/:id/lessons/:lessonId",
    {
      schema: {
        tags,
        security,
        summary: "Delete a lesson",
        params: LessonParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await courses.removeLesson(
        request.company.id,
        await writer(request),
        request.params.id,
        request.params.lessonId,
      );
      return reply.status(204).send(null);
    },
  );

  // Uploads send the file itself as the body (no multipart): an image of at most 5 MB, held in
  // memory, or a video of at most 200 MB, streamed to disk. Both are checked by their content.
  const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    // Every upload body arrives as a stream; images are read up to their limit, videos go to disk.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      ["image/jpeg", "image/png", "image/webp", "video/webm", "video/mp4", "application/octet-stream"],
      (_request, payload, done) => done(null, payload),
    );

    uploads.post(
      "/admin/courses/:id/image",
      {
        schema: {
          tags,
          security,
          summary: "Upload the course image (JPEG, WebP or PNG, at most 5 MB; resized to 1200×675)",
          description:
            "Send the file as the request body with Content-Type image/jpeg, image/png, image/webp or " +
            "application/octet-stream. The type is checked from the content, not the name or header.",
          params: IdParams,
          response: { 200: UploadedMedia, 413: ErrorResponse, 415: ErrorResponse, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await writer(request);
        const bytes = await readUpTo(uploadStream(request.body, "image"), IMAGE_MAX_BYTES, "image");
        return courses.setImage(request.company.id, actor, request.params.id, bytes);
      },
    );

    uploads.post(
      "/admin/courses/:id/lessons/:lessonId/video",
      {
        schema: {
          tags,
          security,
          summary: `Upload a lesson video (WebM or MP4, at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB), streamed to disk`,
          description:
            "Send the file as the body with Content-Type video/webm, video/mp4 or application/octet-stream.",
          params: LessonParams,
          response: { 200: UploadedMedia, 413: ErrorResponse, 415: ErrorResponse, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await writer(request);
        return courses.setLessonVideo(
          request.company.id,
          actor,
          request.params.id,
          request.params.lessonId,
          uploadStream(request.body, "video"),
        );
      },
    );
  };
  await app.register(uploadRoutes);

  // Lesson files: the file itself is the body, whatever Content-Type the client sends; the type is
  // read from the content. Resources are read up to 25 MB, captions up to 1 MB.
  const lessonFileRoutes: FastifyPluginAsyncZod = async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    const mb = (bytes: number) => bytes / 1024 / 1024;

    files.post(
      "/admin/courses/:id/lessons/:lessonId/resources",
      {
        schema: {
          tags,
          security,
          summary: `Attach a file to a lesson (PDF, image or audio, at most ${mb(RESOURCE_MAX_BYTES)} MB)`,
          description:
            "Send the file as the request body; `name` is what learners download it as. The type is checked " +
            "from the content (PDF, PNG, JPEG, WebP, GIF, MP3, M4A, OGG, WAV, FLAC), not the name or header.",
          params: LessonParams,
          querystring: AdminResourceQuery,
          response: { 201: AdminLessonFile, 413: ErrorResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const actor = await writer(request);
        const bytes = await readUpTo(uploadStream(request.body, "file"), RESOURCE_MAX_BYTES, "file");
        const file = await courses.addLessonResource(
          request.company.id,
          actor,
          request.params.id,
          request.params.lessonId,
          { name: request.query.name, bytes },
        );
        return reply.status(201).send(file);
      },
    );

    files.put(
      "/admin/courses/:id/lessons/:lessonId/captions/:language",
      {
        schema: {
          tags,
          security,
          summary: `Add or replace a lesson's captions in one language (WebVTT, at most ${mb(CAPTIONS_MAX_BYTES)} MB)`,
          description:
            "Send the .vtt file as the request body; it must be WebVTT (UTF-8, WEBVTT header, cues).",
          params: CaptionParams,
          querystring: AdminCaptionsQuery,
          response: { 200: AdminLessonFile, 413: ErrorResponse, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await writer(request);
        const bytes = await readUpTo(
          uploadStream(request.body, "captions"),
          CAPTIONS_MAX_BYTES,
          "captions file",
        );
        return courses.setLessonCaptions(
          request.company.id,
          actor,
          request.params.id,
          request.params.lessonId,
          {
            language: request.params.language,
            label: request.query.label,
            bytes,
          },
        );
      },
    );
  };
  await app.register(lessonFileRoutes);

  app.delete(
    "/admin/courses/:id/lessons/:lessonId/resources/:fileId",
    {
      schema: {
        tags,
        security,
        summary: "Remove a file from a lesson",
        params: LessonFileParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await courses.removeLessonFile(
        request.company.id,
        await writer(request),
        request.params.id,
        request.params.lessonId,
        { fileId: request.params.fileId },
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/admin/courses/:id/lessons/:lessonId/captions/:language",
    {
      schema: {
        tags,
        security,
        summary: "Remove a lesson's captions in one language",
        params: CaptionParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await courses.removeLessonFile(
        request.company.id,
        await writer(request),
        request.params.id,
        request.params.lessonId,
        { language: request.params.language },
      );
      return reply.status(204).send(null);
    },
  );
};
