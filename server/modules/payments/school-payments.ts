import { createHash } from "node:crypto";
import type StripeClient from "stripe";
import type { RedirectPaymentMethod } from "~shared/order-enums";
import type { Env } from "../../config/env";
import type { SecretBox } from "../../lib/secret-box";
import type { SettingsService } from "../settings/settings.service";
import { secretContext } from "../settings/settings-admin.service";
import { createDemoProvider } from "./demo-provider";
import { createPayPalProvider, type PayPalProvider } from "./paypal-provider";
import type { PaymentProvider, RedirectPaymentProvider, Refunding } from "./provider";
import { createStripeLocalMethod } from "./stripe-local-methods";
import { createStripeClient, createStripeProvider } from "./stripe-provider";

/** Where a school's Stripe keys come from: the server's environment (wins), its settings, or none. */
export type StripeKeySource = "environment" | "settings" | "none";

/** How one school is paid: the card provider, the methods beside it and who gives money back. */
export interface SchoolPayments {
  source: StripeKeySource;
  /** Stripe with the school's keys (or the environment's), else the offline demo provider. */
  card: PaymentProvider;
  /** The Stripe client of those keys ('Connect With Stripe'), null without Stripe. */
  stripe: StripeClient | null;
  paypal: PayPalProvider | null;
  /** Each method beside the card that is configured for this school (PayPal, iDEAL). */
  methods: Partial<Record<RedirectPaymentMethod, RedirectPaymentProvider>>;
  /** Every provider that can give money back, by the name its payments are recorded under. */
  refunding: Refunding[];
}

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string | undefined;
  publishableKey: string | undefined;
}

/**
 * Resolves each school's payment providers: with STRIPE_SECRET_KEY in the environment every school
 * uses the environment's Stripe keys (the environment wins); else a school's own keys saved in
 * Store settings (secret and webhook secret sealed with SETTINGS_ENCRYPTION_KEY); else the demo
 * provider. Providers are built once per set of keys and shared by every school using them.
 */
/** Provider sets kept at once (one per distinct set of keys; the least recently used go first). */
const MAX_PROVIDER_SETS = 500;

export function createSchoolPayments(deps: { env: Env; settings: SettingsService; secrets: SecretBox }) {
  const { env } = deps;
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? createPayPalProvider({
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          webhookId: env.PAYPAL_WEBHOOK_ID,
          environment: env.PAYPAL_ENVIRONMENT,
          apiBase: env.PAYPAL_API_BASE,
        })
      : null;
  const byKeys = new Map<string, SchoolPayments>();

  function build(source: StripeKeySource, keys: StripeKeys | null): SchoolPayments {
    // The cache is keyed by a hash of the keys, so that they are not kept a second time in memory.
    const cacheKey = keys
      ? createHash("sha256")
          .update(JSON.stringify([keys.secretKey, keys.webhookSecret, keys.publishableKey]))
          .digest("hex")
      : "";
    const cached = byKeys.get(cacheKey);
    if (cached) {
      // Most recently used last: the Map's order is what the bound below drops first.
      byKeys.delete(cacheKey);
      byKeys.set(cacheKey, cached);
      return cached.source === source ? cached : { ...cached, source };
    }
    const stripe = keys ? createStripeClient(keys.secretKey, env.STRIPE_API_BASE) : null;
    const card =
      keys && stripe
        ? createStripeProvider({
            secretKey: keys.secretKey,
            webhookSecret: keys.webhookSecret,
            publishableKey: keys.publishableKey,
            apiBase: env.STRIPE_API_BASE,
            client: stripe,
          })
        : createDemoProvider();
    const built: SchoolPayments = {
      source,
      card,
      stripe,
      paypal,
      methods: {
        ...(paypal ? { paypal } : {}),
        ...(stripe ? { ideal: createStripeLocalMethod(stripe, "ideal") } : {}),
      },
      refunding: paypal ? [card, paypal] : [card],
    };
    byKeys.set(cacheKey, built);
    // Bounded: schools that change their keys leave old sets behind, and each holds an SDK client.
    if (byKeys.size > MAX_PROVIDER_SETS) byKeys.delete(byKeys.keys().next().value as string);
    return built;
  }

  /** The school's own keys from its Store settings, opened; null when it has no secret key. */
  async function savedKeys(companyId: string): Promise<StripeKeys | null> {
    const store = await deps.settings.read(companyId, "store");
    const open = (name: "stripeSecretKey" | "stripeWebhookSecret") =>
      typeof store[name] === "string"
        ? (deps.secrets.open(store[name], secretContext(companyId, name)) ?? undefined)
        : undefined;
    const secretKey = open("stripeSecretKey");
    if (!secretKey) return null;
    const publishable = store.stripePublishableKey;
    return {
      secretKey,
      webhookSecret: open("stripeWebhookSecret"),
      publishableKey: typeof publishable === "string" && publishable !== "" ? publishable : undefined,
    };
  }

  const fromEnvironment = env.STRIPE_SECRET_KEY
    ? build("environment", {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      })
    : null;

  return {
    /** Every school's payments when the environment has Stripe keys (they win), else null. */
    fromEnvironment,
    /** PayPal with the environment's keys (the same for every school), or null. */
    paypal,
    /** For the Store settings page: whether the environment's keys win, and whether secrets can be saved. */
    keySettings: { environment: fromEnvironment !== null, encryption: deps.secrets.available },
    async forCompany(companyId: string): Promise<SchoolPayments> {
      if (fromEnvironment) return fromEnvironment;
      const keys = deps.secrets.available ? await savedKeys(companyId) : null;
      return build(keys ? "settings" : "none", keys);
    },
  };
}

export type SchoolPaymentsResolver = ReturnType<typeof createSchoolPayments>;
