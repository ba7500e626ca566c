import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import type { StaffPrincipal } from "../staff/staff-access";
import { AdminJob, AdminJobList, AdminListJobsQuery, JobParams } from "./jobs.schemas";

const actorOf = (principal: StaffPrincipal) => ({ id: principal.staffId, email: principal.email });

/** The back office's view of the durable job queue (`/jobs`): its permission area is "jobs". */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobsAdmin } = app.services;
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

  app.get(
    "/admin/jobs",
    {
      schema: {
        tags: ["Jobs"],
        summary: "The school's mails and charges waiting in the job queue, or failed",
        security: [{ bearer: [] }],
        querystring: AdminListJobsQuery,
        response: { 200: AdminJobList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "jobs", "read");
      return jobsAdmin.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/jobs/:jobId/retry",
    {
      schema: {
        tags: ["Jobs"],
        summary: "Try a failed job again now",
        security: [{ bearer: [] }],
        params: JobParams,
        response: { 200: AdminJob, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "jobs", "write");
      return jobsAdmin.retry(request.company.id, actorOf(staff), request.params.jobId);
    },
  );

  app.delete(
    "/admin/jobs/:jobId",
    {
      schema: {
        tags: ["Jobs"],
        summary: "Discard a waiting or failed job: it will not run",
        security: [{ bearer: [] }],
        params: JobParams,
        response: { 204: z.null(), ...errors, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "jobs", "write");
      await jobsAdmin.discard(request.company.id, actorOf(staff), request.params.jobId);
      return reply.status(204).send(null);
    },
  );
};
