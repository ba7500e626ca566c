import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminListTranslationsQuery,
  Translation,
  TranslationInput,
  TranslationKeyQuery,
  TranslationList,
} from "./translations.schemas";

/** The International screens' area: translations sit beside languages and currencies. */
const AREA = "international" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const actor = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/** International › Translations: a school's own wording of the interface texts. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { translations } = app.services;
  const security = [{ bearer: [] }];
  const tags = ["International"];

  app.get(
    "/admin/translations",
    {
      schema: {
        tags,
        summary: "List the interface texts of a language with the school's overrides (searchable)",
        security,
        querystring: AdminListTranslationsQuery,
        response: { 200: TranslationList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return translations.list(request.company.id, request.query);
    },
  );
  app.put(
    "/admin/translations",
    {
      schema: {
        tags,
        summary: "Save the school's text for one interface text (keeping the default's {{placeholders}})",
        security,
        body: TranslationInput,
        response: { 200: Translation, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return translations.save(request.company.id, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/translations",
    {
      schema: {
        tags,
        summary: "Reset one interface text to the default in the code",
        security,
        querystring: TranslationKeyQuery,
        response: { 200: Translation, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return translations.reset(request.company.id, request.query, actor(staff));
    },
  );
};
