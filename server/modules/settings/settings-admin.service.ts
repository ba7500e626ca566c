import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { isSealed, type SecretBox } from "../../lib/secret-box";
import type { AuditService } from "../audit/audit.service";
import { fieldChanges } from "../audit/audit-changes";
import { invoiceNumberFormat, seriesName, yearIn } from "../orders/invoice-number";
import { orders } from "../orders/orders.tables";
import type { SettingsService } from "./settings.service";
import { counters } from "./settings.tables";
import {
  GlobalSettings,
  InvoiceSettings,
  KEY_MODES_DIFFER_MESSAGE,
  last4Field,
  PUBLISHABLE_KEY_NEEDED_MESSAGE,
  SECRETS_NEED_KEY_MESSAGE,
  SETTINGS_INPUT,
  type SettingsGroup,
  STORE_SECRETS,
  StorefrontSettings,
  type StoreSecret,
  type StoreSettings,
  StoreSettingsInput,
} from "./settings-admin.schemas";
import { type SiteWidgets, siteWidgets, widgetIdErrors } from "./site-widgets";

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

/** Where a school's secret is bound to when sealed: the school and the field (see SecretBox). */
export const secretContext = (companyId: string, name: StoreSecret) => `${companyId}/store/${name}`;

export function createSettingsAdminService(
  db: Db,
  deps: { settings: SettingsService; audit: AuditService; secrets: SecretBox },
) {
  const { settings, audit, secrets } = deps;
  const plainStoreKeys = Object.keys(StoreSettingsInput.shape).filter(
    (key) => !(STORE_SECRETS as readonly string[]).includes(key),
  );

  async function readStore(companyId: string): Promise<StoreSettings> {
    const raw = await settings.read(companyId, "store");
    const {
      stripeSecretKey: _secret,
      stripeWebhookSecret: _webhook,
      ...rest
    } = lenient(StoreSettingsInput, pick(raw, plainStoreKeys), StoreSettingsInput.parse({}));
    // Only a sealed secret counts (a value saved in plain text before encryption is not used).
    const last4 = (name: StoreSecret) => {
      const tail = raw[last4Field(name)];
      return isSealed(raw[name]) && typeof tail === "string" ? tail : null;
    };
    return {
      ...rest,
      stripeSecretKeySet: isSealed(raw.stripeSecretKey),
      stripeWebhookSecretSet: isSealed(raw.stripeWebhookSecret),
      stripeSecretKeyLast4: last4("stripeSecretKey"),
      stripeWebhookSecretLast4: last4("stripeWebhookSecret"),
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
          type: "prefix",
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

  /** The invoice counter the next invoice is taken from with the `invoice` settings `value`, today. */
  async function invoiceSeriesNow(companyId: string, value: Record<string, unknown>): Promise<string> {
    const { timeZone } = await settings.read(companyId, "global");
    const year = yearIn(new Date(), typeof timeZone === "string" ? timeZone : "Europe/Amsterdam");
    return seriesName("invoice", invoiceNumberFormat(value), year);
  }

  return {
    read,

    /** The storefront customization, parsed (empty texts mean "use the built-in text"). */
    async storefront(companyId: string): Promise<StorefrontSettings> {
      return lenient(StorefrontSettings, await settings.read(companyId, "storefront"), EMPTY_STOREFRONT);
    },

    /** The school's SEO settings for the storefront's <head> (empty texts: not set). */
    async seo(
      companyId: string,
    ): Promise<{ title: string; description: string; keywords: string; image: string }> {
      const store = await readStore(companyId);
      return {
        title: store.metaTitle,
        description: store.metaDescription,
        keywords: store.metaKeywords,
        image: store.metaImage,
      };
    },

    /** The analytics and chat widgets of the storefront (loaded once a visitor accepts cookies). */
    async siteWidgets(companyId: string): Promise<SiteWidgets> {
      const store = await readStore(companyId);
      return siteWidgets(store.analyticsId, store.chatWidgetId);
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
      if (group === "store") {
        const { analyticsId, chatWidgetId } = parsed.data as StoreSettingsInput;
        const fields = widgetIdErrors(analyticsId, chatWidgetId);
        if (Object.keys(fields).length > 0)
          throw badRequest("Please check the highlighted fields.", { fields });
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
        const input = parsed.data as StoreSettingsInput;
        const refused = STORE_SECRETS.filter((name) => input[name] && !secrets.available);
        if (refused.length > 0) {
          throw badRequest(SECRETS_NEED_KEY_MESSAGE, {
            fields: Object.fromEntries(refused.map((name) => [name, SECRETS_NEED_KEY_MESSAGE])),
          });
        }
        // Stripe refuses a publishable key of the other mode (test/live) on the payment page.
        const secretKey =
          input.stripeSecretKey === null
            ? undefined
            : input.stripeSecretKey ||
              (isSealed(previous.stripeSecretKey)
                ? (secrets.open(previous.stripeSecretKey, secretContext(companyId, "stripeSecretKey")) ??
                  undefined)
                : undefined);
        const modeOf = (key: string | undefined) => /_(test|live)_/.exec(key ?? "")?.[1];
        if (secretKey && !input.stripePublishableKey) {
          throw badRequest("Please check the highlighted fields.", {
            fields: { stripePublishableKey: PUBLISHABLE_KEY_NEEDED_MESSAGE },
          });
        }
        if (
          secretKey &&
          input.stripePublishableKey &&
          modeOf(secretKey) !== modeOf(input.stripePublishableKey)
        ) {
          throw badRequest("Please check the highlighted fields.", {
            fields: { stripePublishableKey: KEY_MODES_DIFFER_MESSAGE },
          });
        }
        for (const name of STORE_SECRETS) {
          const given = input[name];
          if (given === undefined || given === "") {
            // Kept as it is; a value saved in plain text before encryption is dropped.
            const kept = isSealed(previous[name]);
            value[name] = kept ? previous[name] : "";
            value[last4Field(name)] = kept ? (previous[last4Field(name)] ?? null) : null;
          } else if (given === null) {
            value[name] = "";
            value[last4Field(name)] = null;
            changedSecrets.push(name);
          } else {
            value[name] = secrets.seal(given, secretContext(companyId, name));
            value[last4Field(name)] = given.slice(-4);
            changedSecrets.push(name);
          }
        }
      }

      const hidden = new Set<string>(STORE_SECRETS.flatMap((name) => [name, last4Field(name)]));
      const changed = Object.keys(value).filter(
        (key) => !hidden.has(key) && JSON.stringify(previous[key]) !== JSON.stringify(value[key]),
      );
      const series = group === "invoice" ? await invoiceSeriesNow(companyId, value) : "invoice";
      await db.transaction(async (tx) => {
        await settings.write(companyId, group, value, tx);
        if (group === "invoice") {
          // The next invoice gets at least the start value: raise the counter, never lower it. For a
          // yearly type, the counter of the current year in the school's time zone.
          const floor = (value.startValue as number) - 1;
          await tx
            .insert(counters)
            .values({ companyId, name: series, value: floor })
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
