import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~server/db/client";
import { insertCompany } from "~server/seed/factories";
import { productionPages } from "../../support/production-pages";

/**
 * The shared page cache cannot be poisoned through `Host` or `X-Forwarded-*` (issue 16, item 3):
 * canonical, Open Graph and the JSON origin of a page come from its school's configured address.
 * Pages rendered by the production build through the real Fastify app.
 */
let app: FastifyInstance;
let database: Database;
let close: (() => Promise<void>) | undefined;

/** The page's own absolute addresses: canonical, Open Graph URL and image. */
const ownUrls = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="canonical" href="([^"]+)"|<meta property="og:(?:url|image)" content="([^"]+)"/g,
    ),
  ].map((match) => (match[1] ?? match[2]) as string);

beforeAll(async () => {
  ({ app, database, close } = await productionPages("school-addresses"));
  const second = await insertCompany(database.db, { slug: "second", name: "Second School" });
  await app.services.schoolAddresses.addHostname(second.id, "second.courses.example.org");
});

afterAll(async () => {
  await close?.();
});

describe("shared pages and hostile hosts", () => {
  it("a page asked for on a poisoned Host is refused, and the next visitor's copy names only the school's address", async () => {
    const poisoned = await app.inject({ url: "/?x", headers: { host: "poison.example" } });
    expect(poisoned.statusCode).toBe(404);
    expect(poisoned.body).not.toContain("poison.example");

    const forwarded = await app.inject({
      url: "/?y",
      headers: {
        host: "courses.example.org",
        "x-forwarded-host": "poison.example",
        "x-forwarded-proto": "http",
      },
    });
    expect(forwarded.statusCode).toBe(200);

    for (const url of ["/?x", "/?y", "/"]) {
      const page = await app.inject({ url, headers: { host: "courses.example.org" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain("poison.example");
      const urls = ownUrls(page.body);
      expect(urls.length, url).toBeGreaterThanOrEqual(3);
      for (const found of urls) expect(found, url).toMatch(/^https:\/\/courses\.example\.org\//);
      expect(page.body, url).toContain('<link rel="canonical" href="https://courses.example.org/"');
    }
  });

  it("a school on its own hostname gets its own address in canonical and Open Graph, from the shared cache too", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await app.inject({ url: "/catalog", headers: { host: "second.courses.example.org" } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('href="https://second.courses.example.org/catalog"');
      expect(page.body).not.toContain('"https://courses.example.org/');
    }
    const platformCopy = await app.inject({ url: "/catalog", headers: { host: "courses.example.org" } });
    expect(platformCopy.body).toContain('href="https://courses.example.org/catalog"');
  });
});
