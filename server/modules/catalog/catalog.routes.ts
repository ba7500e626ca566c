import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { sendJsonBody } from "../../lib/json-body";
import { ErrorResponse } from "../../plugins/openapi";
import {
  CategoryList,
  CourseDetail,
  CourseList,
  StoreCourseParams,
  StoreLanguageQuery,
  StoreListCoursesQuery,
} from "./catalog.schemas";

/** Public catalogue: thin HTTP adapters over the catalog service. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;

  app.get(
    "/courses",
    {
      schema: {
        tags: ["Catalogue"],
        summary: "List published courses",
        querystring: StoreListCoursesQuery,
        response: { 200: CourseList, 400: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendJsonBody(
        request,
        reply,
        await catalog.listCoursesJson(request.company.id, request.query, request.language),
      ),
  );

  app.get(
    "/courses/:id",
    {
      schema: {
        tags: ["Catalogue"],
        summary: "Get a published course by id or slug",
        params: StoreCourseParams,
        querystring: StoreLanguageQuery,
        response: { 200: CourseDetail, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const course = await catalog.getCourseJson(request.company.id, request.params.id, request.language);
      if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
      return sendJsonBody(request, reply, course);
    },
  );

  app.get(
    "/categories",
    {
      schema: {
        tags: ["Catalogue"],
        summary: "List published categories",
        querystring: StoreLanguageQuery,
        response: { 200: CategoryList, 400: ErrorResponse },
      },
    },
    async (request) => catalog.listCategories(request.company.id, request.language),
  );
};
