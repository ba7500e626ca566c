import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as stripeConnectLoader } from "~/routes/admin/stripe-connect";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { intentEvent, signStripe, stripeStandIn } from "../../../tests/support/stripe-stand-in";
import { insertCompany } from "../../seed/factories";
import { orders, payments } from "../orders/orders.tables";
import { settings } from "../settings/settings.tables";

// Issue 21: a school's own Stripe keys, saved in Store settings, take its payments.
const SCHOOL_KEYS = {
  stripePublishableKey: "pk_test_SchoolOwn4321",
  stripeSecretKey: "sk_test_SchoolSecret9876",
  stripeWebhookSecret: "whsec_SchoolHook5555",
};
const encryptionKey = () => randomBytes(32).toString("base64");

interface Setup {
  t: CheckoutTestApp;
  admin: TestStaff;
  course: string;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const t = await createCheckoutTestApp(env);
  const admin = await createStaff(t, t.companyId, "Admin");
  const course = await t.addCourse({ priceCents: 4900 });
  return { t, admin, course };
}

async function saveStore(s: Setup, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return s.t.app.inject({
    method: "PUT",
    url: "/api/admin/settings/store",
    headers: { ...bearer(s.admin.token), ...headers },
    payload: body,
  });
}

async function placeAndPay(s: Setup) {
  const buyer = await s.t.addCustomer();
  const placed = await s.t.app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: bearer(buyer.token),
    payload: { ...CHECKOUT_CONSENTS, courseIds: [s.course] },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json();
  const paid = await s.t.app.inject({
    method: "POST",
    url: `/api/checkout/${order.id}/pay`,
    headers: bearer(buyer.token),
    payload: {},
  });
  expect(paid.statusCode).toBe(200);
  return { order, outcome: paid.json() };
}

function deliver(s: Setup, payload: string, secret: string, headers: Record<string, string> = {}) {
  return s.t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signStripe(payload, secret),
      ...headers,
    },
    payload,
  });
}

