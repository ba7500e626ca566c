import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { posCashierAction, posDevice } from "../pos/pos-device";
import {
  KitchenTicket,
  ParkBody,
  ParkedOrder,
  ParkedParams,
  ParkedSummary,
  PinBody,
  PosTable,
  PosTableBody,
  TableParams,
  TableWithOrder,
} from "./restaurant.schemas";

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;
const tags = ["Point of sale"];
/** A missing PIN (422) or too many wrong ones (429) under 'every action'; 422 is also a cart the quote refuses. */
const pinErrors = { 422: ErrorResponse, 429: ErrorResponse } as const;

/**
 * The restaurant view of the point of sale: tables (set in POS Setting), parked orders (hold and
 * resume on any device), the kitchen ticket. A parked order is paid through `POST /pos/sales` with
 * its `parkedOrderId`.
 */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pos, restaurant } = app.services;

  const device = posDevice;
  /**
   * Parking, the kitchen and removing need the cashier identified on the device (the parked list
   * shows who parked it), and their PIN again under 'every action', as a sale does.
   */
  const cashierOf = async (request: Parameters<typeof requireStaff>[0], pin: string | undefined) =>
    (await posCashierAction(request, pos, pin)).cashier;

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
        response: { 201: ParkedOrder, ...errors, ...pinErrors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { pin, ...cart } = request.body;
      const cashier = await cashierOf(request, pin);
      const parked = await restaurant.park(request.company.id, request.language, cashier, cart);
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
        response: { 200: ParkedOrder, ...errors, ...pinErrors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { pin, ...cart } = request.body;
      const cashier = await cashierOf(request, pin);
      return restaurant.repark(request.company.id, request.language, cashier, request.params.parkedId, cart);
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
        body: PinBody,
        response: { 204: z.null(), ...errors, ...pinErrors, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await cashierOf(request, request.body?.pin);
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
        body: PinBody,
        response: { 200: KitchenTicket, ...errors, ...pinErrors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await cashierOf(request, request.body?.pin);
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
