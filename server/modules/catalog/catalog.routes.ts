import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { convertCourseList, convertPrices } from "../currency/convert-prices";
import { requestConversion } from "../currency/request-currency";
import {
  CategoryList,
  CourseDetail,
  CourseList,
  StoreCourseParams,
  StoreCourseQuery,
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
    async (request) => {
      const [list, conversion] = await Promise.all([
        catalog.listCourses(request.company.id, request.query, request.language),
        requestConversion(request),
      ]);
      return convertCourseList(list, conversion);
    },
  );

  app.get(
    "/courses/:id",
    {
      schema: {
        tags: ["Catalogue"],
        summary: "Get a published course by id or slug",
        params: StoreCourseParams,
        querystring: StoreCourseQuery,
        response: { 200: CourseDetail, 404: ErrorResponse },
      },
    },
    async (request) => {
      const [course, conversion] = await Promise.all([
        catalog.getCourse(request.company.id, request.params.id, request.language),
        requestConversion(request),
      ]);
      if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
      return convertPrices(course, conversion);
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
