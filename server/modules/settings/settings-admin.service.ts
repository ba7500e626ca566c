import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { fieldChanges } from "../audit/audit-changes";
import { orders } from "../orders/orders.tables";
import type { SettingsService } from "./settings.service";
import { counters } from "./settings.tables";
import {
  GlobalSettings,
  InvoiceSettings,
  SETTINGS_INPUT,
  type SettingsGroup,
  STORE_SECRETS,
  StorefrontSettings,
  type StoreSettings,
  StoreSettingsInput,
} from "./settings-admin.schemas";

export interface StaffActor {
  id: string;
  email: string;
}

/** Field errors of a zod result as `{ field: message }` (first message per field). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses stored JSON leniently: bad or missing values fall back to the schema's defaults. */
function lenient<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: Record<string, unknown>,
  fallback: T,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as T;
  return fallback;
}

const EMPTY_STOREFRONT = StorefrontSettings.parse({});

/**
 * The back office's view of the settings groups: read with secrets masked, validate and write
 * with an audit entry in the same transaction, and keep invoice numbering in step.
 */
export const CURRENCY_LOCKED_MESSAGE =
  "The shop currency cannot be changed once the shop has orders: prices, past orders and reports stay in the current currency. Offer other currencies to buyers under International → Currencies instead.";

export function createSettingsAdminService(db: Db, deps: { settings: SettingsService; audit: AuditService }) {
  const { settings, audit } = deps;

  async function readStore(companyId: string): Promise<StoreSettings> {
    const raw = await settings.read(companyId, "store");
    const {
      stripeSecretKey: _secret,
      stripeWebhookSecret: _webhook,
      ...rest
    } = lenient(StoreSettingsInput, raw, StoreSettingsInput.parse({}));
    return {
      ...rest,
      stripeSecretKeySet: typeof raw.stripeSecretKey === "string" && raw.stripeSecretKey !== "",
      stripeWebhookSecretSet: typeof raw.stripeWebhookSecret === "string" && raw.stripeWebhookSecret !== "",
    };
  }

  /** One group as the admin form shows it; secrets only as "set" flags. */
  async function read(companyId: string, group: SettingsGroup): Promise<Record<string, unknown>> {
    const raw = await settings.read(companyId, group);
    switch (group) {
      case "global":
        return {
          ...GlobalSettings.parse({ shopName: "-" }),
          ...pick(raw, Object.keys(GlobalSettings.shape)),
        };
      case "invoice":
        return lenient(InvoiceSettings, raw, {
          prefix: typeof raw.prefix === "string" ? raw.prefix : "",
          startValue: 1,
          leadingZeros: raw.leadingZeros === true,
          length: 6,
        });
      case "store":
        return readStore(companyId);
      case "storefront":
        return lenient(StorefrontSettings, raw, EMPTY_STOREFRONT);
    }
  }

  return {
    read,

    /** The storefront customization, parsed (empty texts mean "use the built-in text"). */
    async storefront(companyId: string): Promise<StorefrontSettings> {
      return lenient(StorefrontSettings, await settings.read(companyId, "storefront"), EMPTY_STOREFRONT);
    },

    /** Whether staff may create accounts at /signup without an invitation. */
    async staffSignupOpen(companyId: string): Promise<boolean> {
      return (await settings.read(companyId, "store")).staffSignupOpen === true;
    },

    /**
     * Validates and replaces one group. Unknown groups and bad values are 400s that change
     * nothing. Secrets: omitted or "" keeps the stored value, null removes it.
     */
    async write(
      companyId: string,
      group: SettingsGroup,
      input: unknown,
      actor: StaffActor,
    ): Promise<Record<string, unknown>> {
      const parsed = SETTINGS_INPUT[group].safeParse(input);
      if (!parsed.success) {
        throw badRequest("Please check the highlighted fields.", {
          fields: fieldErrors(parsed.error.issues),
        });
      }
      const previous = await settings.read(companyId, group);
      const value: Record<string, unknown> = { ...previous, ...(parsed.data as Record<string, unknown>) };
      if (group === "global" && (value.currency ?? "EUR") !== (previous.currency ?? "EUR")) {
        // Prices, past orders and reports are amounts in the shop currency: relabelling them as
        // another currency would misstate every one (decision 017).
        const [anyOrder] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.companyId, companyId))
          .limit(1);
        if (anyOrder) {
          throw badRequest(CURRENCY_LOCKED_MESSAGE, { fields: { currency: CURRENCY_LOCKED_MESSAGE } });
        }
      }
      const changedSecrets: string[] = [];
      if (group === "store") {
        for (const name of STORE_SECRETS) {
          const given = (parsed.data as StoreSettingsInput)[name];
          if (given === undefined || given === "") {
            value[name] = previous[name] ?? "";
          } else {
            value[name] = given ?? "";
            changedSecrets.push(name);
          }
        }
      }

      const changed = Object.keys(value).filter(
        (key) =>
          !(STORE_SECRETS as readonly string[]).includes(key) &&
          JSON.stringify(previous[key]) !== JSON.stringify(value[key]),
      );
      await db.transaction(async (tx) => {
        await settings.write(companyId, group, value, tx);
        if (group === "invoice") {
          // The next invoice gets at least the start value: raise the counter, never lower it.
          const floor = (value.startValue as number) - 1;
          await tx
            .insert(counters)
            .values({ companyId, name: "invoice", value: floor })
            .onConflictDoUpdate({
              target: [counters.companyId, counters.name],
              set: { value: sql`greatest(${counters.value}, ${floor})` },
            });
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: group,
          summary: `Settings "${group}" updated`,
          // Each changed field before → after; a secret only as replaced, never its value.
          changes: {
            ...fieldChanges(previous, value, changed),
            ...Object.fromEntries(changedSecrets.map((name) => [name, { from: "[hidden]", to: "[hidden]" }])),
          },
        });
      });
      settings.invalidate(companyId);
      return read(companyId, group);
    },
  };
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
