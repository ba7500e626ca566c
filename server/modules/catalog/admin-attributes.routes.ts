import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminAttribute,
  AdminAttributeInput,
  AdminAttributeList,
  AdminListAttributesQuery,
  AdminUpdateAttribute,
  CATALOG_AREA,
  IdParams,
} from "./catalog-admin.schemas";

const tags = ["Admin: attributes"];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/** Back-office course attributes: thin adapters over services.catalogAdmin.attributes. */
export const adminAttributeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attributes } = app.services.catalogAdmin;
  const writer = async (request: Parameters<typeof requireStaff>[0]) => {
    const principal = await requireStaff(request, CATALOG_AREA, "write");
    return { id: principal.staffId, email: principal.email };
  };

  app.get(
    "/admin/attributes",
    {
      schema: {
        tags,
        security,
        summary: "List attributes (search, published filter, sort by title or updatedAt)",
        querystring: AdminListAttributesQuery,
        response: { 200: AdminAttributeList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return attributes.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/attributes",
    {
      schema: {
        tags,
        security,
        summary: "Create an attribute with its values",
        body: AdminAttributeInput,
        response: { 201: AdminAttribute, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await writer(request);
      reply.status(201);
      return attributes.create(request.company.id, actor, request.body);
    },
  );

  app.get(
    "/admin/attributes/:id",
    {
      schema: {
        tags,
        security,
        summary: "One attribute",
        params: IdParams,
        response: { 200: AdminAttribute, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      return attributes.get(request.company.id, request.params.id);
    },
  );

  app.patch(
    "/admin/attributes/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change an attribute; values sent without their id are new, values left out are removed",
        params: IdParams,
        body: AdminUpdateAttribute,
        response: { 200: AdminAttribute, ...errors },
      },
    },
    async (request) =>
      attributes.update(request.company.id, await writer(request), request.params.id, request.body),
  );

  app.delete(
    "/admin/attributes/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete an attribute (and its picks on courses)",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await attributes.remove(request.company.id, await writer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
