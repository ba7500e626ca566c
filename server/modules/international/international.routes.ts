import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { IdParams } from "../content/content.schemas";
import {
  AdminListCurrenciesQuery,
  AdminListLanguagesQuery,
  Currency,
  CurrencyInput,
  CurrencyList,
  Language,
  LanguageInput,
  LanguageList,
} from "./international.schemas";

const AREA = "international" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const actor = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/** Languages and currencies (area "international"). */
export const internationalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { international } = app.services;
  const security = [{ bearer: [] }];
  const tags = ["International"];

  app.get(
    "/admin/languages",
    {
      schema: {
        tags,
        summary: "List languages",
        security,
        querystring: AdminListLanguagesQuery,
        response: { 200: LanguageList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return international.listLanguages(request.company.id, request.query);
    },
  );
  app.post(
    "/admin/languages",
    {
      schema: {
        tags,
        summary: "Add a language",
        security,
        body: LanguageInput,
        response: { 201: Language, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply
        .code(201)
        .send(await international.createLanguage(request.company.id, request.body, actor(staff)));
    },
  );
  app.put(
    "/admin/languages/:id",
    {
      schema: {
        tags,
        summary: "Change a language (English cannot be unpublished)",
        security,
        params: IdParams,
        body: LanguageInput,
        response: { 200: Language, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return international.updateLanguage(request.company.id, request.params.id, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/languages/:id",
    {
      schema: {
        tags,
        summary: "Delete a language (not English)",
        security,
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      await international.deleteLanguages(request.company.id, [request.params.id], actor(staff));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/admin/currencies",
    {
      schema: {
        tags,
        summary: "List currencies",
        security,
        querystring: AdminListCurrenciesQuery,
        response: { 200: CurrencyList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return international.listCurrencies(request.company.id, request.query);
    },
  );
  app.post(
    "/admin/currencies",
    {
      schema: {
        tags,
        summary: "Add a currency",
        security,
        body: CurrencyInput,
        response: { 201: Currency, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply
        .code(201)
        .send(await international.createCurrency(request.company.id, request.body, actor(staff)));
    },
  );
  app.put(
    "/admin/currencies/:id",
    {
      schema: {
        tags,
        summary: "Change a currency (the shop currency cannot be disabled)",
        security,
        params: IdParams,
        body: CurrencyInput,
        response: { 200: Currency, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return international.updateCurrency(request.company.id, request.params.id, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/currencies/:id",
    {
      schema: {
        tags,
        summary: "Delete a currency (not the shop currency)",
        security,
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      await international.deleteCurrencies(request.company.id, [request.params.id], actor(staff));
      return reply.code(204).send(null);
    },
  );
};
