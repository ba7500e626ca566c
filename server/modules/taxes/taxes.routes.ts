import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { IdParams } from "../content/content.schemas";
import {
  AdminListCountriesQuery,
  AdminListTaxesQuery,
  Country,
  CountryList,
  CountryParams,
  CountryUpdate,
  State,
  StateInput,
  StateList,
  StateParams,
  StoreCountryList,
  Tax,
  TaxesDeleted,
  TaxInput,
  TaxList,
  TaxSettings,
  TaxSettingsInput,
  TaxUpdate,
  TaxZone,
  TaxZoneInput,
  TaxZoneList,
  TaxZoneParams,
} from "./taxes.schemas";

const AREA = "international" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const actor = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/** Countries, states, tax zones and taxes (area "international"); the tax settings (area "settings"). */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { taxes } = app.services;
  const security = [{ bearer: [] }];
  const tags = ["Taxes"];

  app.get(
    "/countries",
    {
      schema: {
        tags,
        summary: "The countries checkout sells to (for the buyer's country)",
        response: { 200: StoreCountryList },
      },
    },
    async (request) => taxes.storeCountries(request.company.id),
  );

  app.get(
    "/admin/countries",
    {
      schema: {
        tags,
        summary: "List countries",
        security,
        querystring: AdminListCountriesQuery,
        response: { 200: CountryList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return taxes.listCountries(request.company.id, request.query);
    },
  );
  app.patch(
    "/admin/countries/:countryId",
    {
      schema: {
        tags,
        summary: "Enable or disable a country",
        security,
        params: CountryParams,
        body: CountryUpdate,
        response: { 200: Country, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return taxes.setCountryEnabled(
        request.company.id,
        request.params.countryId,
        request.body.enabled,
        actor(staff),
      );
    },
  );
  app.get(
    "/admin/countries/:countryId/states",
    {
      schema: {
        tags,
        summary: "List a country's states",
        security,
        params: CountryParams,
        response: { 200: StateList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return taxes.listStates(request.company.id, request.params.countryId);
    },
  );
  app.post(
    "/admin/countries/:countryId/states",
    {
      schema: {
        tags,
        summary: "Add a state to a country",
        security,
        params: CountryParams,
        body: StateInput,
        response: { 201: State, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply
        .code(201)
        .send(
          await taxes.createState(request.company.id, request.params.countryId, request.body, actor(staff)),
        );
    },
  );

  app.put(
    "/admin/states/:stateId",
    {
      schema: {
        tags,
        summary: "Change a state's name, code or enabled flag",
        security,
        params: StateParams,
        body: StateInput,
        response: { 200: State, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return taxes.updateState(request.company.id, request.params.stateId, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/states/:stateId",
    {
      schema: {
        tags,
        summary: "Delete a state (tax and shipping zones no longer hold it)",
        security,
        params: StateParams,
        response: { 200: TaxesDeleted, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return {
        deleted: await taxes.deleteStates(request.company.id, [request.params.stateId], actor(staff)),
      };
    },
  );

  app.get(
    "/admin/tax-zones",
    {
      schema: { tags, summary: "List tax zones", security, response: { 200: TaxZoneList, ...errors } },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return taxes.listZones(request.company.id);
    },
  );
  app.post(
    "/admin/tax-zones",
    {
      schema: {
        tags,
        summary: "Add a tax zone of countries and states",
        security,
        body: TaxZoneInput,
        response: { 201: TaxZone, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply.code(201).send(await taxes.createZone(request.company.id, request.body, actor(staff)));
    },
  );

  app.put(
    "/admin/tax-zones/:zoneId",
    {
      schema: {
        tags,
        summary: "Rename a tax zone and replace its countries and states",
        security,
        params: TaxZoneParams,
        body: TaxZoneInput,
        response: { 200: TaxZone, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return taxes.updateZone(request.company.id, request.params.zoneId, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/tax-zones/:zoneId",
    {
      schema: {
        tags,
        summary: "Delete a tax zone with its taxes (placed orders keep theirs)",
        security,
        params: TaxZoneParams,
        response: { 200: TaxesDeleted, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return {
        deleted: await taxes.deleteZones(request.company.id, [request.params.zoneId], actor(staff)),
      };
    },
  );

  app.get(
    "/admin/taxes",
    {
      schema: {
        tags,
        summary: "List taxes",
        security,
        querystring: AdminListTaxesQuery,
        response: { 200: TaxList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return taxes.listTaxes(request.company.id, request.query);
    },
  );
  app.post(
    "/admin/taxes",
    {
      schema: {
        tags,
        summary: "Add a tax to a zone (one per tax class)",
        security,
        body: TaxInput,
        response: { 201: Tax, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply.code(201).send(await taxes.createTax(request.company.id, request.body, actor(staff)));
    },
  );
  app.put(
    "/admin/taxes/:id",
    {
      schema: {
        tags,
        summary: "Change a tax's name and rate (orders already placed keep theirs)",
        security,
        params: IdParams,
        body: TaxUpdate,
        response: { 200: Tax, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return taxes.updateTax(request.company.id, request.params.id, request.body, actor(staff));
    },
  );

  app.delete(
    "/admin/taxes/:id",
    {
      schema: {
        tags,
        summary: "Delete a tax (placed orders keep their rates)",
        security,
        params: IdParams,
        response: { 200: TaxesDeleted, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return { deleted: await taxes.deleteTaxes(request.company.id, [request.params.id], actor(staff)) };
    },
  );

  app.get(
    "/admin/tax-settings",
    {
      schema: {
        tags,
        summary: "The school's VAT country and whether prices include tax",
        security,
        response: { 200: TaxSettings, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "settings", "read");
      return taxes.readSettings(request.company.id);
    },
  );
  app.put(
    "/admin/tax-settings",
    {
      schema: {
        tags,
        summary: "Change the school's VAT country and whether prices include tax",
        security,
        body: TaxSettingsInput,
        response: { 200: TaxSettings, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "settings", "write");
      return taxes.writeSettings(request.company.id, request.body, actor(staff));
    },
  );
};
