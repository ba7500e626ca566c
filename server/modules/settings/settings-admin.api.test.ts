import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { writableSettings } from "../../../tests/support/settings-input";
import { createStaff } from "../../../tests/support/staff";
import { nextCounter } from "../orders/counters";

// A key to encrypt the Stripe secrets with (without one, saving them is refused).
const ctx = adminTestContext({ env: { SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("base64") } });
const { call } = ctx;

describe("GET /api/admin/settings/{group}", () => {
  it("reads the common settings", async () => {
    const { status, body } = await call("GET", "/api/admin/settings/global", ctx.admin.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      currency: "EUR",
      dateFormat: "DD/MM/YYYY",
      addressLine1: "Lindengracht 112",
    });
  });

  it("answers 401 without a session, 403 for a role without settings, 400 for an unknown group", async () => {
    expect((await call("GET", "/api/admin/settings/global")).status).toBe(401);
    expect((await call("GET", "/api/admin/settings/global", ctx.driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/settings/tax", ctx.admin.token)).status).toBe(400);
  });
});

describe("PUT /api/admin/settings/{group}", () => {
  it("saves the common settings, feeds storeInfo at once and writes an audit entry", async () => {
    const current = (await call("GET", "/api/admin/settings/global", ctx.admin.token)).body;
    const { status, body } = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...current,
      shopName: "Joyful Learning",
    });
    expect(status).toBe(200);
    expect(body.shopName).toBe("Joyful Learning");
    expect((await ctx.t.app.services.settings.storeInfo(ctx.companyId)).shopName).toBe("Joyful Learning");
    const audit = await ctx.t.app.services.audit.list(ctx.companyId, {
      page: 1,
      limit: 5,
      entity: "settings",
    });
    expect(audit.items[0]).toMatchObject({
      action: "update",
      entityId: "global",
      staff: { email: ctx.admin.email },
      changes: { shopName: { from: current.shopName, to: "Joyful Learning" } },
    });
    expect(Object.keys(audit.items[0]!.changes ?? {})).toEqual(["shopName"]);
  });

  it("rejects bad values with field errors and changes nothing", async () => {
    const { status, body } = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      shopName: "",
      email: "not-an-email",
      timeZone: "Mars/Olympus",
    });
    expect(status).toBe(400);
    expect(Object.keys(body.details.fields)).toEqual(
      expect.arrayContaining(["shopName", "email", "timeZone"]),
    );
    expect((await ctx.t.app.services.settings.storeInfo(ctx.companyId)).shopName).toBe("Joyful Learning");
  });

  it("never returns the payment secrets, keeps them when omitted and removes them with null", async () => {
    const secret = "sk_test_VerySecret123";
    const saved = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      stripePublishableKey: "pk_test_abc123",
      stripeSecretKey: secret,
      stripeWebhookSecret: "whsec_abc123",
      metaTitle: "Learn",
      staffSignupOpen: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.raw).not.toContain(secret);
    expect(saved.raw).not.toContain("whsec_abc123");
    expect(saved.body).toMatchObject({
      stripeSecretKeySet: true,
      stripeWebhookSecretSet: true,
      staffSignupOpen: true,
    });

    // The secret key needs its publishable key beside it (the payment page loads Stripe with it).
    const alone = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      metaTitle: "Learn more",
    });
    expect(alone.status).toBe(400);
    expect(alone.body.details.fields).toEqual({
      stripePublishableKey: "Enter the publishable key too: the payment page needs it beside the secret key",
    });
    expect((await call("GET", "/api/admin/settings/store", ctx.admin.token)).body.metaTitle).toBe("Learn");
    const kept = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      stripePublishableKey: "pk_test_abc123",
      metaTitle: "Learn more",
    });
    expect(kept.body.stripeSecretKeySet).toBe(true);
    // Stored encrypted: the database never holds the key itself.
    const stored = await ctx.t.app.services.settings.read(ctx.companyId, "store");
    expect(stored.stripeSecretKey).toMatch(/^aes256gcm:v1:/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const read = await call("GET", "/api/admin/settings/store", ctx.admin.token);
    expect(read.raw).not.toContain(secret);

    const audit = await ctx.t.app.services.audit.list(ctx.companyId, {
      page: 1,
      limit: 20,
      entity: "settings",
    });
    expect(JSON.stringify(audit)).not.toContain(secret);
    // A secret is recorded as replaced, without its value; other fields before → after.
    const withSecret = audit.items.find((item) => item.entityId === "store" && item.changes?.stripeSecretKey);
    expect(withSecret?.changes).toMatchObject({
      stripeSecretKey: { from: "[hidden]", to: "[hidden]" },
      staffSignupOpen: { to: true },
    });

    const cleared = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      stripePublishableKey: "pk_test_abc123",
      stripeWebhookSecret: null,
    });
    expect(cleared.body).toMatchObject({ stripeSecretKeySet: true, stripeWebhookSecretSet: false });
    const bad = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      stripeSecretKey: "password",
    });
    expect(bad.status).toBe(400);
  });

  it("makes the next invoice number the start value when it is higher than the counter", async () => {
    const { status } = await call("PUT", "/api/admin/settings/invoice", ctx.admin.token, {
      prefix: "INV-",
      startValue: 5000,
      leadingZeros: true,
      length: 8,
    });
    expect(status).toBe(200);
    expect(await ctx.t.database.db.transaction((tx) => nextCounter(tx, ctx.companyId, "invoice"))).toBe(5000);
    // A lower start value never moves the counter back.
    await call("PUT", "/api/admin/settings/invoice", ctx.admin.token, {
      prefix: "",
      startValue: 10,
      leadingZeros: false,
      length: 1,
    });
    expect(await ctx.t.database.db.transaction((tx) => nextCounter(tx, ctx.companyId, "invoice"))).toBe(5001);
    expect(
      (
        await call("PUT", "/api/admin/settings/invoice", ctx.admin.token, {
          startValue: 0,
          leadingZeros: true,
          length: 30,
        })
      ).status,
    ).toBe(400);
  });

  it("raises the current year's counter for a yearly number type, leaving the plain counter alone", async () => {
    const { timeZone } = (await call("GET", "/api/admin/settings/global", ctx.admin.token)).body;
    const year = Number(new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(new Date()));
    const plainBefore = await ctx.t.database.db.transaction((tx) =>
      nextCounter(tx, ctx.companyId, "invoice"),
    );
    const saved = await call("PUT", "/api/admin/settings/invoice", ctx.admin.token, {
      prefix: "INV-",
      type: "yearly-prefix",
      startValue: 300,
      leadingZeros: true,
      length: 6,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.type).toBe("yearly-prefix");
    expect(
      await ctx.t.database.db.transaction((tx) => nextCounter(tx, ctx.companyId, `invoice:${year}`)),
    ).toBe(300);
    expect(await ctx.t.database.db.transaction((tx) => nextCounter(tx, ctx.companyId, "invoice"))).toBe(
      plainBefore + 1,
    );
    // Back to the plain prefix for the tests after this one.
    await call("PUT", "/api/admin/settings/invoice", ctx.admin.token, {
      prefix: "",
      type: "prefix",
      startValue: 1,
      leadingZeros: false,
      length: 1,
    });
  });

  it("saves what fills the popular courses, and refuses an unknown source or a course that is no id", async () => {
    const id = "0190a0b0-0000-7000-8000-000000000001";
    const good = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      popularSource: "chosen",
      popularCourses: [id],
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ popularSource: "chosen", popularCourses: [id] });
    const bad = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      popularSource: "random",
      popularCourses: [id, id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toMatchObject({
      popularSource: "popularSource must be one of newest, chosen, badge, sales",
      popularCourses: "Choose each popular course once",
    });
    expect((await ctx.t.app.services.settingsAdmin.storefront(ctx.companyId)).popularSource).toBe("chosen");
    await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, { popularSource: "newest" });
  });

  it("keeps companies apart and needs write permission", async () => {
    const theirs = await call("PUT", "/api/admin/settings/storefront", ctx.other.admin.token, {
      heroTitle: { en: "Other hero" },
    });
    expect(theirs.status).toBe(200);
    // Their session does not open this school.
    const crossed = await ctx.t.app.inject({
      method: "GET",
      url: "/api/admin/settings/global",
      headers: { authorization: `Bearer ${ctx.other.admin.token}` },
    });
    expect(crossed.statusCode).toBe(401);
    const mine = await call("GET", "/api/admin/settings/storefront", ctx.admin.token);
    expect(mine.body.heroTitle.en).toBe("");
    expect(
      (await call("PUT", "/api/admin/settings/global", ctx.driver.token, { shopName: "X" })).status,
    ).toBe(403);
    const accountant = await createStaff(ctx.t, ctx.companyId, "Accountant");
    expect((await call("GET", "/api/admin/settings/global", accountant.token)).status).toBe(200);
    expect(
      (await call("PUT", "/api/admin/settings/global", accountant.token, { shopName: "X" })).status,
    ).toBe(403);
  });

  it("validates header links and footer columns of the storefront", async () => {
    const bad = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      headerLinks: [{ label: { en: "Evil" }, url: "javascript:alert(1)" }],
    });
    expect(bad.status).toBe(400);
    const good = await call("PUT", "/api/admin/settings/storefront", ctx.admin.token, {
      heroTitle: { en: "Learn anything", nl: "Leer alles" },
      headerLinks: [{ label: { en: "Blog" }, url: "https://blog.example.com" }],
      footerColumns: [{ title: { en: "More" }, links: [{ label: { en: "Help" }, url: "/help" }] }],
    });
    expect(good.status).toBe(200);
    expect((await ctx.t.app.services.settingsAdmin.storefront(ctx.companyId)).heroTitle.nl).toBe(
      "Leer alles",
    );
  });
});

