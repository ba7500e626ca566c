import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  CarrierParams,
  DeletedCount,
  ShippingCarrier,
  ShippingCarrierInput,
  ShippingCarrierList,
  ShippingSettings,
  ShippingSettingsInput,
  ShippingZone,
  ShippingZoneInput,
  ShippingZoneList,
  ZoneParams,
} from "./shipping.schemas";

const AREA = "international" as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const actor = (staff: { staffId: string; email: string }) => ({ id: staff.staffId, email: staff.email });

/** Shipping zones and carriers (area "international"); cash on delivery (area "settings"). */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shipping } = app.services;
  const security = [{ bearer: [] }];
  const tags = ["Shipping"];

  app.get(
    "/admin/shipping-zones",
    {
      schema: {
        tags,
        summary: "List shipping zones",
        security,
        response: { 200: ShippingZoneList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return shipping.listZones(request.company.id);
    },
  );
  app.post(
    "/admin/shipping-zones",
    {
      schema: {
        tags,
        summary: "Add a shipping zone of countries and states",
        security,
        body: ShippingZoneInput,
        response: { 201: ShippingZone, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply.code(201).send(await shipping.createZone(request.company.id, request.body, actor(staff)));
    },
  );

  app.put(
    "/admin/shipping-zones/:zoneId",
    {
      schema: {
        tags,
        summary: "Rename a shipping zone and replace its countries and states",
        security,
        params: ZoneParams,
        body: ShippingZoneInput,
        response: { 200: ShippingZone, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return shipping.updateZone(request.company.id, request.params.zoneId, request.body, actor(staff));
    },
  );
  app.delete(
    "/admin/shipping-zones/:zoneId",
    {
      schema: {
        tags,
        summary: "Delete a shipping zone (its carriers no longer ship there)",
        security,
        params: ZoneParams,
        response: { 200: DeletedCount, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return {
        deleted: await shipping.deleteZones(request.company.id, [request.params.zoneId], actor(staff)),
      };
    },
  );

  app.get(
    "/admin/shipping-carriers",
    {
      schema: {
        tags,
        summary: "List shipping carriers with their zones and cost ranges",
        security,
        response: { 200: ShippingCarrierList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, AREA, "read");
      return shipping.listCarriers(request.company.id);
    },
  );
  app.post(
    "/admin/shipping-carriers",
    {
      schema: {
        tags,
        summary: "Add a shipping carrier",
        description:
          "Cost ranges run from `min` (inclusive) to `max` (exclusive; null: no upper bound), in the shop's " +
          "weight unit (`costBasis` weight) or in cents of the goods' total in the shop currency (`order_total`). " +
          "A carrier is offered for an address in one of its zones when a range holds the parcel.",
        security,
        body: ShippingCarrierInput,
        response: { 201: ShippingCarrier, ...writeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, AREA, "write");
      return reply
        .code(201)
        .send(await shipping.createCarrier(request.company.id, request.body, actor(staff)));
    },
  );
  app.put(
    "/admin/shipping-carriers/:carrierId",
    {
      schema: {
        tags,
        summary: "Change a shipping carrier (orders already placed keep its name, cost and tracking URL)",
        security,
        params: CarrierParams,
        body: ShippingCarrierInput,
        response: { 200: ShippingCarrier, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return shipping.updateCarrier(request.company.id, request.params.carrierId, request.body, actor(staff));
    },
  );

  app.delete(
    "/admin/shipping-carriers/:carrierId",
    {
      schema: {
        tags,
        summary: "Delete a shipping carrier (placed orders keep its name and tracking link)",
        security,
        params: CarrierParams,
        response: { 200: DeletedCount, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, AREA, "write");
      return {
        deleted: await shipping.deleteCarriers(request.company.id, [request.params.carrierId], actor(staff)),
      };
    },
  );

  app.get(
    "/admin/shipping-settings",
    {
      schema: {
        tags,
        summary: "Whether physical orders may be paid in cash on delivery",
        security,
        response: { 200: ShippingSettings, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "settings", "read");
      return shipping.readSettings(request.company.id);
    },
  );
  app.put(
    "/admin/shipping-settings",
    {
      schema: {
        tags,
        summary: "Offer cash on delivery for physical orders, or not",
        security,
        body: ShippingSettingsInput,
        response: { 200: ShippingSettings, ...writeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "settings", "write");
      return shipping.writeSettings(request.company.id, request.body, actor(staff));
    },
  );
};
