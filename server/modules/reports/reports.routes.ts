import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { AdminReportsQuery, ReportPdf, ReportPdfParams, Reports } from "./reports.schemas";

/** The back office's reports: staff who may read the dashboard may read them. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.services;

  app.get(
    "/admin/reports",
    {
      schema: {
        tags: ["Dashboard"],
        summary:
          "Sales over time, by course and product, category, payment method and channel; refunds and returns; taxes by country and rate; new and returning customers",
        security: [{ bearer: [] }],
        querystring: AdminReportsQuery,
        response: { 200: Reports, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, "dashboard", "read");
      return reports.reports(request.company.id, request.language, request.query);
    },
  );

  app.get(
    "/admin/reports/:report/pdf",
    {
      schema: {
        tags: ["Dashboard"],
        summary:
          "One report for the period as a PDF (the figures of its CSV, as the reports screen shows them)",
        security: [{ bearer: [] }],
        params: ReportPdfParams,
        querystring: AdminReportsQuery,
        description: "An A4 PDF (`application/pdf`), labelled in the request's language.",
        response: { 200: ReportPdf, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await requireStaff(request, "dashboard", "read");
      const { pdf, filename } = await reports.pdf(
        request.company.id,
        request.language,
        request.query,
        request.params.report,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