describe("the shop currency", () => {
  it("cannot be changed once the shop has orders, with a clear message, and nothing changes", async () => {
    const current = (await call("GET", "/api/admin/settings/global", ctx.admin.token)).body;
    const { status, body } = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...current,
      currency: "USD",
    });
    expect(status).toBe(400);
    const message =
      "The shop currency cannot be changed once the shop has orders: prices, past orders and reports stay in the current currency. Offer other currencies to buyers under International → Currencies instead.";
    expect(body.message).toBe(message);
    expect(body.details.fields.currency).toBe(message);
    expect((await call("GET", "/api/admin/settings/global", ctx.admin.token)).body.currency).toBe("EUR");
    // Other fields of the same form still save while the currency stays.
    const saved = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...current,
      website: "",
    });
    expect(saved.status).toBe(200);
  });

  it("can still be chosen by a school without orders", async () => {
    const current = (await call("GET", "/api/admin/settings/global", ctx.other.admin.token)).body;
    const { status, body } = await call("PUT", "/api/admin/settings/global", ctx.other.admin.token, {
      ...current,
      currency: "USD",
    });
    expect(status).toBe(200);
    expect(body.currency).toBe("USD");
  });
});

describe("settings that take effect (issue 21)", () => {
  it("saves working hours, the date format, the default language and the SEO image, and rejects bad ones", async () => {
    const current = (await call("GET", "/api/admin/settings/global", ctx.admin.token)).body;
    const saved = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...current,
      workingHours: "Mon–Fri 9:00–17:00",
      dateFormat: "YYYY-MM-DD",
      defaultLanguage: "nl",
    });
    expect(saved.status).toBe(200);
    const info = await ctx.t.app.services.settings.storeInfo(ctx.companyId);
    expect(info).toMatchObject({
      workingHours: "Mon–Fri 9:00–17:00",
      dateFormat: "YYYY-MM-DD",
      visitorLanguage: "nl",
    });
    const browser = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...saved.body,
      defaultLanguage: "",
    });
    expect(browser.status).toBe(200);
    expect((await ctx.t.app.services.settings.storeInfo(ctx.companyId)).visitorLanguage).toBeUndefined();

    const bad = await call("PUT", "/api/admin/settings/global", ctx.admin.token, {
      ...saved.body,
      dateFormat: "YYYY/DD/MM",
      defaultLanguage: "dutch",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields)).toEqual(
      expect.arrayContaining(["dateFormat", "defaultLanguage"]),
    );

    const store = (await call("GET", "/api/admin/settings/store", ctx.admin.token)).body;
    const storeInput = writableSettings(store);
    const badImage = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      ...storeInput,
      metaImage: "javascript:alert(1)",
    });
    expect(badImage.status).toBe(400);
    expect(badImage.body.details.fields.metaImage).toBe(
      "An image must be a site path or an https:// address",
    );
    const image = await call("PUT", "/api/admin/settings/store", ctx.admin.token, {
      ...storeInput,
      metaImage: "/images/social.png",
    });
    expect(image.status).toBe(200);
    expect((await ctx.t.app.services.settingsAdmin.seo(ctx.companyId)).image).toBe("/images/social.png");
  });
});
