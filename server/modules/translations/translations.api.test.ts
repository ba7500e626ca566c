import type { FastifyInstance } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messagesAt } from "~/i18n/messages-store";
import { loader as rootLoader } from "~/root";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { createStaff } from "../../../tests/support/staff";
import { createTestInstances, type TestInstances } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";

const ctx = adminTestContext();
const { call } = ctx;
const API = "/api/admin/translations";

describe("GET /api/admin/translations", () => {
  it("lists every interface text of a language with its English and default text, paginated", async () => {
    const page = await call("GET", `${API}?language=nl&limit=5`, ctx.admin.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ language: "nl", page: 1, limit: 5 });
    expect(page.body.items).toHaveLength(5);
    expect(page.body.total).toBeGreaterThan(1000);
    const second = await call("GET", `${API}?language=nl&limit=5&page=2`, ctx.admin.token);
    expect(second.body.items[0].key).not.toBe(page.body.items[0].key);
    const tagline = await call("GET", `${API}?language=nl&search=footer.tagline`, ctx.admin.token);
    expect(tagline.body.items).toEqual([
      {
        key: "footer.tagline",
        english:
          "Calm, carefully made online courses for Christian schools, micro schools and homeschooling families.",
        defaultText: expect.stringContaining("online cursussen"),
        override: null,
        updatedAt: null,
        updatedBy: null,
      },
    ]);
  });

  it("searches the key, the English text and the current text, ignoring case", async () => {
    const byEnglish = await call("GET", `${API}?language=nl&search=HOMESCHOOLING FAMILIES`, ctx.admin.token);
    expect(byEnglish.body.items.map((item: { key: string }) => item.key)).toContain("footer.tagline");
    const dutch = byEnglish.body.items.find(
      (item: { key: string }) => item.key === "footer.tagline",
    ).defaultText;
    const byDutch = await call(
      "GET",
      `${API}?language=nl&search=${encodeURIComponent(dutch.toUpperCase())}`,
      ctx.admin.token,
    );
    expect(byDutch.body.items.map((item: { key: string }) => item.key)).toContain("footer.tagline");
    const none = await call("GET", `${API}?language=nl&search=zzqqxx-no-such-text`, ctx.admin.token);
    expect(none.body).toMatchObject({ items: [], total: 0, pages: 0 });
  });

  it("refuses a language the school does not offer, and answers 401 and 403", async () => {
    const unknown = await call("GET", `${API}?language=fr`, ctx.admin.token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('"fr" is not one of this school\'s languages');
    expect((await call("GET", `${API}?language=english`, ctx.admin.token)).status).toBe(400);
    expect((await call("GET", API)).status).toBe(401);
    expect((await call("GET", API, ctx.driver.token)).status).toBe(403);
  });
});

