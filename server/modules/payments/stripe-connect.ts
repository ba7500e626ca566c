import type { SettingsService } from "../settings/settings.service";
import type { SchoolPaymentsResolver } from "./school-payments";

/** The settings group holding the school's connected Stripe account. */
const SETTINGS_GROUP = "stripeConnect";

/**
 * Stripe Connect onboarding for the admin header's 'Connect With Stripe': the school's connected
 * account is created once (its id kept in settings) and each click gets a fresh onboarding link.
 * Stripe is the school's: its own keys from Store settings, or the environment's when set.
 */
export function createStripeConnect(
  payments: Pick<SchoolPaymentsResolver, "forCompany">,
  settings: SettingsService,
) {
  return {
    /** Whether the school has Stripe keys (its own or the environment's). */
    async configured(companyId: string): Promise<boolean> {
      return (await payments.forCompany(companyId)).stripe !== null;
    },

    /** Stripe's onboarding link for the school's connected account; null without Stripe keys. */
    async onboardingUrl(
      companyId: string,
      urls: { returnUrl: string; refreshUrl: string; email?: string },
    ): Promise<string | null> {
      const { stripe } = await payments.forCompany(companyId);
      if (!stripe) return null;
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
