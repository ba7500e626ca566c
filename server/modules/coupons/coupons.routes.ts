import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import type { StaffPrincipal } from "../staff/staff-access";
import {
  AdminListCouponsQuery,
  Coupon,
  CouponBody,
  CouponIdParams,
  CouponIds,
  CouponList,
} from "./coupons.schemas";

const TAG = "Coupons";
const bearer = [{ bearer: [] }];
export const COUPONS_AREA = "coupons" as const;

const actorOf = (principal: StaffPrincipal) => ({ id: principal.staffId, email: principal.email });
const Deleted = z.object({ message: z.string(), count: z.number().int() });

/** The back office's coupons: thin adapters over the coupon service. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;

  app.get(
    "/admin/coupons",
    {
      schema: {
        tags: [TAG],
        summary: "List coupons (search by code or campaign name; filter by status, type, published)",
        security: bearer,
        querystring: AdminListCouponsQuery,
        response: { 200: CouponList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, COUPONS_AREA, "read");
      return coupons.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/coupons",
    {
      schema: {
        tags: [TAG],
        summary: "Create a coupon (codes are unique per company, case-insensitive, stored in upper case)",
        security: bearer,
        body: CouponBody,
        response: {
          201: Coupon,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, COUPONS_AREA, "write");
      return reply.status(201).send(await coupons.create(request.company.id, request.body, actorOf(staff)));
    },
  );

  app.post(
    "/admin/coupons/delete",
    {
      schema: {
        tags: [TAG],
        summary: "Delete several coupons at once",
        security: bearer,
        body: CouponIds,
        response: { 200: Deleted, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, COUPONS_AREA, "write");
      const count = await coupons.remove(request.company.id, request.body.ids, actorOf(staff));
      return { message: `${count} coupons deleted.`, count };
    },
  );

  app.get(
    "/admin/coupons/:id",
    {
      schema: {
        tags: [TAG],
        summary: "One coupon",
        security: bearer,
        params: CouponIdParams,
        response: {
          200: Coupon,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      await requireStaff(request, COUPONS_AREA, "read");
      const coupon = await coupons.get(request.company.id, request.params.id);
      if (!coupon) throw notFound("No such coupon exists.", "COUPON_NOT_FOUND");
      return coupon;
    },
  );

  app.put(
    "/admin/coupons/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Replace a coupon",
        security: bearer,
        params: CouponIdParams,
        body: CouponBody,
        response: {
          200: Coupon,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, COUPONS_AREA, "write");
      return coupons.update(request.company.id, request.params.id, request.body, actorOf(staff));
    },
  );

  app.delete(
    "/admin/coupons/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Delete a coupon (orders keep the code they used)",
        security: bearer,
        params: CouponIdParams,
        response: {
          200: Deleted,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, COUPONS_AREA, "write");
      const count = await coupons.remove(request.company.id, [request.params.id], actorOf(staff));
      if (count === 0) throw notFound("No such coupon exists.", "COUPON_NOT_FOUND");
      return { message: "The coupon has been deleted.", count };
    },
  );
};
