import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { IMAGE_MAX_BYTES, readUpTo, uploadStream } from "../media/uploads";
import {
  AdminCategory,
  AdminCategoryInput,
  AdminCategoryTree,
  AdminListCategoriesQuery,
  AdminUpdateCategory,
  CATALOG_AREA,
  IdParams,
  UploadedMedia,
} from "./catalog-admin.schemas";

const tags = ["Admin: categories"];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;
const writeErrors = { ...errors, 409: ErrorResponse } as const;

/** Back-office categories: thin adapters over services.catalogAdmin.categories. */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories } = app.services.catalogAdmin;
  const writer = async (request: Parameters<typeof requireStaff>[0]) => {
    const principal = await requireStaff(request, CATALOG_AREA, "write");
    return { id: principal.staffId, email: principal.email };
  };

  app.get(
    "/admin/categories",
    {
      schema: {
        tags,
        security,
        summary: "Every category as a tree (depth-first, with depth); search keeps the parents of matches",
        querystring: AdminListCategoriesQuery,
        response: { 200: AdminCategoryTree, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return categories.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/categories",
    {
      schema: {
        tags,
        security,
        summary: "Create a category",
        body: AdminCategoryInput,
        response: { 201: AdminCategory, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await writer(request);
      reply.status(201);
      return categories.create(request.company.id, actor, request.body);
    },
  );

  app.get(
    "/admin/categories/:id",
    {
      schema: {
        tags,
        security,
        summary: "One category",
        params: IdParams,
        response: { 200: AdminCategory, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return categories.get(request.company.id, request.params.id);
    },
  );

  app.patch(
    "/admin/categories/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a category; its parent cannot be itself or one of its sub-categories",
        params: IdParams,
        body: AdminUpdateCategory,
        response: { 200: AdminCategory, ...writeErrors },
      },
    },
    async (request) =>
      categories.update(request.company.id, await writer(request), request.params.id, request.body),
  );

  app.delete(
    "/admin/categories/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete a category; refused (409) while it has courses or sub-categories",
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await categories.remove(request.company.id, await writer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      ["image/jpeg", "image/png", "image/webp", "application/octet-stream"],
      (_request, payload, done) => done(null, payload),
    );
    uploads.post(
      "/admin/categories/:id/icon",
      {
        schema: {
          tags,
          security,
          summary: "Upload the category icon (JPEG, WebP or PNG, at most 5 MB; fitted into 256×256)",
          description: "Send the file as the body; the type is checked from the content.",
          params: IdParams,
          response: { 200: UploadedMedia, 413: ErrorResponse, 415: ErrorResponse, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await writer(request);
        const bytes = await readUpTo(uploadStream(request.body, "image"), IMAGE_MAX_BYTES, "image");
        return categories.setIcon(request.company.id, actor, request.params.id, bytes);
      },
    );
  };
  await app.register(uploadRoutes);
};
