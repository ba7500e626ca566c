import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { sendKeptBody } from "../../lib/kept-body";
import { XML_TYPE } from "./sitemap.service";

/** Crawlers may keep these answers an hour; the server keeps them until the catalogue changes. */
const cacheable = (reply: FastifyReply) => reply.header("cache-control", "public, max-age=3600");

/** robots.txt and the sitemaps, at the site's root: thin adapters over the sitemap service. */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sitemap } = app.services;
  const send = (reply: FastifyReply, type: string, body: string) =>
    cacheable(reply).header("content-type", type).send(body);

  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    send(reply, "text/plain; charset=utf-8", await sitemap.robots(request.company.id)),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    sendKeptBody(request, cacheable(reply), await sitemap.index(request.company.id)),
  );

  app.get("/sitemap-pages.xml", { schema: { hide: true } }, async (request, reply) =>
    send(reply, XML_TYPE, await sitemap.pages(request.company.id)),
  );

  app.get("/sitemap-products.xml", { schema: { hide: true } }, async (request, reply) =>
    send(reply, XML_TYPE, await sitemap.products(request.company.id)),
  );

  app.get(
    "/sitemap-courses-:file.xml",
    { schema: { hide: true, params: z.object({ file: z.coerce.number().int().min(1).max(100_000) }) } },
    async (request, reply) => {
      const body = await sitemap.courses(request.company.id, request.params.file);
      if (body === undefined) throw notFound(`No sitemap "${request.url}" exists.`, "SITEMAP_NOT_FOUND");
      return sendKeptBody(request, cacheable(reply), body);
    },
  );
};
