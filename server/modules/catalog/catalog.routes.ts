import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { notFound } from "../../lib/errors";
import { type KeptBody, sendKeptBody } from "../../lib/kept-body";
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
 * Sends the cached answer when the currency asked for (`?currency=` of `query`, else the cookie) is
 * the shop's and the answer is in memory; whether it did. No promise is made.
 */
function sentFromMemory(
  request: FastifyRequest,
  reply: FastifyReply,
  query: unknown,
  cached: () => KeptBody | undefined,
): boolean {
  const json = knownRequestConversion(request, query)?.identity ? cached() : undefined;
  if (json) sendKeptBody(request, reply, json);
  return json !== undefined;
}

/**
 * A cached answer in the shop currency goes out at once, without a promise (nearly every read): the
 * handlers are not async, so a hit makes none (decision 036). Otherwise `answer` runs with the
 * request's currency conversion.
 */
function fromMemoryOr<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: () => KeptBody | undefined,
  answer: (conversion: Conversion) => Promise<T>,
): Promise<T> | undefined {
  if (sentFromMemory(request, reply, request.query, cached)) return undefined;
  return (async () => answer(knownRequestConversion(request) ?? (await requestConversion(request))))();
}

/** URLs kept by `CheckedUrls`: how many, how long each at most. */
const MAX_CHECKED_URLS = 1_000;
const MAX_CHECKED_URL_LENGTH = 300;

/**
 * The URLs of a route found valid before, with what validating them gave (the same URL always gives
 * the same): a cached answer's key needs the validated parameters, and validating them again was most
 * of what a hit still did (decision 036). A refused URL is never kept.
 */
class CheckedUrls<T> {
  readonly #checked = new Map<string, T>();

  get(url: string): T | undefined {
    return this.#checked.get(url);
  }

  remember(url: string, validated: T) {
    if (url.length > MAX_CHECKED_URL_LENGTH || this.#checked.has(url)) return;
    if (this.#checked.size >= MAX_CHECKED_URLS) this.#checked.clear();
    this.#checked.set(url, validated);
  }
}

/** Public catalogue: thin HTTP adapters over the catalog service. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  const checkedLists = new CheckedUrls<StoreListCoursesQuery>();
  const checkedCourses = new CheckedUrls<{ id: string; query: z.output<typeof StoreCourseQuery> }>();
  // The lists' positions are built ahead of their first visitors from the start (list-warming.ts),
  // and no pass is left running against a closed database.
  app.addHook("onReady", async () => catalog.warmLists());
  app.addHook("onClose", async () => catalog.stopWarmingLists());

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
      // A URL validated before whose answer is in memory is answered before validating it again.
      preValidation: (request, reply, done) => {
        const query = checkedLists.get(request.url);
        const sent =
          query !== undefined &&
          sentFromMemory(request, reply, query, () =>
            catalog.knownCourseListJson(request.company.id, query, request.language),
          );
        if (!sent) done();
      },
    },
    (request, reply) => {
      checkedLists.remember(request.url, request.query);
      return fromMemoryOr(
        request,
        reply,
        () => catalog.knownCourseListJson(request.company.id, request.query, request.language),
        async (conversion) => {
          // In the shop currency the cached, serialised answer (with its ETag) is sent as it is.
          if (conversion.identity) {
            const { id } = request.company;
            return sendKeptBody(
              request,
              reply,
              await catalog.listCoursesJson(id, request.query, request.language),
            );
          }
          const list = await catalog.listCourses(request.company.id, request.query, request.language);
          return convertCourseList(list, conversion);
        },
      );
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
      preValidation: (request, reply, done) => {
        const checked = checkedCourses.get(request.url);
        const sent =
          checked !== undefined &&
          sentFromMemory(request, reply, checked.query, () =>
            catalog.knownCourseJson(request.company.id, checked.id, request.language),
          );
        if (!sent) done();
      },
    },
    (request, reply) => {
      checkedCourses.remember(request.url, { id: request.params.id, query: request.query });
      return fromMemoryOr(
        request,
        reply,
        () => catalog.knownCourseJson(request.company.id, request.params.id, request.language),
        async (conversion) => {
          const { id } = request.company;
          if (conversion.identity) {
            const course = await catalog.getCourseJson(id, request.params.id, request.language);
            if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
            return sendKeptBody(request, reply, course);
          }
          const course = await catalog.getCourse(id, request.params.id, request.language);
          if (!course) throw notFound(`No course "${request.params.id}" exists.`, "COURSE_NOT_FOUND");
          return convertPrices(course, conversion);
        },
      );
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
