import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  Learner,
  LearnerList,
  LearningAs,
  Seat,
  SeatList,
  SeatParams,
  StoreAssignSeatBody,
  StoreCreateLearnerBody,
  StoreLearningAsBody,
} from "./families.schemas";

const TAG = "Family accounts and group seats";
const bearer = [{ bearer: [] }];

/** A family's learner profiles, "learning as" a child, and group seats: thin adapters over the family service. */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { families } = app.services;

  app.get(
    "/customer/learners",
    {
      schema: {
        tags: [TAG],
        summary: "The signed-in account's learner profiles (children), each with its own progress",
        security: bearer,
        response: { 200: LearnerList, 401: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return families.listLearners(
        request.company.id,
        customer.customerId,
        customer.learnerId,
        request.language,
      );
    },
  );

  app.post(
    "/customer/learners",
    {
      schema: {
        tags: [TAG],
        summary: "Add a learner profile (a child: a name and an optional year of birth)",
        security: bearer,
        body: StoreCreateLearnerBody,
        response: {
          201: Learner,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const created = await families.createLearner(request.company.id, customer.customerId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/customer/learning-as",
    {
      schema: {
        tags: [TAG],
        summary:
          "Learn as one of the account's children (course player, progress, certificates), or as oneself",
        description: "Another account's child answers 404, like one that does not exist.",
        security: bearer,
        body: StoreLearningAsBody,
        response: { 200: LearningAs, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return families.learnAs(
        request.company.id,
        customer.customerId,
        customer.sessionId,
        request.body.learnerId,
      );
    },
  );

  app.get(
    "/customer/seats",
    {
      schema: {
        tags: [TAG],
        summary: "The seats the signed-in account bought in group purchases, assigned or not",
        security: bearer,
        response: { 200: SeatList, 401: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return families.listSeats(request.company.id, customer.customerId, request.language);
    },
  );

  app.post(
    "/customer/seats/assign",
    {
      schema: {
        tags: [TAG],
        summary: "Assign a free seat of a course to a child or to a learner by email (who is enrolled)",
        description:
          "404 NO_SEATS when the account bought no seats of the course, 409 NO_FREE_SEAT when every seat " +
          "is assigned, 404 LEARNER_NOT_FOUND for a child that is not the account's own, 409 ALREADY_ENROLLED.",
        security: bearer,
        body: StoreAssignSeatBody,
        response: {
          200: Seat,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return families.assignSeat(
        request.company.id,
        { id: customer.customerId, name: customer.name },
        request.body,
        request.language,
      );
    },
  );

  app.post(
    "/customer/seats/:seatId/unassign",
    {
      schema: {
        tags: [TAG],
        summary: "Take a seat back while its learner has made no progress in the course",
        description: "409 LEARNER_STARTED once the learner has progress: the seat then stays theirs.",
        security: bearer,
        params: SeatParams,
        response: {
          200: Seat,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return families.unassignSeat(
        request.company.id,
        customer.customerId,
        request.params.seatId,
        request.language,
      );
    },
  );
};
