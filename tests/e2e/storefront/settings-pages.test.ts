import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~server/db/client";
import { productionPages } from "../../support/production-pages";
import { writableSettings } from "../../support/settings-input";
import { createStaff, type TestStaff } from "../../support/staff";

/**
 * Settings that change what visitors get (issue 21): each test saves a setting through the admin
 * API and reads the next server-rendered page through the real Fastify app (production build, page
 * cache on), so a saved setting is visible on the very next request.
 */
let app: FastifyInstance;
let database: Database;
let close: (() => Promise<void>) | undefined;
let admin: TestStaff;
let companyId: string;

beforeAll(async () => {
  ({ app, database, close } = await productionPages("settings-pages"));
  companyId = (await app.services.companies.resolve(undefined))!.id;
  admin = await createStaff({ app, database, close: async () => {} }, companyId, "Admin");
});

afterAll(async () => {
  await close?.();
});

const host = { host: "courses.example.org" };

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url, headers: { ...host, ...headers } });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

async function saveSettings(group: string, changes: Record<string, unknown>) {
  const auth = { ...host, authorization: `Bearer ${admin.token}` };
  const current = (await app.inject({ url: `/api/admin/settings/${group}`, headers: auth })).json();
  const input = writableSettings(current);
  const saved = await app.inject({
    method: "PUT",
    url: `/api/admin/settings/${group}`,
    headers: auth,
    payload: { ...input, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("SEO meta settings", () => {
  it("fill the home page's head and add keywords and the social image to every storefront page", async () => {
    // Cached before the change: the save must drop the shared copy.
    const before = await page("/");
    expect(metaContent(before, "keywords")).toBeUndefined();
    await page("/catalog");

    await saveSettings("store", {
      metaTitle: "Joyful Learning – courses for home educators",
      metaDescription: "Calm, practical courses for parents and teachers.",
      metaKeywords: "homeschool, courses, teachers",
      metaImage: "/images/social-card.png",
    });

    const home = await page("/");
    expect(titleOf(home)).toBe("Joyful Learning – courses for home educators");
    expect(metaContent(home, "description")).toBe("Calm, practical courses for parents and teachers.");
    expect(metaContent(home, "og:image")).toBe("https://courses.example.org/images/social-card.png");
    expect(metaContent(home, "keywords")).toBe("homeschool, courses, teachers");

    for (const url of ["/catalog", "/cart", "/about-us", "/customer-signin"]) {
      const response = await app.inject({ url, headers: host });
      const html = response.body;
      expect(metaContent(html, "keywords"), url).toBe("homeschool, courses, teachers");
      expect(metaContent(html, "og:image") ?? "", url).not.toBe("");
    }
    // A page without its own description gets the school's.
    expect(metaContent(await page("/cart"), "description")).toBe(
      "Calm, practical courses for parents and teachers.",
    );

    // A course page keeps its own title, description and image.
    const catalog = await page("/catalog");
    const courseUrl = catalog.match(/href="(\/single-course\/[^"]+)"/)![1]!;
    const course = await page(courseUrl);
    expect(titleOf(course)).not.toContain("Joyful Learning – courses");
    expect(metaContent(course, "description")).not.toBe("Calm, practical courses for parents and teachers.");
    expect(metaContent(course, "keywords")).toBe("homeschool, courses, teachers");

    // The back office is not a storefront page.
    const login = await page("/login");
    expect(metaContent(login, "keywords")).toBeUndefined();
  });
});

describe("default language setting", () => {
  it("is what a visitor without a preference gets, before the browser's language", async () => {
    expect(await page("/", { "accept-language": "nl-NL,nl;q=0.9" })).toContain('<html lang="nl"');
    expect(await page("/", { "accept-language": "en-GB" })).toContain('<html lang="en"');

    await saveSettings("global", { defaultLanguage: "nl" });
    const dutch = await page("/", { "accept-language": "en-GB,en;q=0.9" });
    expect(dutch).toContain('<html lang="nl"');
    expect(dutch).toContain("Inloggen");
    // The cookie (a visitor's own choice) and ?lng= still win.
    expect(await page("/", { cookie: "i18next=en", "accept-language": "nl" })).toContain('<html lang="en"');
    expect(await page("/?lng=en")).toContain('<html lang="en"');

    await saveSettings("global", { defaultLanguage: "en" });
    expect(await page("/", { "accept-language": "nl-NL,nl;q=0.9" })).toContain('<html lang="en"');

    // "" follows the browser again.
    await saveSettings("global", { defaultLanguage: "" });
    expect(await page("/", { "accept-language": "nl-NL,nl;q=0.9" })).toContain('<html lang="nl"');
  });
});

describe("date format, receipt footer and working hours", () => {
  /** The dates a course page shows (its reviews), as `[iso, shown]`. */
  const shownDates = (html: string) =>
    [...html.matchAll(/<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/g)].map((match) => [match[1], match[2]]);

  it("shows every date of a storefront page in the school's date format", async () => {
    const catalog = await page("/catalog");
    const courseUrls = [...catalog.matchAll(/href="(\/single-course\/[^"]+)"/g)].map((match) => match[1]!);
    let courseUrl = "";
    for (const url of new Set(courseUrls)) {
      if (shownDates(await page(url)).length > 0) {
        courseUrl = url;
        break;
      }
    }
    expect(courseUrl, "a course page with reviews").not.toBe("");

    await saveSettings("global", { dateFormat: "YYYY-MM-DD" });
    const iso = shownDates(await page(courseUrl));
    expect(iso.length).toBeGreaterThan(0);
    for (const [, shown] of iso) expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await saveSettings("global", { dateFormat: "D MMM YYYY" });
    for (const [, shown] of shownDates(await page(courseUrl)))
      expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    for (const [, shown] of shownDates(await page(courseUrl, { cookie: "i18next=nl" }))) {
      expect(shown).toMatch(/^\d{1,2} [a-z]{3} \d{4}$/);
    }
  });

  it("shows the working hours in the site footer", async () => {
    expect(await page("/")).not.toContain("Mon–Fri 9:00–17:00");
    await saveSettings("global", { workingHours: "Mon–Fri 9:00–17:00" });
    const home = await page("/");
    expect(home).toContain("Working hours");
    expect(home).toContain("Mon–Fri 9:00–17:00");
    expect(await page("/", { cookie: "i18next=nl" })).toContain("Openingstijden");
  });
});

describe("analytics and chat widget ids", () => {
  const GA = "https://www.googletagmanager.com/gtag/js?id=G-TEST1234";
  const TAWK = "https://embed.tawk.to/64a1b2c3d4e5f6a7b8c9d0e1/1h2j3k4l5";

  async function home(cookie?: string) {
    const response = await app.inject({ url: "/", headers: { ...host, ...(cookie ? { cookie } : {}) } });
    expect(response.statusCode).toBe(200);
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    return { head, body: response.body, csp: String(response.headers["content-security-policy"]) };
  }
  const directive = (csp: string, name: string) =>
    csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

  it("load only after the visitor accepts cookies, with the CSP widened for exactly their origins", async () => {
    const bad = await app.inject({
      method: "PUT",
      url: "/api/admin/settings/store",
      headers: { ...host, authorization: `Bearer ${admin.token}` },
      payload: { analyticsId: "UA-<script>" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.analyticsId).toContain("G-");

    // No ids: no widget, no banner, the CSP as always, whatever the cookie says.
    const plain = await home("cookieConsent=accepted");
    expect(plain.head).not.toContain("googletagmanager");
    expect(plain.body).not.toContain("cookie-banner-title");
    expect(plain.csp).not.toContain("googletagmanager");

    await saveSettings("store", {
      analyticsId: "G-TEST1234",
      chatWidgetId: "64a1b2c3d4e5f6a7b8c9d0e1/1h2j3k4l5",
    });
    try {
      // Before any answer: the banner asks, nothing loads, the CSP is not widened.
      const before = await home();
      expect(before.body).toContain("cookie-banner-title");
      expect(before.body).toContain("Accept cookies");
      expect(before.head).not.toContain("googletagmanager");
      expect(before.head).not.toContain("tawk.to");
      expect(before.csp).not.toContain("googletagmanager");
      expect((await home("i18next=nl")).body).toContain("Cookies accepteren");

      // Rejected: still nothing, and no banner any more.
      const rejected = await home("cookieConsent=rejected");
      expect(rejected.body).not.toContain("cookie-banner-title");
      expect(rejected.head).not.toContain("googletagmanager");
      expect(rejected.csp).not.toContain("tawk.to");

      // The banner's form remembers the answer and goes back to the page.
      const answered = await app.inject({
        method: "POST",
        url: "/cookie-consent",
        headers: { ...host, "content-type": "application/x-www-form-urlencoded" },
        payload: "choice=accepted&returnTo=%2Fcatalog",
      });
      expect(answered.statusCode).toBe(302);
      expect(answered.headers.location).toBe("/catalog");
      expect(String(answered.headers["set-cookie"])).toMatch(
        /^cookieConsent=accepted; Path=\/; Max-Age=15552000/,
      );

      // Accepted: the scripts are in the head and the CSP allows their origins, and only those.
      const accepted = await home("cookieConsent=accepted");
      expect(accepted.body).not.toContain("cookie-banner-title");
      expect(accepted.head).toContain(`src="${GA.replace("&", "&amp;")}"`);
      expect(accepted.head).toContain('gtag("config","G-TEST1234")');
      expect(accepted.head).toContain(`src="${TAWK}"`);
      const nonce = directive(accepted.csp, "script-src").match(/'nonce-([^']+)'/)?.[1];
      expect(accepted.head).toContain(`nonce="${nonce}"`);
      expect(directive(accepted.csp, "script-src")).toBe(
        `script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com https://embed.tawk.to https://*.tawk.to`,
      );
      expect(directive(accepted.csp, "connect-src")).toBe(
        "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://*.tawk.to wss://*.tawk.to",
      );
      expect(directive(accepted.csp, "frame-src")).toBe("frame-src https://*.tawk.to");
      expect(accepted.csp).not.toContain("crisp");
      // A shared (cached) page keeps its widened policy; the back office never gets the widgets.
      const again = await home("cookieConsent=accepted");
      expect(directive(again.csp, "script-src")).toContain("https://embed.tawk.to");
      const login = await app.inject({
        url: "/login",
        headers: { ...host, cookie: "cookieConsent=accepted" },
      });
      expect(login.body).not.toContain("googletagmanager");
      expect(String(login.headers["content-security-policy"])).not.toContain("googletagmanager");

      // Only a chat widget (Crisp): its own origins, no analytics.
      await saveSettings("store", { analyticsId: "", chatWidgetId: "0f6a7b8c-1d2e-4f30-8a9b-0c1d2e3f4a5b" });
      const crisp = await home("cookieConsent=accepted");
      expect(crisp.head).toContain('window.CRISP_WEBSITE_ID="0f6a7b8c-1d2e-4f30-8a9b-0c1d2e3f4a5b"');
      expect(crisp.head).not.toContain("googletagmanager");
      expect(directive(crisp.csp, "script-src")).toContain("https://client.crisp.chat");
      expect(crisp.csp).not.toContain("googletagmanager");
    } finally {
      await saveSettings("store", { analyticsId: "", chatWidgetId: "" });
    }
    const cleared = await home("cookieConsent=accepted");
    expect(cleared.head).not.toContain("tawk.to");
    expect(cleared.head).not.toContain("crisp");
    expect(cleared.csp).not.toContain("crisp");
  });
});
