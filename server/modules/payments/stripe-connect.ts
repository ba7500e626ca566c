import type { Env } from "../../config/env";
import type { SettingsService } from "../settings/settings.service";
import { loadStripe, stripeConnection } from "./stripe-provider";

/** The settings group holding the school's connected Stripe account. */
const SETTINGS_GROUP = "stripeConnect";

/**
 * Stripe Connect onboarding for the admin header's 'Connect With Stripe': the school's connected
 * account is created once (its id kept in settings) and each click gets a fresh onboarding link.
 * Null when Stripe is not configured.
 */
export function createStripeConnect(env: Env, settings: SettingsService) {
  if (!env.STRIPE_SECRET_KEY) return null;
  const Stripe = loadStripe();
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...stripeConnection(env.STRIPE_API_BASE),
  });
  return {
    async onboardingUrl(
      companyId: string,
      urls: { returnUrl: string; refreshUrl: string; email?: string },
    ): Promise<string> {
      const saved = await settings.read(companyId, SETTINGS_GROUP);
      let accountId = typeof saved.accountId === "string" ? saved.accountId : null;
      if (!accountId) {
        const account = await stripe.accounts.create(
          { type: "standard", ...(urls.email ? { email: urls.email } : {}), metadata: { companyId } },
          { idempotencyKey: `connect-account-${companyId}` },
        );
        accountId = account.id;
        await settings.write(companyId, SETTINGS_GROUP, { ...saved, accountId });
      }
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: "account_onboarding",
      });
      return link.url;
    },
  };
}

export type StripeConnect = ReturnType<typeof createStripeConnect>;
