import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { IdParams } from "../catalog/catalog-admin.schemas";
import { IMAGE_MAX_BYTES, readUpTo, uploadStream } from "../media/uploads";
import {
  AdminListProductsQuery,
  AdminProduct,
  AdminProductInput,
  AdminProductList,
  AdminUpdateProduct,
  CATALOG_AREA,
  ProductSettings,
  ProductSettingsBody,
  StockAdjustBody,
  StockHistory,
  StockHistoryQuery,
} from "./products.schemas";

const tags = ["Admin: products"];
const security = [{ bearer: [] }];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
} as const;

/** The most a digital product's file may weigh. */
export const DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;

const FileQuery = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Give the file's name")
    .max(120, "The file name has at most 120 characters")
    .regex(/^[^/\\\0]+$/, "The file name cannot hold slashes"),
});

/** Back-office products: thin adapters over services.products. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, productSettings } = app.services;
  const writer = async (request: Parameters<typeof requireStaff>[0]) => {
    const principal = await requireStaff(request, CATALOG_AREA, "write");
    return { id: principal.staffId, email: principal.email };
  };

  app.get(
    "/admin/products",
    {
      schema: {
        tags,
        security,
        summary: "List products (search, type, published, lowStock; sort by title, price, quantity, dates)",
        querystring: AdminListProductsQuery,
        response: { 200: AdminProductList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return products.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/products",
    {
      schema: {
        tags,
        security,
        summary: "Create a product (physical, digital or bundle), its variants and opening stock",
        body: AdminProductInput,
        response: { 201: AdminProduct, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await writer(request);
      reply.status(201);
      return products.create(request.company.id, actor, request.body);
    },
  );

  app.get(
    "/admin/products/:id",
    {
      schema: {
        tags,
        security,
        summary: "One product",
        params: IdParams,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return products.get(request.company.id, request.params.id);
    },
  );

  app.patch(
    "/admin/products/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a product; variantAttributeIds without variants regenerates the combinations",
        params: IdParams,
        body: AdminUpdateProduct,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) =>
      products.update(request.company.id, await writer(request), request.params.id, request.body),
  );

  app.delete(
    "/admin/products/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete a product that was never ordered",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await products.remove(request.company.id, await writer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/admin/products/:id/stock",
    {
      schema: {
        tags,
        security,
        summary: "Change the stock of a product or one of its variants (recorded in its stock history)",
        params: IdParams,
        body: StockAdjustBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) =>
      products.adjustStock(request.company.id, await writer(request), request.params.id, request.body),
  );

  app.get(
    "/admin/products/:id/stock-history",
    {
      schema: {
        tags,
        security,
        summary: "The product's stock movements, newest first (sales, cancels, returns, changes)",
        params: IdParams,
        querystring: StockHistoryQuery,
        response: { 200: StockHistory, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return products.stockHistory(request.company.id, request.params.id, request.query);
    },
  );

  app.get(
    "/admin/product-settings",
    {
      schema: {
        tags,
        security,
        summary: "Units, images per product, low-stock value and the child-products switch",
        response: { 200: ProductSettings, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return productSettings.read(request.company.id);
    },
  );

  app.put(
    "/admin/product-settings",
    {
      schema: {
        tags,
        security,
        summary: "Replace the product settings",
        description:
          "Changing the units, or turning child products off while there are child products, answers 409 " +
          "with the question to ask; send again with confirm: true to go ahead (child products are then unpublished).",
        body: ProductSettingsBody,
        response: { 200: ProductSettings, ...errors },
      },
    },
    async (request) => productSettings.write(request.company.id, await writer(request), request.body),
  );

  // Uploads send the file itself as the body (no multipart), read up to their limit.
  const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    uploads.post(
      "/admin/products/:id/images",
      {
        schema: {
          tags,
          security,
          summary: "Add a product image (JPEG, WebP or PNG only, at most 5 MB)",
          description: "Send the image as the body. The type is checked from the content.",
          params: IdParams,
          response: { 200: AdminProduct, 413: ErrorResponse, ...errors },
        },
      },
      async (request) => {
        const actor = await writer(request);
        const bytes = await readUpTo(uploadStream(request.body, "image"), IMAGE_MAX_BYTES, "image");
        return products.addImage(request.company.id, actor, request.params.id, bytes);
      },
    );

    uploads.post(
      "/admin/products/:id/file",
      {
        schema: {
          tags,
          security,
          summary: `Upload the file a digital product delivers (at most ${DOWNLOAD_MAX_BYTES / 1024 / 1024} MB)`,
          description: "Send the file as the body; ?name= is the name buyers download it as.",
          params: IdParams,
          querystring: FileQuery,
          response: { 200: AdminProduct, 413: ErrorResponse, ...errors },
        },
        bodyLimit: DOWNLOAD_MAX_BYTES + 1024,
      },
      async (request) => {
        const actor = await writer(request);
        const bytes = await readUpTo(uploadStream(request.body, "file"), DOWNLOAD_MAX_BYTES, "file");
        const contentType = request.headers["content-type"] ?? "application/octet-stream";
        return products.setDownload(request.company.id, actor, request.params.id, {
          bytes,
          name: request.query.name,
          contentType: /^[\w.+-]+\/[\w.+-]+$/.test(contentType) ? contentType : "application/octet-stream",
        });
      },
    );
  };
  await app.register(uploadRoutes);
};