describe("Stripe keys saved in Store settings", () => {
  const standIn = stripeStandIn();
  let s: Setup;
  let otherSlug: string;

  beforeAll(async () => {
    const apiBase = await standIn.start();
    s = await setUp({ SETTINGS_ENCRYPTION_KEY: encryptionKey(), STRIPE_API_BASE: apiBase });
    otherSlug = (await insertCompany(s.t.database.db, { slug: "keyless-school", name: "Keyless School" }))
      .slug;
  });
  afterAll(async () => {
    await s?.t.close();
    await standIn.stop();
  });

  it("keeps the secrets encrypted: the API says only that they are set and their last 4 characters", async () => {
    const saved = await saveStore(s, SCHOOL_KEYS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      stripePublishableKey: SCHOOL_KEYS.stripePublishableKey,
      stripeSecretKeySet: true,
      stripeSecretKeyLast4: "9876",
      stripeWebhookSecretSet: true,
      stripeWebhookSecretLast4: "5555",
    });
    const read = await s.t.app.inject({
      method: "GET",
      url: "/api/admin/settings/store",
      headers: bearer(s.admin.token),
    });
    expect(read.body).not.toContain(SCHOOL_KEYS.stripeSecretKey);
    expect(read.body).not.toContain(SCHOOL_KEYS.stripeWebhookSecret);
    expect(read.json()).toMatchObject({ stripeSecretKeyLast4: "9876", stripeWebhookSecretLast4: "5555" });

    // The database holds ciphertext, not the keys; the publishable key is not a secret.
    const [row] = await s.t.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, s.t.companyId), eq(settings.name, "store")));
    const stored = JSON.stringify(row!.value);
    expect(stored).not.toContain("SchoolSecret");
    expect(stored).not.toContain("SchoolHook");
    expect(stored).toContain(SCHOOL_KEYS.stripePublishableKey);
    expect(row!.value).toMatchObject({
      stripeSecretKey: expect.stringMatching(/^aes256gcm:v1:/),
      stripeWebhookSecret: expect.stringMatching(/^aes256gcm:v1:/),
    });
  });

  it("takes a card payment through Stripe with the school's keys, fulfils it by webhook and refunds it", async () => {
    await saveStore(s, SCHOOL_KEYS);
    const { order, outcome } = await placeAndPay(s);
    expect(outcome).toMatchObject({
      status: "requires_action",
      provider: "stripe",
      publishableKey: SCHOOL_KEYS.stripePublishableKey,
    });
    const intent = standIn.intentFor(order.id);
    const created = standIn.requests.find(
      (r) => r.path === "/v1/payment_intents" && r.form.get("metadata[orderId]") === order.id,
    );
    expect(created?.authorization).toBe(`Bearer ${SCHOOL_KEYS.stripeSecretKey}`);

    const payload = intentEvent("payment_intent.succeeded", intent);
    // Signed with another secret (another school's, or a forger's): refused, nothing paid.
    const forged = await deliver(s, payload, "whsec_SomeoneElse1");
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("The webhook signature is not valid.");
    const [before] = await s.t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(before!.status).toBe("pending");

    const accepted = await deliver(s, payload, SCHOOL_KEYS.stripeWebhookSecret);
    expect(accepted.statusCode).toBe(200);
    const [after] = await s.t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("delivered");

    const refunded = await s.t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/refunds`,
      headers: bearer(s.admin.token),
      payload: { amountCents: 1000, reason: "Goodwill" },
    });
    expect(refunded.statusCode).toBe(201);
    expect(standIn.refunds).toContain(intent.id);
    const refundCall = standIn.requests.find(
      (r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === intent.id,
    );
    expect(refundCall?.authorization).toBe(`Bearer ${SCHOOL_KEYS.stripeSecretKey}`);
    expect(refundCall?.form.get("amount")).toBe("1000");
  });

  it("sends 'Connect With Stripe' to Stripe's onboarding with the school's own key", async () => {
    await saveStore(s, SCHOOL_KEYS);
    const context = await pageContext(s.t, {
      staffSession: await s.t.app.services.sessions.resolve(s.admin.token),
    });
    const request = new Request("http://localhost/admin/stripe-connect");
    const answer = (await stripeConnectLoader({ request, context, params: {} } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/\/standin\/onboarding\/acct_test_\d+\?return_url=/);
    for (const path of ["/v1/accounts", "/v1/account_links"]) {
      const call = standIn.requests.find((r) => r.path === path);
      expect(call?.authorization).toBe(`Bearer ${SCHOOL_KEYS.stripeSecretKey}`);
    }
    expect(standIn.requests.find((r) => r.path === "/v1/accounts")?.form.get("metadata[companyId]")).toBe(
      s.t.companyId,
    );
  });

  it("offers iDEAL and 'Connect With Stripe' from the school's keys, and not to a school without keys", async () => {
    const methods = await s.t.app.inject({
      method: "GET",
      url: "/api/admin/payment-settings",
      headers: bearer(s.admin.token),
    });
    expect(methods.json().ideal).toMatchObject({ configured: true });
    expect(await s.t.app.services.stripeConnect.configured(s.t.companyId)).toBe(true);
    const other = await s.t.app.services.companies.resolve(otherSlug);
    expect(await s.t.app.services.stripeConnect.configured(other!.id)).toBe(false);
    expect(
      await s.t.app.services.stripeConnect.onboardingUrl(other!.id, { returnUrl: "x", refreshUrl: "y" }),
    ).toBe(null);
  });

  it("verifies a webhook with the secret of the school it was sent to, and of the school it names", async () => {
    await saveStore(s, SCHOOL_KEYS);
    const { order } = await placeAndPay(s);
    const payload = intentEvent("payment_intent.succeeded", standIn.intentFor(order.id));
    const second = await insertCompany(s.t.database.db, {
      slug: "second-keyed-school",
      name: "Second School",
    });
    const secondAdmin = await createStaff(s.t, second.id, "Admin");
    const secondKeys = { ...SCHOOL_KEYS, stripeWebhookSecret: "whsec_SecondSchool2" };
    const savedSecond = await saveStore({ ...s, admin: secondAdmin }, secondKeys, { company: second.slug });
    expect(savedSecond.statusCode).toBe(200);

    // Sent to the second school's address: its secret decides, the first school's is not tried.
    const toSecond = { company: second.slug };
    expect((await deliver(s, payload, SCHOOL_KEYS.stripeWebhookSecret, toSecond)).statusCode).toBe(400);
    // Signed by the second school, but about the first school's order: the first school's own
    // secret must have signed it too.
    expect((await deliver(s, payload, secondKeys.stripeWebhookSecret, toSecond)).statusCode).toBe(400);
    const [still] = await s.t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe("pending");
    // A school without keys has no Stripe webhook at all.
    expect(
      (await deliver(s, payload, SCHOOL_KEYS.stripeWebhookSecret, { company: otherSlug })).statusCode,
    ).toBe(404);
    expect((await deliver(s, payload, SCHOOL_KEYS.stripeWebhookSecret)).statusCode).toBe(200);
  });

  it("a school without keys pays with the demo provider, beside the school with keys", async () => {
    const other = await s.t.app.services.companies.resolve(otherSlug);
    const school = await s.t.app.services.payments.forCompany(other!.id);
    expect(school).toMatchObject({ source: "none", stripe: null });
    expect(school.card.name).toBe("demo");
    const own = await s.t.app.services.payments.forCompany(s.t.companyId);
    expect(own.source).toBe("settings");
    // One Stripe client per set of keys: the same one for the next request.
    expect((await s.t.app.services.payments.forCompany(s.t.companyId)).stripe).toBe(own.stripe);
  });

  it("rejects keys of the wrong kind with a field message in English and Dutch", async () => {
    const bad = {
      stripePublishableKey: "sk_test_Wrong1",
      stripeSecretKey: "pk_test_Wrong2",
      stripeWebhookSecret: "sk_test_Wrong3",
    };
    const en = await saveStore(s, bad);
    expect(en.statusCode).toBe(400);
    expect(en.json().details.fields).toEqual({
      stripePublishableKey: "The publishable key starts with pk_test_ or pk_live_",
      stripeSecretKey: "The secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_",
      stripeWebhookSecret: "The webhook secret starts with whsec_",
    });
    const nl = await saveStore(s, bad, { "accept-language": "nl" });
    expect(nl.json().details.fields).toEqual({
      stripePublishableKey: "De publieke sleutel begint met pk_test_ of pk_live_",
      stripeSecretKey: "De geheime sleutel begint met sk_test_, sk_live_, rk_test_ of rk_live_",
      stripeWebhookSecret: "Het webhookgeheim begint met whsec_",
    });
    // A live publishable key beside the saved test secret key (or a live secret beside a test publishable key).
    const mixed = await saveStore(s, { stripePublishableKey: "pk_live_Mixed1" }, { "accept-language": "nl" });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.fields).toEqual({
      stripePublishableKey:
        "De publieke sleutel en de geheime sleutel moeten allebei testsleutels of allebei livesleutels zijn",
    });
    const mixedNew = await saveStore(s, { ...SCHOOL_KEYS, stripeSecretKey: "sk_live_Mixed2" });
    expect(mixedNew.json().details.fields).toEqual({
      stripePublishableKey:
        "The publishable key and the secret key must both be test keys or both be live keys",
    });
    // A secret key without its publishable key (Stripe's card form could not load).
    const withoutPublishable = await saveStore(
      s,
      { ...SCHOOL_KEYS, stripePublishableKey: "" },
      {
        "accept-language": "nl",
      },
    );
    expect(withoutPublishable.statusCode).toBe(400);
    expect(withoutPublishable.json().details.fields).toEqual({
      stripePublishableKey:
        "Vul ook de publieke sleutel in: de betaalpagina heeft die naast de geheime sleutel nodig",
    });
    // Nothing changed: the school's keys still take its payments.
    expect((await s.t.app.services.payments.forCompany(s.t.companyId)).source).toBe("settings");
  });

  it("removes a key with null: the school is back on the demo provider", async () => {
    const removed = await saveStore(s, { stripeSecretKey: null });
    expect(removed.json()).toMatchObject({ stripeSecretKeySet: false, stripeSecretKeyLast4: null });
    expect((await s.t.app.services.payments.forCompany(s.t.companyId)).card.name).toBe("demo");
    await saveStore(s, SCHOOL_KEYS);
  });
});

describe("without SETTINGS_ENCRYPTION_KEY", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(() => s?.t.close());

  it("refuses to save a secret key and says what to set, in English and Dutch; the publishable key saves", async () => {
    const refused = await saveStore(s, SCHOOL_KEYS);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^Secret keys cannot be saved on this server yet: set SETTINGS_ENCRYPTION_KEY/,
    );
    expect(refused.json().details.fields.stripeSecretKey).toMatch(/SETTINGS_ENCRYPTION_KEY/);
    const nl = await saveStore(s, SCHOOL_KEYS, { "accept-language": "nl" });
    expect(nl.json().message).toMatch(/^Geheime sleutels kunnen op deze server nog niet worden opgeslagen/);
    const [row] = await s.t.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, s.t.companyId), eq(settings.name, "store")));
    expect(JSON.stringify(row?.value ?? {})).not.toContain("SchoolSecret");

    const publishable = await saveStore(s, { stripePublishableKey: SCHOOL_KEYS.stripePublishableKey });
    expect(publishable.statusCode).toBe(200);
    expect((await s.t.app.services.payments.forCompany(s.t.companyId)).card.name).toBe("demo");
  });
});

describe("Stripe keys in the environment win over a school's own", () => {
  const standIn = stripeStandIn();
  const ENV_WEBHOOK = "whsec_EnvironmentHook1";
  let s: Setup;

  beforeAll(async () => {
    const apiBase = await standIn.start();
    s = await setUp({
      SETTINGS_ENCRYPTION_KEY: encryptionKey(),
      STRIPE_API_BASE: apiBase,
      STRIPE_SECRET_KEY: "sk_test_Environment1",
      STRIPE_WEBHOOK_SECRET: ENV_WEBHOOK,
      STRIPE_PUBLISHABLE_KEY: "pk_test_Environment1",
    });
  });
  afterAll(async () => {
    await s?.t.close();
    await standIn.stop();
  });

  it("charges with the environment's keys and verifies webhooks with its secret only", async () => {
    expect((await saveStore(s, SCHOOL_KEYS)).statusCode).toBe(200);
    const { order, outcome } = await placeAndPay(s);
    expect(outcome).toMatchObject({ provider: "stripe", publishableKey: "pk_test_Environment1" });
    const created = standIn.requests.find((r) => r.path === "/v1/payment_intents");
    expect(created?.authorization).toBe("Bearer sk_test_Environment1");

    const payload = intentEvent("payment_intent.succeeded", standIn.intentFor(order.id));
    expect((await deliver(s, payload, SCHOOL_KEYS.stripeWebhookSecret)).statusCode).toBe(400);
    expect((await deliver(s, payload, ENV_WEBHOOK)).statusCode).toBe(200);
    const rows = await s.t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => [row.provider, row.status])).toEqual([["stripe", "succeeded"]]);
  });
});
