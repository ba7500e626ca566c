import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminEnrolBody,
  AdminEnrolment,
  AdminEnrolmentParams,
  assertMayRecordPayment,
} from "./manual-enrolment";
import { actingStaff } from "./order-admin-records";

const security = [{ bearer: [] }];
const staffErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
} as const;
const CustomerParams = AdminEnrolmentParams.pick({ customerId: true });
const Done = z.object({ message: z.string(), orderId: z.uuid().nullable() });

/** Staff give a learner access to a course (free or paid outside the shop) and take it away. */
export const manualEnrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { manualEnrolment } = app.services;

  app.get(
    "/admin/customers/:customerId/enrolments",
    {
      schema: {
        tags: ["Customers"],
        summary: "The courses a customer has access to (staff)",
        security,
        params: CustomerParams,
        response: { 200: z.array(AdminEnrolment), ...staffErrors },
      },
    },
    async (request) => {
      await requireStaff(request, "customers", "read");
      return manualEnrolment.list(request.company.id, request.params.customerId, request.language);
    },
  );

  app.post(
    "/admin/customers/:customerId/enrolments",
    {
      schema: {
        tags: ["Customers"],
        summary: "Enrol a customer in a course (staff): free, or with a payment received outside the shop",
        description:
          "Without `payment` the learner gets access and no order is made. With `payment` (method and " +
          "reference) an order is placed for the customer, marked as paid and delivered: it enrols and " +
          "issues the invoice, as 'mark as paid' does; this needs the Orders permission too.",
        security,
        params: CustomerParams,
        body: AdminEnrolBody,
        response: { 201: Done, ...staffErrors, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, "customers", "write");
      assertMayRecordPayment(staff.permissions, request.body);
      const done = await manualEnrolment.enrol(
        request.company.id,
        actingStaff(staff),
        request.params.customerId,
        request.body,
        request.language,
      );
      return reply.status(201).send(done);
    },
  );

  app.delete(
    "/admin/customers/:customerId/enrolments/:courseId",
    {
      schema: {
        tags: ["Customers"],
        summary: "Take away a learner's access given without an order (staff)",
        description: "Access that was bought ends by cancelling or returning its order (422 here).",
        security,
        params: AdminEnrolmentParams,
        response: { 200: z.object({ message: z.string() }), ...staffErrors, 422: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "customers", "write");
      return manualEnrolment.remove(
        request.company.id,
        actingStaff(staff),
        request.params.customerId,
        request.params.courseId,
        request.language,
      );
    },
  );
};
