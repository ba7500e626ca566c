import type { Env } from "../../config/env";
import { createDemoProvider } from "./demo-provider";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider";

/** Stripe when STRIPE_SECRET_KEY is set, else the offline demo provider. */
export function createPaymentProvider(env: Env): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return createDemoProvider();
}
