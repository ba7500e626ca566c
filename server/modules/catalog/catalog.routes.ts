import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { type JsonBody, sendJsonBody } from "../../lib/json-body";
import { ErrorResponse } from "../../plugins/openapi";
import { convertCourseList, convertPrices } from "../currency/convert-prices";
import type { Conversion } from "../currency/exchange";
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

/**
 * A cached answer in the shop currency goes out at once, without a promise (nearly every read): the
 * handlers are not async, so a hit makes none (decision 036). Otherwise `answer` runs with the
 * request's currency conversion.
 */
function fromMemoryOr<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: () => JsonBody | undefined,
  answer: (conversion: Conversion) => Promise<T>,
): Promise<T> | undefined {
  const known = knownRequestConversion(request);
  const json = known?.identity ? cached() : undefined;
  if (json) {
    sendJsonBody(request, reply, json);
    return undefined;
  }
  return (async () => answer(known ?? (await requestConversion(request))))();
}

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
    (request, reply) =>
      fromMemoryOr(
        request,
        reply,
        () => catalog.knownCourseListJson(request.company.id, request.query, request.language),
        async (conversion) => {
          // In the shop currency the cached, serialised answer (with its ETag) is sent as it is.
          if (conversion.identity) {
            const { id } = request.company;
            return sendJsonBody(
              request,
              reply,
              await catalog.listCoursesJson(id, request.query, request.language),
            );
          }
          const list = await catalog.listCourses(request.company.id, request.query, request.language);
          return convertCourseList(list, conversion);
        },
      ),
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
    (request, reply) =>
      fromMemoryOr(
        request,
        reply,
        () => catalog.knownCourseJson(request.company.id, request.params.id, request.language),
        async (conversion) => {
          const { id } = request.company;
          if (conversion.identity) {
            const course = await catalog.getCourseJson(id, request.params.id, request.language);
            if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
            return sendJsonBody(request, reply, course);
          }
          const course = await catalog.getCourse(id, request.params.id, request.language);
          if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
          return convertPrices(course, conversion);
        },
      ),
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
