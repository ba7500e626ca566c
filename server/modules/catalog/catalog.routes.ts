import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { sendJsonBody } from "../../lib/json-body";
import { ErrorResponse } from "../../plugins/openapi";
import { convertCourseList, convertPrices } from "../currency/convert-prices";
import { knownRequestConversion, requestConversion } from "../currency/request-currency";
import {
  AttributeList,
  CategoryList,
  CourseDetail,
  CourseList,
  StoreCourseParams,
  StoreCourseQuery,
  StoreLanguageQuery,
  StoreListCoursesQuery,
} from "./catalog.schemas";

/**
 * The same answer for every visitor: no session is looked up for these reads (a signed-in visitor's
 * cookie costs no query here; decision 036).
 */
const PUBLIC_READ = { session: false } as const;

/** Public catalogue: thin HTTP adapters over the catalog service. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;

  app.get(
    "/courses",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["Catalogue"],
        summary: "List published courses",
        querystring: StoreListCoursesQuery,
        response: { 200: CourseList, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      // From memory without a promise when it is there (nearly every read; decision 036).
      const conversion = knownRequestConversion(request) ?? (await requestConversion(request));
      // In the shop currency the cached, serialised answer (with its ETag) is sent as it is.
      if (conversion.identity) {
        const { id } = request.company;
        return sendJsonBody(
          request,
          reply,
          catalog.knownCourseListJson(id, request.query, request.language) ??
            (await catalog.listCoursesJson(id, request.query, request.language)),
        );
      }
      const list = await catalog.listCourses(request.company.id, request.query, request.language);
      return convertCourseList(list, conversion);
    },
  );

  app.get(
    "/courses/:id",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["Catalogue"],
        summary: "Get a published course by id or slug",
        params: StoreCourseParams,
        querystring: StoreCourseQuery,
        response: { 200: CourseDetail, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const conversion = knownRequestConversion(request) ?? (await requestConversion(request));
      if (conversion.identity) {
        const { id } = request.company;
        const course =
          catalog.knownCourseJson(id, request.params.id, request.language) ??
          (await catalog.getCourseJson(id, request.params.id, request.language));
        if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
        return sendJsonBody(request, reply, course);
      }
      const course = await catalog.getCourse(request.company.id, request.params.id, request.language);
      if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
      return convertPrices(course, conversion);
    },
  );

  app.get(
    "/categories",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["Catalogue"],
        summary: "List published categories",
        querystring: StoreLanguageQuery,
        response: { 200: CategoryList, 400: ErrorResponse },
      },
    },
    async (request) => catalog.listCategories(request.company.id, request.language),
  );

  app.get(
    "/attributes",
    {
      config: PUBLIC_READ,
      schema: {
        tags: ["Catalogue"],
        summary: "List published course attributes and their values (the catalogue's filters)",
        querystring: StoreLanguageQuery,
        response: { 200: AttributeList, 400: ErrorResponse },
      },
    },
    async (request) => catalog.listAttributes(request.company.id, request.language),
  );
};
