import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { StoreLanguageQuery } from "../catalog/catalog.schemas";
import { PageParams } from "./content.schemas";

export const StoreFaqList = z
  .object({
    items: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
  })
  .describe("Published questions in the request's language (`lng` or Accept-Language), English as fallback");

export const StorePage = z
  .object({
    title: z.string(),
    html: z.string().describe("Sanitised HTML"),
    updatedAt: z.string(),
  })
  .describe("A published page in the request's language, English as fallback");

/** The storefront's own content (FAQ, pages) for API clients, in the request's language. */
export const storeContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pages, faqs } = app.services;

  app.get(
    "/faqs",
    {
      schema: {
        tags: ["Content"],
        summary: "Published FAQ",
        querystring: StoreLanguageQuery,
        response: { 200: StoreFaqList, 400: ErrorResponse },
      },
    },
    async (request) => ({ items: await faqs.published(request.company.id, request.language) }),
  );

  app.get(
    "/pages/:slug",
    {
      schema: {
        tags: ["Content"],
        summary: "A published storefront page (about us, privacy policy, terms)",
        params: PageParams,
        querystring: StoreLanguageQuery,
        response: { 200: StorePage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const page = await pages.forStorefront(request.company.id, request.params.slug, request.language);
      if (!page) throw notFound(`No published page "${request.params.slug}".`, "PAGE_NOT_FOUND");
      return page;
    },
  );
};
