import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { AdminListAuditQuery, AuditList } from "./audit.schemas";

/** The audit area: who may read the log is whoever may read the staff area. */
export const AUDIT_AREA = "staff" as const;

/** Reading the back office's audit log. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;

  app.get(
    "/admin/audit-log",
    {
      schema: {
        tags: ["Audit log"],
        summary: "Who changed what in the back office, and when (newest first)",
        security: [{ bearer: [] }],
        querystring: AdminListAuditQuery,
        response: { 200: AuditList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, AUDIT_AREA, "read");
      return audit.list(request.company.id, request.query);
    },
  );
};
