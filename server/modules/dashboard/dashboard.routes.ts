import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { DashboardFigures } from "./dashboard.schemas";

/** The back office's dashboard figures. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services;

  app.get(
    "/admin/dashboard",
    {
      schema: {
        tags: ["Dashboard"],
        summary: "Sales, order counts, weekly sales, best sellers, payment split and recent orders",
        security: [{ bearer: [] }],
        response: { 200: DashboardFigures, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, "dashboard", "read");
      return dashboard.figures(request.company.id, request.language);
    },
  );
};
