import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { ErrorResponse } from "../../plugins/openapi";
import { requestVisitor } from "../checkout/checkout.routes";
import { viewerScope } from "../checkout/visitor";
import { requestConversion } from "../currency/request-currency";
import {
  DownloadList,
  DownloadParams,
  ProductDetail,
  ProductList,
  StoreListProductsQuery,
  StoreProductParams,
  StoreProductQuery,
} from "./store-products.schemas";

/** The shop and the buyer's downloads: thin adapters over services.storeProducts. */
export const storeProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeProducts } = app.services;

  app.get(
    "/products",
    {
      schema: {
        tags: ["Shop"],
        summary: "List published products (search, category, type, in stock; sort by price or date)",
        querystring: StoreListProductsQuery,
        response: { 200: ProductList, 400: ErrorResponse },
      },
    },
    async (request) =>
      storeProducts.list(
        request.company.id,
        request.query,
        request.language,
        await requestConversion(request),
      ),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags: ["Shop"],
        summary: "A published product by id or slug, with its variants, their prices and stock",
        params: StoreProductParams,
        querystring: StoreProductQuery,
        response: { 200: ProductDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      storeProducts.get(
        request.company.id,
        request.params.id,
        request.language,
        await requestConversion(request),
      ),
  );

  /** The buyer: the signed-in customer, or a guest session (which sees only the orders it placed). */
  const buyer = (request: Parameters<typeof requestVisitor>[0]) => {
    const scope = viewerScope(requestVisitor(request));
    if (!scope) throw unauthorized();
    return scope;
  };

  app.get(
    "/downloads",
    {
      schema: {
        tags: ["Shop"],
        summary: "The files the visitor bought, with the downloads left",
        response: { 200: DownloadList, 401: ErrorResponse },
      },
    },
    async (request) => storeProducts.downloads(request.company.id, buyer(request), request.language),
  );

  app.get(
    "/downloads/:id/file",
    {
      schema: {
        tags: ["Shop"],
        summary: "Download a bought file (each request counts against the product's download limit)",
        params: DownloadParams,
        response: {
          200: z.any(),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await storeProducts.openDownload(request.company.id, buyer(request), request.params.id);
      return reply
        .header("content-type", "application/octet-stream")
        .header("content-length", String(file.size))
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.body);
    },
  );
};
