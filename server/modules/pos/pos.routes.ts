import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { IdempotencyHeaders } from "../checkout/checkout.schemas";
import { StaffParams } from "../staff/staff.schemas";
import {
  AdminSetPinBody,
  BarcodeParams,
  Cashier,
  CashierSignInBody,
  OwnPinBody,
  PosCartBody,
  PosCatalog,
  PosCatalogQuery,
  PosCreateCustomer,
  PosCustomer,
  PosCustomerQuery,
  PosItem,
  PosQuote,
  PosSale,
  PosSaleBody,
  PosSettings,
  PosState,
  Receipt,
  ReceiptParams,
} from "./pos.schemas";
import { posCashier, posDevice, posDeviceAction } from "./pos-device";

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;
const Message = z.object({ message: z.string() });

/**
 * The point of sale: a shared device signed in by a staff member with POS access; the cashier
 * identifies by PIN (and is replaced by the next PIN); sales, receipts; POS settings and PINs.
 */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pos, posSales } = app.services;

  const device = posDevice;
  /** The cashier identified on the device; a sale needs one. */
  const cashierOf = (request: Parameters<typeof requireStaff>[0]) => posCashier(request, pos);

  app.get(
    "/pos/state",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "The device's cashier, the cashiers who may take over, and the POS settings",
        security,
        response: { 200: PosState, ...errors },
      },
    },
    async (request) => pos.state(await device(request, "read")),
  );

  app.post(
    "/pos/cashier",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "A cashier takes over the device with their PIN (wrong PINs are rate-limited)",
        security,
        body: CashierSignInBody,
        response: { 200: Cashier, ...errors, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) =>
      pos.signInCashier(await device(request, "write"), request.body.staffId, request.body.pin),
  );

  app.delete(
    "/pos/cashier",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "Switch cashier: the cashier leaves, the device stays signed in",
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pos.signOutCashier(await device(request, "write"));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/pos/catalog",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "Category tabs and the product grid (home page, a category, or a search)",
        security,
        querystring: PosCatalogQuery,
        response: { 200: PosCatalog, ...errors },
      },
    },
    async (request) => {
      await device(request, "read");
      return pos.catalog(request.company.id, request.language, request.query);
    },
  );

  app.get(
    "/pos/barcodes/:code",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "The product or variant with this barcode (or SKU)",
        security,
        params: BarcodeParams,
        response: { 200: PosItem, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "read");
      return pos.byBarcode(request.company.id, request.language, request.params.code);
    },
  );

  app.get(
    "/pos/customers",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "Customers by name or email",
        security,
        querystring: PosCustomerQuery,
        response: { 200: z.array(PosCustomer), ...errors },
      },
    },
    async (request) => {
      await device(request, "write");
      return pos.findCustomers(request.company.id, request.query.search);
    },
  );

  app.post(
    "/pos/customers",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "Quick-create a customer at the counter (or find the one with this email)",
        security,
        body: PosCreateCustomer,
        response: { 201: PosCustomer, ...errors, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { pin, ...customer } = request.body;
      await posDeviceAction(request, pos, pin);
      return reply.status(201).send(await pos.createCustomer(request.company.id, customer));
    },
  );

  app.post(
    "/pos/quote",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "The sale's total with the cashier's discounts",
        security,
        body: PosCartBody,
        response: { 200: PosQuote, ...errors, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "write");
      return posSales.quote(request.company.id, request.language, request.body);
    },
  );

  app.post(
    "/pos/sales",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "A sale at the counter: order (channel POS), payments (cash, card, split), invoice",
        description:
          "The payments must add up to the total exactly; cash may carry `tenderedCents` (change is given " +
          "back), a card its `cardLast4`. A bad amount is a 422 and nothing is written. Send an " +
          "Idempotency-Key header to make a retry safe.",
        security,
        headers: IdempotencyHeaders,
        body: PosSaleBody,
        response: {
          201: PosSale,
          ...errors,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { device: current, cashier } = await cashierOf(request);
      const sale = await posSales.sell(
        current,
        cashier,
        request.language,
        request.body,
        request.headers["idempotency-key"],
      );
      return reply.status(201).send(sale);
    },
  );

  app.get(
    "/pos/orders/:orderId/receipt",
    {
      schema: {
        tags: ["Point of sale"],
        summary: "A POS order's receipt (also for a reprint from the order page)",
        security,
        params: ReceiptParams,
        response: { 200: Receipt, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await device(request, "read");
      return posSales.receipt(request.company.id, request.language, request.params.orderId);
    },
  );

  app.get(
    "/admin/pos-settings",
    {
      schema: {
        tags: ["Settings"],
        summary: "POS Setting",
        security,
        response: { 200: PosSettings, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "settings", "read");
      return pos.readSettings(request.company.id);
    },
  );

  app.put(
    "/admin/pos-settings",
    {
      schema: {
        tags: ["Settings"],
        summary: "Change the POS Setting (the receipt footer is the store's one)",
        security,
        body: PosSettings,
        response: { 200: PosSettings, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "settings", "write");
      return pos.writeSettings(request.company.id, { id: staff.staffId, email: staff.email }, request.body);
    },
  );

  app.put(
    "/admin/staff/:id/pin",
    {
      schema: {
        tags: ["Staff"],
        summary: "Set a staff member's POS PIN (4–8 digits, stored hashed)",
        security,
        params: StaffParams,
        body: AdminSetPinBody,
        response: { 200: Message, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "staff", "write");
      await pos.setPin(
        request.company.id,
        { id: staff.staffId, email: staff.email },
        request.params.id,
        request.body.pin,
      );
      return { message: "The PIN has been saved." };
    },
  );

  app.put(
    "/admin/account/pin",
    {
      schema: {
        tags: ["Staff"],
        summary: "Set your own POS PIN, confirmed with your password",
        security,
        body: OwnPinBody,
        response: { 200: Message, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      const session = request.staffSession;
      const principal = session ? await app.services.staffAccess.principalFor(session) : null;
      if (!principal) throw unauthorized("Please sign in as staff to continue.");
      await pos.setOwnPin(request.company.id, principal, request.body);
      return { message: "Your PIN has been saved." };
    },
  );
};
