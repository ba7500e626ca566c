import { REDIRECT_PAYMENT_METHODS, type RedirectPaymentMethod } from "~shared/order-enums";
import type { Db } from "../../db/client";
import { businessRule } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { SettingsService } from "../settings/settings.service";
import type { StaffActor } from "../settings/settings-admin.service";
import type { PaymentMethodSettings, PaymentMethodSettingsInput } from "./payments.schemas";
import type { SchoolPaymentsResolver } from "./school-payments";

/** The settings group holding which payment methods beside the card a school offers. */
const SETTINGS_GROUP = "paymentMethods";

/** What a buyer may choose at checkout: the card always, the others when offered and possible. */
export type CheckoutPaymentChoice = "card" | RedirectPaymentMethod;

export const METHOD_NOT_OFFERED_MESSAGE =
  "This payment method is not offered for this order: please choose another.";

/**
 * Which payment methods beside the card a school offers (off until staff turn them on), limited to
 * those configured for the school (PayPal's keys, Stripe's for iDEAL: the environment's or its own) and to the order's currency.
 */
export function createPaymentMethods(
  db: Db,
  deps: { settings: SettingsService; audit: AuditService; payments: SchoolPaymentsResolver },
) {
  const methodsOf = async (companyId: string) => (await deps.payments.forCompany(companyId)).methods;

  async function read(companyId: string): Promise<PaymentMethodSettings> {
    const value = await deps.settings.read(companyId, SETTINGS_GROUP);
    const methods = await methodsOf(companyId);
    return Object.fromEntries(
      REDIRECT_PAYMENT_METHODS.map((method) => [
        method,
        { enabled: value[method] === true, configured: Boolean(methods[method]) },
      ]),
    ) as PaymentMethodSettings;
  }

  return {
    read,

    async write(companyId: string, input: PaymentMethodSettingsInput, actor: StaffActor) {
      const previous = await deps.settings.read(companyId, SETTINGS_GROUP);
      const next = { ...previous, ...input };
      await db.transaction(async (tx) => {
        await deps.settings.write(companyId, SETTINGS_GROUP, next, tx);
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "settings",
          entityId: SETTINGS_GROUP,
          summary: `Payment methods: ${REDIRECT_PAYMENT_METHODS.map((m) => `${m} ${next[m] === true ? "on" : "off"}`).join(", ")}`,
        });
      });
      deps.settings.invalidate(companyId);
      return read(companyId);
    },

    /** The choices for an order in `currency`, the card first. */
    async offered(companyId: string, currency: string): Promise<CheckoutPaymentChoice[]> {
      const settings = await read(companyId);
      const methods = await methodsOf(companyId);
      return [
        "card",
        ...REDIRECT_PAYMENT_METHODS.filter(
          (method) => settings[method].enabled && methods[method]?.supports(currency),
        ),
      ];
    },

    /**
     * The provider of a method configured on this server, offered or not now: an order placed
     * with it is finished even after staff stop offering the method.
     */
    async configured(companyId: string, method: RedirectPaymentMethod) {
      const provider = (await methodsOf(companyId))[method];
      if (!provider) throw businessRule(METHOD_NOT_OFFERED_MESSAGE, "PAYMENT_METHOD_NOT_AVAILABLE");
      return provider;
    },

    /** The provider of a method the order may use, or a clear refusal. */
    async providerFor(companyId: string, method: RedirectPaymentMethod, currency: string) {
      const provider = (await methodsOf(companyId))[method];
      if (!provider || !(await this.offered(companyId, currency)).includes(method)) {
        throw businessRule(METHOD_NOT_OFFERED_MESSAGE, "PAYMENT_METHOD_NOT_AVAILABLE");
      }
      return provider;
    },
  };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
