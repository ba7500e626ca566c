import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "~/i18n/messages.server";
import type { Database } from "~server/db/client";
import { insertCompany } from "~server/seed/factories";
import { PLATFORM_HOST, productionPages } from "../../support/production-pages";
import { createStaff, type TestStaff } from "../../support/staff";

/**
 * The interface texts travel as a script of their own per language, message area and school
 * overrides (`/i18n/<language>-<area>-<hash>.js`, app/i18n/messages-script.server.ts), not inside
 * every page: the production build through the real Fastify app (page cache on), two schools.
 */
let app: FastifyInstance;
let database: Database;
let close: (() => Promise<void>) | undefined;
let admin: TestStaff;

const A = { host: PLATFORM_HOST };
const B = { host: `second.${PLATFORM_HOST}` };
const KEY = "footer.tagline";

beforeAll(async () => {
  ({ app, database, close } = await productionPages("interface-texts"));
  const companyId = (await app.services.companies.resolve(undefined))!.id;
  admin = await createStaff({ app, database, close: async () => {} }, companyId, "Admin");
  const second = await insertCompany(database.db, { slug: "second", name: "Second School" });
  await app.services.schoolAddresses.addHostname(second.id, B.host);
});

afterAll(async () => {
  await close?.();
});

async function html(url: string, headers: Record<string, string>) {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

/** The texts' script a page names. */
function scriptOf(page: string): string {
  const src = /<html [^>]*data-messages="([^"]+)"/.exec(page)?.[1];
  if (!src) throw new Error("the page names no interface texts");
  return src;
}

/** The texts a script answers (`export default JSON.parse("…")`). */
async function textsAt(src: string, headers: Record<string, string>) {
  const response = await app.inject({ url: src, headers });
  expect(response.statusCode, src).toBe(200);
  const literal = /^export default JSON\.parse\((".*")\);\n$/s.exec(response.body)?.[1];
  return { response, texts: JSON.parse(JSON.parse(literal!)) as Record<string, Record<string, unknown>> };
}

/** Every text of a tree, flat. */
const textsOf = (tree: Record<string, unknown>): string[] =>
  Object.values(tree).flatMap((value) =>
    value && typeof value === "object" ? textsOf(value as Record<string, unknown>) : [String(value)],
  );

describe("interface texts as a script", () => {
  it("a page names its texts' script and no longer carries the texts", async () => {
    const page = await html("/catalog?lng=nl", A);
    const src = scriptOf(page);
    expect(src).toMatch(/^\/i18n\/nl-storefront-[0-9a-f]{16}\.js$/);
    // Fetched with the page's modules after the first frame (deferred hydration's preload list).
    expect(page).toContain(`"${src}"`);
    // Of the longer storefront texts, only the few this page shows are in it (all were, before).
    const long = textsOf(messagesFor("nl", "storefront")).filter(
      (text) => text.length > 30 && !text.includes("{{"),
    );
    const inPage = long.filter((text) => page.includes(text));
    expect(long.length).toBeGreaterThan(100);
    expect(inPage.length).toBeLessThan(long.length / 10);
  });

  it("answers the language's texts, kept a year, with an entity tag", async () => {
    const src = scriptOf(await html("/catalog?lng=nl", A));
    const { response, texts } = await textsAt(src, A);
    expect(texts).toEqual(messagesFor("nl", "storefront"));
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.etag as string;
    const again = await app.inject({ url: src, headers: { ...A, "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(scriptOf(await html("/login?lng=nl", A))).toMatch(/^\/i18n\/nl-admin-[0-9a-f]{16}\.js$/);
    expect(
      (await app.inject({ url: "/i18n/xx-storefront-0123456789abcdef.js", headers: A })).statusCode,
    ).toBe(404);
  });

  it("a saved override gives the school's script a new address and reaches no other school", async () => {
    const beforeA = scriptOf(await html("/catalog?lng=nl", A));
    const englishA = scriptOf(await html("/catalog?lng=en", A));
    const beforeB = scriptOf(await html("/catalog?lng=nl", B));
    expect(beforeB).toBe(beforeA); // the same texts, the same address (each on its own host)
    const text = `Onze eigen slogan ${Date.now()}`;
    const auth = { ...A, authorization: `Bearer ${admin.token}` };
    const saved = await app.inject({
      method: "PUT",
      url: "/api/admin/translations",
      headers: auth,
      payload: { language: "nl", key: KEY, text },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const pageA = await html("/catalog?lng=nl", A);
      const afterA = scriptOf(pageA);
      expect(afterA).not.toBe(beforeA);
      expect(pageA).toContain(text); // the server render has it at once (the page cache was dropped)
      expect((await textsAt(afterA, A)).texts.footer?.tagline).toBe(text);
      expect(scriptOf(await html("/catalog?lng=en", A))).toBe(englishA);

      const pageB = await html("/catalog?lng=nl", B);
      expect(scriptOf(pageB)).toBe(beforeB);
      expect(pageB).not.toContain(text);
      expect((await textsAt(beforeB, B)).texts.footer?.tagline).not.toBe(text);
      // A's address on B's host is sent on to B's own texts, never A's.
      const crossed = await app.inject({ url: afterA, headers: B });
      expect(crossed.statusCode).toBe(302);
      expect(crossed.headers.location).toBe(beforeB);
      // A page made before the save finds the school's texts as they are now.
      const stale = await app.inject({ url: beforeA, headers: A });
      expect(stale.statusCode).toBe(302);
      expect(stale.headers.location).toBe(afterA);
    } finally {
      await app.inject({
        method: "DELETE",
        url: `/api/admin/translations?language=nl&key=${KEY}`,
        headers: auth,
      });
    }
    expect(scriptOf(await html("/catalog?lng=nl", A))).toBe(beforeA);
  });
});
