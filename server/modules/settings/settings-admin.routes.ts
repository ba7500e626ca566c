import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import { SettingsGroupParams } from "./settings-admin.schemas";

const GroupValue = z
  .record(z.string(), z.unknown())
  .describe("The group's fields (see GlobalSettings, InvoiceSettings, StoreSettings, StorefrontSettings)");

/** Settings groups of the back office; secrets are write-only (reads say only whether one is set). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settingsAdmin } = app.services;
  // The storefront customization belongs to the content area, the rest to settings.
  const areaOf = (group: string) => (group === "storefront" ? "content" : "settings");

  app.get(
    "/admin/settings/:group",
    {
      schema: {
        tags: ["Settings"],
        summary: "Read one settings group (global, invoice, store, storefront)",
        security: [{ bearer: [] }],
        params: SettingsGroupParams,
        response: { 200: GroupValue, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, areaOf(request.params.group), "read");
      return settingsAdmin.read(request.company.id, request.params.group);
    },
  );

  app.put(
    "/admin/settings/:group",
    {
      schema: {
        tags: ["Settings"],
        summary: "Replace one settings group",
        description:
          "Secrets (stripeSecretKey, stripeWebhookSecret): omit or send an empty string to keep the stored " +
          "value, null to remove it. They are stored encrypted (the server needs SETTINGS_ENCRYPTION_KEY, else " +
          "saving one is refused) and never read back: the store group says only whether each is set and its " +
          "last 4 characters. Saving the invoice group with a start value above the current invoice " +
          "counter makes the next invoice number that start value.",
        security: [{ bearer: [] }],
        params: SettingsGroupParams,
        body: GroupValue,
        response: { 200: GroupValue, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, areaOf(request.params.group), "write");
      return settingsAdmin.write(request.company.id, request.params.group, request.body, {
        id: staff.staffId,
        email: staff.email,
      });
    },
  );
};
