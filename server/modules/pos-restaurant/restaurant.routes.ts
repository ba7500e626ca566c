import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { posCashier, posDevice } from "../pos/pos-device";
import {
  KitchenTicket,
  ParkBody,
  ParkedOrder,
  ParkedParams,
  ParkedSummary,
  PosTable,
  PosTableBody,
  TableParams,
  TableWithOrder,
} from "./restaurant.schemas";

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;
const tags = ["Point of sale"];

/**
 * The restaurant view of the point of sale: tables (set in POS Setting), parked orders (hold and
 * resume on any device), the kitchen ticket. A parked order is paid through `POST /pos/sales` with
 * its `parkedOrderId`.
 */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pos, restaurant } = app.services;

  const device = posDevice;
  /** Parking needs the cashier identified on the device (the parked list shows who parked it). */
  const cashierOf = async (request: Parameters<typeof requireStaff>[0]) =>
    (await posCashier(request, pos)).cashier;

  const settingsActor = async (request: Parameters<typeof requireStaff>[0]) => {
    const staff = await requireStaff(request, "settings", "write");
    return { id: staff.staffId, email: staff.email };
  };

  app.get(
    "/admin/pos-tables",
    {
      schema: {
        tags: ["Settings"],
        summary: "The restaurant tables (POS Setting)",
        security,
        response: { 200: z.array(PosTable), ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "settings", "read");
      return restaurant.listTables(request.company.id);
    },
  );

  app.post(
    "/admin/pos-tables",
    {
      schema: {
        tags: ["Settings"],
        summary: "Add a table (its name or number, optionally its seats)",
        security,
        body: PosTableBody,
        response: { 201: PosTable, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const actor = await settingsActor(request);
      return reply.status(201).send(await restaurant.createTable(request.company.id, actor, request.body));
    },
  );

  app.put(
    "/admin/pos-tables/:tableId",
    {
      schema: {
        tags: ["Settings"],
        summary: "Rename a table or change its seats",
        security,
        params: TableParams,
        body: PosTableBody,
        response: { 200: PosTable, ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const actor = await settingsActor(request);
      return restaurant.updateTable(request.company.id, actor, request.params.tableId, request.body);
    },
  );

  app.delete(
    "/admin/pos-tables/:tableId",
    {
      schema: {
        tags: ["Settings"],
        summary: "Remove a table (refused while it has an open order)",
        security,
        params: TableParams,
        response: { 204: z.null(), ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const actor = await settingsActor(request);
      await restaurant.removeTable(request.company.id, actor, request.params.tableId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/pos/tables",
    {
      schema: {
        tags,
        summary: "The tables view: each table with its open order",
        security,
        response: { 200: z.array(TableWithOrder), ...errors },
      },
    },
    async (request) => {
      await device(request, "read");
      return restaurant.tablesWithOrders(request.company.id);
    },
  );

  app.get(
    "/pos/parked",
    {
      schema: {
        tags,
        summary: "Parked orders: table, who parked it, when, total",
        security,
        response: { 200: z.array(ParkedSummary), ...errors },
      },
    },
    async (request) => {
      await device(request, "read");
      return restaurant.listParked(request.company.id);
    },
  );

  app.post(
    "/pos/parked",
    {
      schema: {
        tags,
        summary: "Park an order (hold it for a table, or without one)",
        security,
        body: ParkBody,
        response: { 201: ParkedOrder, ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const cashier = await cashierOf(request);
      const parked = await restaurant.park(request.company.id, request.language, cashier, request.body);
      return reply.status(201).send(parked);
    },
  );

  app.get(
    "/pos/parked/:parkedId",
    {
      schema: {
        tags,
        summary: "A parked order to resume",
        security,
        params: ParkedParams,
        response: { 200: ParkedOrder, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "read");
      return restaurant.get(request.company.id, request.language, request.params.parkedId);
    },
  );

  app.put(
    "/pos/parked/:parkedId",
    {
      schema: {
        tags,
        summary: "Park a resumed order again with its changes",
        security,
        params: ParkedParams,
        body: ParkBody,
        response: { 200: ParkedOrder, ...errors, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const cashier = await cashierOf(request);
      return restaurant.repark(
        request.company.id,
        request.language,
        cashier,
        request.params.parkedId,
        request.body,
      );
    },
  );

  app.delete(
    "/pos/parked/:parkedId",
    {
      schema: {
        tags,
        summary: "Remove a parked order without a sale",
        security,
        params: ParkedParams,
        response: { 204: z.null(), ...errors, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await cashierOf(request);
      await restaurant.discard(request.company.id, request.params.parkedId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/pos/parked/:parkedId/kitchen",
    {
      schema: {
        tags,
        summary: "Send the order to the kitchen (its ticket is printed from the ticket page)",
        security,
        params: ParkedParams,
        response: { 200: KitchenTicket, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await cashierOf(request);
      return restaurant.sendToKitchen(request.company.id, request.params.parkedId);
    },
  );

  app.get(
    "/pos/parked/:parkedId/kitchen-ticket",
    {
      schema: {
        tags,
        summary: "The kitchen ticket: table, items, extras, notes, time; no prices",
        security,
        params: ParkedParams,
        response: { 200: KitchenTicket, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "read");
      return restaurant.kitchenTicket(request.company.id, request.params.parkedId);
    },
  );
};
