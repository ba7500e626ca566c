import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  CourseParams,
  CourseProgress,
  CourseReviewList,
  CreateCourseReviewBody,
  CreatedCourseReview,
  CustomerCourseList,
  LessonContent,
  LessonParams,
  LessonProgress,
  ListCourseReviewsQuery,
  SaveLessonProgressBody,
} from "./learning.schemas";

const bearer = [{ bearer: [] }];

/** Learners' progress, their enrolled courses and course reviews: thin adapters over the learning service. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learning } = app.services;

  app.put(
    "/lessons/:lessonId/progress",
    {
      schema: {
        tags: ["Learning"],
        summary: "Save where the signed-in learner is in a lesson of a course they are enrolled in",
        security: bearer,
        params: LessonParams,
        body: SaveLessonProgressBody,
        response: {
          200: LessonProgress,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return learning.saveProgress(
        request.company.id,
        customer.learnerId,
        request.params.lessonId,
        request.body,
        request.language,
      );
    },
  );

  app.get(
    "/lessons/:lessonId",
    {
      schema: {
        tags: ["Learning"],
        summary: "A lesson's resources and caption tracks, for a visitor who may open it",
        description:
          "The same access checks as the lesson's video: free previews for anyone, other lessons for customers " +
          "enrolled in the course, dripped lessons from the day they open (403 'This lesson opens on …').",
        security: bearer,
        params: LessonParams,
        querystring: z.strictObject({ lng: z.string().max(10).optional() }),
        response: { 200: LessonContent, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      learning.lessonContent(
        request.company.id,
        request.params.lessonId,
        request.customer?.learnerId ?? null,
        request.language,
      ),
  );

  app.post(
    "/lessons/:lessonId/complete",
    {
      schema: {
        tags: ["Learning"],
        summary: "Mark a lesson complete (the signed-in learner, enrolled, once the lesson has opened)",
        security: bearer,
        params: LessonParams,
        response: {
          200: LessonProgress,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return learning.completeLesson(
        request.company.id,
        customer.learnerId,
        request.params.lessonId,
        request.language,
      );
    },
  );

  app.get(
    "/courses/:id/progress",
    {
      schema: {
        tags: ["Learning"],
        summary: "The signed-in learner's progress in a course they are enrolled in",
        security: bearer,
        params: CourseParams,
        response: { 200: CourseProgress, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return learning.courseProgress(request.company.id, customer.learnerId, request.params.id);
    },
  );

  app.get(
    "/customer-courses",
    {
      schema: {
        tags: ["Learning"],
        summary: "The signed-in customer's enrolled courses with their progress",
        security: bearer,
        querystring: z.strictObject({ lng: z.string().max(10).optional() }),
        response: { 200: CustomerCourseList, 401: ErrorResponse },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return learning.customerCourses(request.company.id, customer.learnerId, request.language);
    },
  );

  app.get(
    "/courses/:id/reviews",
    {
      schema: {
        tags: ["Learning"],
        summary: "A published course's reviews, newest first",
        params: CourseParams,
        querystring: ListCourseReviewsQuery,
        response: { 200: CourseReviewList, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => learning.listReviews(request.company.id, request.params.id, request.query),
  );

  app.post(
    "/courses/:id/reviews",
    {
      schema: {
        tags: ["Learning"],
        summary: "Rate and review a course the signed-in learner is enrolled in (once per course)",
        security: bearer,
        params: CourseParams,
        body: CreateCourseReviewBody,
        response: {
          201: CreatedCourseReview,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const created = await learning.addReview(
        request.company.id,
        customer.customerId,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
