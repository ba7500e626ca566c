import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../lib/errors";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  CloseDrawerBody,
  DrawerListQuery,
  DrawerMovementBody,
  DrawerSessionDetail,
  DrawerSessionList,
  DrawerSessionParams,
  OpenDrawerBody,
} from "./pos-drawer.schemas";

/** Cash drawers are the counter's: the point of sale's permission area. */
const AREA = "pos" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const security = [{ bearer: [] }];

/** Cash drawer sessions and their Z-reports. */
export const drawerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { drawers } = app.services;
  const tags = ["Cash drawer"];
  const staffOf = async (request: Parameters<typeof requireStaff>[0], level: "read" | "write") => {
    if (!request.staffSession && request.customer) throw forbidden();
    const staff = await requireStaff(request, AREA, level);
    return { id: staff.staffId, email: staff.email };
  };

  app.get(
    "/admin/pos/drawer-sessions",
    {
      schema: {
        tags,
        summary: "List cash drawer sessions (open ones first)",
        security,
        querystring: DrawerListQuery,
        response: { 200: DrawerSessionList, ...errors },
      },
    },
    async (request) => {
      await staffOf(request, "read");
      return drawers.list(request.company.id, request.query);
    },
  );
  app.post(
    "/admin/pos/drawer-sessions",
    {
      schema: {
        tags,
        summary: "Open a drawer session on a register with an opening float (one open session per register)",
        security,
        body: OpenDrawerBody,
        response: { 201: DrawerSessionDetail, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await staffOf(request, "write");
      return reply.code(201).send(await drawers.open(request.company.id, request.body, staff));
    },
  );
  app.get(
    "/admin/pos/drawer-sessions/:id",
    {
      schema: {
        tags,
        summary: "A drawer session with its cash movements and Z-report",
        security,
        params: DrawerSessionParams,
        response: { 200: DrawerSessionDetail, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await staffOf(request, "read");
      return drawers.get(request.company.id, request.params.id);
    },
  );
  app.post(
    "/admin/pos/drawer-sessions/:id/movements",
    {
      schema: {
        tags,
        summary: "Record cash put into or taken out of an open drawer, with the reason",
        security,
        params: DrawerSessionParams,
        body: DrawerMovementBody,
        response: { 200: DrawerSessionDetail, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await staffOf(request, "write");
      return drawers.move(request.company.id, request.params.id, request.body, staff);
    },
  );
  app.post(
    "/admin/pos/drawer-sessions/:id/close",
    {
      schema: {
        tags,
        summary: "Close a drawer session with the cash counted: expected and difference are kept",
        security,
        params: DrawerSessionParams,
        body: CloseDrawerBody,
        response: { 200: DrawerSessionDetail, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await staffOf(request, "write");
      return drawers.close(request.company.id, request.params.id, request.body, staff);
    },
  );
};