describe("PUT and DELETE /api/admin/translations", () => {
  it("saves an override, shows it in the list and the pages' messages, and resets it", async () => {
    const saved = await call("PUT", API, ctx.admin.token, {
      language: "nl",
      key: "home.hero.title",
      text: "Lessen die blijven hangen",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      key: "home.hero.title",
      english: "Online courses that help every learner grow",
      override: "Lessen die blijven hangen",
      updatedBy: ctx.admin.email,
    });
    const { translations } = ctx.t.app.services;
    expect(await translations.overrides(ctx.companyId, "nl")).toEqual({
      "home.hero.title": "Lessen die blijven hangen",
    });
    expect(await translations.overrides(ctx.companyId, "en")).toEqual({});
    // The list searches the current text too.
    const found = await call("GET", `${API}?language=nl&search=blijven hangen`, ctx.admin.token);
    expect(found.body.items.map((item: { key: string }) => item.key)).toEqual(["home.hero.title"]);
    // Another school keeps the default.
    const other = await call("GET", `${API}?language=nl&search=home.hero.title`, ctx.other.admin.token);
    expect(other.body.items[0].override).toBeNull();

    const reset = await call("DELETE", `${API}?language=nl&key=home.hero.title`, ctx.admin.token);
    expect(reset.status).toBe(200);
    expect(reset.body.override).toBeNull();
    expect(await translations.overrides(ctx.companyId, "nl")).toEqual({});
    const audit = await ctx.t.app.services.audit.list(ctx.companyId, {
      page: 1,
      limit: 20,
      entity: "translation",
    });
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(["delete", "create"]);
    expect(audit.items[0]?.summary).toBe("nl: home.hero.title");
  });

  it("keeps exactly the default's placeholders", async () => {
    const key = "header.homeLabel"; // "{{shopName}}, home"
    const missing = await call("PUT", API, ctx.admin.token, { language: "en", key, text: "Home" });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain("{{shopName}}");
    expect(missing.body.details).toEqual({ missing: ["shopName"], extra: [] });
    const extra = await call("PUT", API, ctx.admin.token, {
      language: "en",
      key,
      text: "{{shopName}} home for {{name}}",
    });
    expect(extra.status).toBe(422);
    expect(extra.body.details).toEqual({ missing: [], extra: ["name"] });
    expect(extra.body.message).toBe(
      "The text must keep exactly the placeholders of the default text. Not in the default: {{name}}.",
    );
    const dutch = await call("PUT", `${API}?lng=nl`, ctx.admin.token, { language: "en", key, text: "Thuis" });
    expect(dutch.body.message).toBe(
      "De tekst moet precies de plaatshouders van de standaardtekst behouden. Ontbreekt: {{shopName}}.",
    );
    const kept = await call("PUT", API, ctx.admin.token, {
      language: "en",
      key,
      text: "{{shopName}} – start",
    });
    expect(kept.status).toBe(200);
    await call("DELETE", `${API}?language=en&key=${key}`, ctx.admin.token);
  });

  it("refuses an unknown key, an empty or too long text, and staff without write access", async () => {
    const unknown = await call("PUT", API, ctx.admin.token, {
      language: "nl",
      key: "no.such.key",
      text: "Hoi",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('There is no interface text with the key "no.such.key"');
    // A namespace is not a text either.
    expect(
      (await call("PUT", API, ctx.admin.token, { language: "nl", key: "footer", text: "x" })).status,
    ).toBe(422);
    for (const text of ["", "   "]) {
      const empty = await call("PUT", API, ctx.admin.token, { language: "nl", key: "footer.tagline", text });
      expect(empty.status).toBe(400);
    }
    const long = await call("PUT", API, ctx.admin.token, {
      language: "nl",
      key: "footer.tagline",
      text: "x".repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("at most 2000 characters");
    const valid = { language: "nl", key: "footer.tagline", text: "Hallo" };
    expect((await call("PUT", API, ctx.driver.token, valid)).status).toBe(403);
    expect((await call("DELETE", `${API}?language=nl&key=footer.tagline`, ctx.driver.token)).status).toBe(
      403,
    );
    expect((await call("DELETE", `${API}?language=nl&key=nope`, ctx.admin.token)).status).toBe(422);
  });
});

describe("a save on one instance", () => {
  let instances: TestInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let companyId: string;
  let token: string;

  beforeAll(async () => {
    instances = await createTestInstances(2);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
    companyId = (await a.services.companies.resolve(undefined))!.id;
    token = (await createStaff({ ...instances, app: a }, companyId, "Admin")).token;
  });

  afterAll(async () => {
    await instances?.close();
  });

  /** The address of the strings the root loader of `app` gives a storefront page in `language`. */
  async function pageMessagesSrc(app: FastifyInstance, language: "en" | "nl", company = companyId) {
    const context = {
      services: app.services,
      company: (await app.services.companies.resolve(company))!,
      language,
      cspNonce: "n",
      allowSources: () => {},
      origin: "http://localhost",
      customer: null,
      visitorSession: null,
      staffSession: null,
    } as unknown as AppLoadContext;
    const url = `http://localhost/?lng=${language}`;
    const data = await rootLoader({
      context,
      request: new Request(url),
      url: new URL(url),
      params: {},
      pattern: "/",
    } as unknown as Parameters<typeof rootLoader>[0]);
    return data.messagesSrc;
  }

  /** The strings themselves (what the HTML is made of, and what their script carries). */
  async function pageMessages(app: FastifyInstance, language: "en" | "nl", company = companyId) {
    return messagesAt(await pageMessagesSrc(app, language, company)) as { footer: { tagline: string } };
  }

  it("reaches the other instance's pages at once, in that language and school only, and so does the reset", async () => {
    const headers = { authorization: `Bearer ${token}` };
    const before = (await pageMessages(b, "nl")).footer.tagline; // cached on B
    const srcBefore = await pageMessagesSrc(b, "nl");
    const other = (await insertCompany(instances.database.db, { slug: "tr-other", name: "Other" })).id;
    const otherSrc = await pageMessagesSrc(b, "nl", other);
    const saved = await a.inject({
      method: "PUT",
      url: API,
      headers,
      payload: { language: "nl", key: "footer.tagline", text: "Onze eigen slogan" },
    });
    expect(saved.statusCode).toBe(200);
    await vi.waitFor(
      async () => expect((await pageMessages(b, "nl")).footer.tagline).toBe("Onze eigen slogan"),
      { timeout: 2000 },
    );
    expect((await pageMessages(a, "nl")).footer.tagline).toBe("Onze eigen slogan");
    expect((await pageMessages(b, "en")).footer.tagline).toMatch(/^Calm, carefully made online courses/);
    expect((await pageMessages(b, "nl", other)).footer.tagline).toBe(before);
    // The texts' script has a new address (its hash) for this school only; the browser fetches it anew.
    expect(await pageMessagesSrc(b, "nl")).not.toBe(srcBefore);
    expect(await pageMessagesSrc(b, "nl", other)).toBe(otherSrc);

    await a.inject({ method: "DELETE", url: `${API}?language=nl&key=footer.tagline`, headers });
    await vi.waitFor(async () => expect((await pageMessages(b, "nl")).footer.tagline).toBe(before), {
      timeout: 2000,
    });
    expect(await pageMessagesSrc(b, "nl")).toBe(srcBefore);
  });
});
