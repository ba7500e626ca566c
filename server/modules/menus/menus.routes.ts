import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { AdminStoreMenus, StoreMenusResponse } from "./menus.schemas";

/** The Menu Editor's API: the storefront's header and footer menus (content area). */
export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { menus } = app.services;

  app.get(
    "/admin/menus",
    {
      schema: {
        tags: ["Content"],
        summary: "Read the storefront's header and footer menus",
        security: [{ bearer: [] }],
        response: { 200: StoreMenusResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, "content", "read");
      return menus.read(request.company.id);
    },
  );

  app.put(
    "/admin/menus",
    {
      schema: {
        tags: ["Content"],
        summary: "Replace the storefront's header and footer menus",
        description:
          "Entries in their order, two levels. Each links to a page of the shop (`page`: a key such as " +
          "`catalog`), a category or a course (`category`/`course`: its slug), an address (`url`: http(s) " +
          "or a path of this site) or nothing (`none`: a heading for its sub-entries, top level only).",
        security: [{ bearer: [] }],
        body: AdminStoreMenus,
        response: { 200: StoreMenusResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, "content", "write");
      return menus.save(request.company.id, request.body, { id: staff.staffId, email: staff.email });
    },
  );
};
