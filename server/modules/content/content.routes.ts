import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminListFaqsQuery,
  EmailEventParams,
  EmailPreview,
  EmailPreviewInput,
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateList,
  Faq,
  FaqInput,
  FaqList,
  FaqMove,
  IdParams,
  Page,
  PageInput,
  PageList,
  PageParams,
} from "./content.schemas";

const AREA = "content" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const actor = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/** Storefront pages, FAQs and email templates of the back office (area "content"). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pages, faqs, emailTemplates } = app.services;
  const security = [{ bearer: [] }];

  app.get(
    "/admin/pages",
    {
      schema: {
        tags: ["Content"],
        summary: "The editable storefront pages",
        security,
        response: { 200: PageList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return { items: await pages.list(request.company.id) };
    },
  );
  app.get(
    "/admin/pages/:slug",
    {
      schema: {
        tags: ["Content"],
        summary: "One storefront page",
        security,
        params: PageParams,
        response: { 200: Page, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return pages.get(request.company.id, request.params.slug);
    },
  );
  app.put(
    "/admin/pages/:slug",
    {
      schema: {
        tags: ["Content"],
        summary: "Save a storefront page (the HTML body is sanitised with a strict allow-list)",
        security,
        params: PageParams,
        body: PageInput,
        response: { 200: Page, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return pages.save(request.company.id, request.params.slug, request.body, actor(staff));
    },
  );

  app.get(
    "/admin/faqs",
    {
      schema: {
        tags: ["Content"],
        summary: "List FAQs",
        security,
        querystring: AdminListFaqsQuery,
        response: { 200: FaqList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return faqs.list(request.company.id, request.query);
    },
  );
  app.post(
    "/admin/faqs",
    {
      schema: {
        tags: ["Content"],
        summary: "Add an FAQ (last in order)",
        security,
        body: FaqInput,
        response: { 201: Faq, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply.code(201).send(await faqs.create(request.company.id, request.body, actor(staff)));
    },
  );
  app.get(
    "/admin/faqs/:id",
    {
      schema: {
        tags: ["Content"],
        summary: "One FAQ",
        security,
        params: IdParams,
        response: { 200: Faq, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return faqs.get(request.company.id, request.params.id);
    },
  );
  app.put(
    "/admin/faqs/:id",
    {
      schema: {
        tags: ["Content"],
        summary: "Change an FAQ",
        security,
        params: IdParams,
        body: FaqInput,
        response: { 200: Faq, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return faqs.update(request.company.id, request.params.id, request.body, actor(staff));
    },
  );
  app.post(
    "/admin/faqs/:id/move",
    {
      schema: {
        tags: ["Content"],
        summary: "Move an FAQ one place up or down",
        security,
        params: IdParams,
        body: FaqMove,
        response: { 200: Faq, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return faqs.move(request.company.id, request.params.id, request.body.direction, actor(staff));
    },
  );
  app.delete(
    "/admin/faqs/:id",
    {
      schema: {
        tags: ["Content"],
        summary: "Delete an FAQ",
        security,
        params: IdParams,
        response: { 204: z.null(), 404: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      await faqs.remove(request.company.id, [request.params.id], actor(staff));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/admin/email-templates",
    {
      schema: {
        tags: ["Content"],
        summary: "Mail templates per event",
        security,
        response: { 200: EmailTemplateList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return { items: await emailTemplates.list(request.company.id) };
    },
  );
  app.get(
    "/admin/email-templates/:event",
    {
      schema: {
        tags: ["Content"],
        summary: "One event's mail template",
        security,
        params: EmailEventParams,
        response: { 200: EmailTemplate, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return emailTemplates.get(request.company.id, request.params.event);
    },
  );
  app.put(
    "/admin/email-templates/:event",
    {
      schema: {
        tags: ["Content"],
        summary: "Save an event's subject and body per language",
        description: "Only the event's {{placeholders}} are accepted; unknown ones are a 400.",
        security,
        params: EmailEventParams,
        body: EmailTemplateInput,
        response: { 200: EmailTemplate, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return emailTemplates.save(request.company.id, request.params.event, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/email-templates/:event",
    {
      schema: {
        tags: ["Content"],
        summary: "Go back to the built-in text",
        security,
        params: EmailEventParams,
        response: { 200: EmailTemplate, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return emailTemplates.reset(request.company.id, request.params.event, actor(staff));
    },
  );
  app.post(
    "/admin/email-templates/:event/preview",
    {
      schema: {
        tags: ["Content"],
        summary: "Render a subject and body with the event's sample data",
        security,
        params: EmailEventParams,
        body: EmailPreviewInput,
        response: { 200: EmailPreview, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return emailTemplates.preview(request.params.event, request.body);
    },
  );
};
