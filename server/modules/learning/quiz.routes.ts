import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { requireCustomer, requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { LessonParams as AdminLessonParams, CATALOG_AREA, IdParams } from "../catalog/catalog-admin.schemas";
import { InvoiceLanguageQuery } from "../orders/invoices.schemas";
import { LessonParams } from "./learning.schemas";
import {
  AdminQuiz,
  AdminQuizInput,
  CertificateParams,
  CertificatePdf,
  CertificateVerification,
  CourseLearnerProgress,
  LearnerQuiz,
  SubmitQuizAttemptBody,
  SubmittedQuizAttempt,
} from "./quiz.schemas";

const bearer = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/** Quizzes (authoring, taking), certificates (download, public verification), staff's progress view. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learning } = app.services;

  app.get(
    "/lessons/:lessonId/quiz",
    {
      schema: {
        tags: ["Learning"],
        summary: "A quiz lesson's questions (never its answers) and the signed-in learner's attempts so far",
        security: bearer,
        params: LessonParams,
        response: { 200: LearnerQuiz, ...errors },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return learning.learnerQuiz(
        request.company.id,
        customer.learnerId,
        request.params.lessonId,
        request.language,
      );
    },
  );

  app.post(
    "/lessons/:lessonId/quiz/attempts",
    {
      schema: {
        tags: ["Learning"],
        summary: "Submit answers to a quiz: graded on the server and stored",
        description:
          "Every question needs an answer of its kind. Answers the score, pass or fail and which questions were " +
          "answered wrongly (not the right answers). A pass completes the lesson; when that completes the course, " +
          "the certificate is issued and mailed.",
        security: bearer,
        params: LessonParams,
        body: SubmitQuizAttemptBody,
        response: { 201: SubmittedQuizAttempt, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const result = await learning.submitAttempt(
        request.company.id,
        customer.learnerId,
        request.params.lessonId,
        request.body,
        request.language,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/certificates/:code",
    {
      schema: {
        tags: ["Learning"],
        summary: "Verify a certificate by its code: learner, course, date and school",
        params: CertificateParams,
        response: { 200: CertificateVerification, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => learning.verifyCertificate(request.company.id, request.params.code, request.language),
  );

  app.get(
    "/certificates/:code/pdf",
    {
      schema: {
        tags: ["Learning"],
        summary: "Download one of the signed-in learner's certificates as PDF",
        security: bearer,
        params: CertificateParams,
        querystring: InvoiceLanguageQuery,
        response: { 200: CertificatePdf, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const { filename, pdf } = await learning.certificatePdf(
        request.company.id,
        customer.customerId,
        request.params.code,
        request.language,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  // ---------------------------------------------------------------- back office
  const tags = ["Admin: courses"];

  app.get(
    "/admin/courses/:id/lessons/:lessonId/quiz",
    {
      schema: {
        tags,
        security: bearer,
        summary: "A quiz lesson's questions, answers and pass mark (404 when the lesson is not a quiz)",
        params: AdminLessonParams,
        response: { 200: AdminQuiz, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, CATALOG_AREA, "read");
      const quiz = await learning.adminQuiz(request.company.id, request.params.id, request.params.lessonId);
      if (!quiz) throw notFound("This lesson has no quiz.", "QUIZ_NOT_FOUND");
      return quiz;
    },
  );

  app.put(
    "/admin/courses/:id/lessons/:lessonId/quiz",
    {
      schema: {
        tags,
        security: bearer,
        summary: "Make a lesson a quiz, or replace its questions and pass mark",
        params: AdminLessonParams,
        body: AdminQuizInput,
        response: { 200: AdminQuiz, ...errors },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, CATALOG_AREA, "write");
      return learning.saveQuiz(
        request.company.id,
        { id: principal.staffId, email: principal.email },
        request.params.id,
        request.params.lessonId,
        request.body,
      );
    },
  );

  app.delete(
    "/admin/courses/:id/lessons/:lessonId/quiz",
    {
      schema: {
        tags,
        security: bearer,
        summary: "Make a quiz lesson an ordinary lesson again (its attempts are removed)",
        params: AdminLessonParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const principal = await requireStaff(request, CATALOG_AREA, "write");
      await learning.removeQuiz(
        request.company.id,
        { id: principal.staffId, email: principal.email },
        request.params.id,
        request.params.lessonId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/admin/courses/:id/progress",
    {
      schema: {
        tags,
        security: bearer,
        summary:
          "Each learner's progress in the course: lessons done, last activity, quiz results, certificate",
        params: IdParams,
        response: { 200: CourseLearnerProgress, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "customers", "read");
      return learning.courseLearnerProgress(request.company.id, request.params.id, request.language);
    },
  );
};
