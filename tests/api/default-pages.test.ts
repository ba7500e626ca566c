import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as aboutUsLoader } from "~/routes/storefront/about-us";
import { loader as helpLoader } from "~/routes/storefront/help";
import { loader as privacyLoader } from "~/routes/storefront/privacy-policy";
import { createStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
});
afterAll(() => t.close());

/** What a storefront page's loader gets for an anonymous visitor in `language`. */
async function args(path: string, language: "en" | "nl") {
  const company = (await t.app.services.companies.resolve(undefined))!;
  return {
    request: new Request(`http://localhost${path}`),
    context: {
      services: t.app.services,
      company,
      language,
      cspNonce: "",
      origin: "http://localhost",
      customer: null,
      visitorSession: null,
      staffSession: null,
      sessionCookies: t.app.sessionCookies,
      client: { ip: "127.0.0.1", userAgent: "test" },
    } as AppLoadContext,
    params: {},
  } as never;
}

/** All the text of a built-in document, to search in. */
function textOf(document: {
  title: string;
  intro: string;
  sections: { heading: string; blocks: unknown[] }[];
}) {
  return JSON.stringify(document);
}

describe("default pages on a fresh install", () => {
  it("serves a complete GDPR privacy policy in English and Dutch, about this school", async () => {
    const store = await t.app.services.settings.storeInfo(companyId);
    const en = await privacyLoader(await args("/privacy-policy", "en"));
    expect(en.custom).toBeNull();
    expect(en.document.title).toBe("Privacy policy");
    expect(en.document.sections.map((section) => section.id)).toEqual(
      expect.arrayContaining(["controller", "purposes", "processors", "retention", "rights", "complaints"]),
    );
    const text = textOf(en.document);
    expect(text).toContain(store.companyName || store.shopName);
    for (const expected of [
      "Article 6(1)(b) GDPR",
      "Article 6(1)(c) GDPR",
      "Stripe Payments Europe",
      "email delivery service",
      "seven years",
      "Data portability",
      "Autoriteit Persoonsgegevens",
    ]) {
      expect(text).toContain(expected);
    }
    const nl = await privacyLoader(await args("/privacy-policy", "nl"));
    expect(nl.document.title).toBe("Privacyverklaring");
    expect(textOf(nl.document)).toContain("Autoriteit Persoonsgegevens");
    expect(textOf(nl.document)).toContain("artikel 6 lid 1 sub b AVG");
  });

  it("serves a default About Us page, and the FAQ on /help", async () => {
    const en = await aboutUsLoader(await args("/about-us", "en"));
    expect(en.custom).toBeNull();
    expect(en.document.title).toBe("About us");
    expect((await aboutUsLoader(await args("/about-us", "nl"))).document.title).toBe("Over ons");
    const help = await helpLoader(await args("/help", "en"));
    expect(help.faqs.map((faq) => faq.question)).toContain("Can I withdraw from my purchase?");
  });

  it("shows the school's own text once staff save it in Store customization", async () => {
    const admin = await createStaff(t, companyId, "Admin");
    for (const slug of ["privacy-policy", "about-us"]) {
      const saved = await t.app.inject({
        method: "PUT",
        url: `/api/admin/pages/${slug}`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: {
          title: { en: `Our ${slug}`, nl: `Onze ${slug}` },
          body: { en: "<p>Written by the school.</p>", nl: "<p>Door de school geschreven.</p>" },
        },
      });
      expect(saved.statusCode).toBe(200);
    }
    const privacy = await privacyLoader(await args("/privacy-policy", "nl"));
    expect(privacy.custom).toMatchObject({
      title: "Onze privacy-policy",
      html: "<p>Door de school geschreven.</p>",
    });
    const about = await aboutUsLoader(await args("/about-us", "en"));
    expect(about.custom).toMatchObject({ title: "Our about-us" });
  });
});
