import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { courses } from "../catalog/catalog.tables";
import { products } from "../products/products.tables";
import { URLS_PER_FILE } from "./sitemap.service";

const ORIGIN = "https://school.example.com";
/** The school's own host, with forwarding headers an attacker would like the links to follow. */
const FORGED = {
  host: "school.example.com",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "http",
};
let t: TestApp;
let companyId: string;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);
const get = (url: string) => t.app.inject({ url, headers: FORGED });

async function publishedCourseUrls(): Promise<string[]> {
  const rows = await t.database.db
    .select({ slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.published, true)));
  return rows.map((row) => `${ORIGIN}/single-course/${row.slug}`).sort();
}

/** Every course URL of every course sitemap the index names. */
async function sitemapCourseUrls(): Promise<string[]> {
  const index = await get("/sitemap.xml");
  expect(index.statusCode).toBe(200);
  const files = locs(index.body).filter((loc) => loc.includes("/sitemap-courses-"));
  const urls: string[] = [];
  for (const file of files) {
    expect(file.startsWith(`${ORIGIN}/`)).toBe(true);
    const answer = await get(new URL(file).pathname);
    expect(answer.statusCode).toBe(200);
    const found = locs(answer.body);
    expect(found.length).toBeLessThanOrEqual(URLS_PER_FILE);
    urls.push(...found);
  }
  return urls.sort();
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `${ORIGIN}/` });
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
  // More published courses than one sitemap holds, and some unpublished ones.
  await t.database.db.execute(sql`
    insert into courses (company_id, slug, title, price_cents, published)
    select ${companyId}::uuid, 'sitemap-course-' || g, jsonb_build_object('en', 'Sitemap course ' || g), 1000,
      g % 100 <> 0
    from generate_series(1, ${URLS_PER_FILE + 150}) g`);
  t.app.services.catalog.invalidate(companyId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("robots.txt", () => {
  it("keeps crawlers out of private pages and names the sitemap at the configured address", async () => {
    const answer = await get("/robots.txt");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/plain");
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(answer.body).toContain("User-agent: *");
    for (const path of ["/api/", "/checkout", "/user-", "/dashboard", "/login"])
      expect(answer.body).toContain(`Disallow: ${path}\n`);
    expect(answer.body).not.toMatch(/Disallow: \/catalog|Disallow: \/single-course|Disallow: \/\n/);
    expect(answer.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(answer.body).not.toContain("evil.example");
  });
});

describe("sitemap.xml", () => {
  it("indexes the public pages and every published course, in files of at most 10,000, at absolute URLs", async () => {
    const index = await get("/sitemap.xml");
    expect(index.headers["content-type"]).toContain("application/xml");
    expect(index.headers["cache-control"]).toBe("public, max-age=3600");
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).not.toContain("evil.example");
    const expected = await publishedCourseUrls();
    expect(locs(index.body).filter((loc) => loc.includes("/sitemap-courses-"))).toHaveLength(
      Math.ceil(expected.length / URLS_PER_FILE),
    );
    expect(await sitemapCourseUrls()).toEqual(expected);

    const pages = await get("/sitemap-pages.xml");
    expect(locs(pages.body)).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/catalog`]));
  });

  it("follows the catalogue: an unpublished course leaves it, a published one comes in", async () => {
    const before = await sitemapCourseUrls();
    await t.database.db.execute(
      sql`update courses set published = not published where company_id = ${companyId} and slug in ('sitemap-course-7', 'sitemap-course-100')`,
    );
    t.app.services.catalog.invalidate(companyId);
    const after = await sitemapCourseUrls();
    expect(before).toContain(`${ORIGIN}/single-course/sitemap-course-7`);
    expect(after).not.toContain(`${ORIGIN}/single-course/sitemap-course-7`);
    expect(after).toContain(`${ORIGIN}/single-course/sitemap-course-100`);
    expect(after).toEqual(await publishedCourseUrls());
  });

  it("lists the published products' pages in the products sitemap, named by the index", async () => {
    const index = await get("/sitemap.xml");
    expect(locs(index.body)).toContain(`${ORIGIN}/sitemap-products.xml`);
    const rows = await t.database.db
      .select({ slug: products.slug, published: products.published })
      .from(products)
      .where(eq(products.companyId, companyId));
    const published = rows.filter((row) => row.published).map((row) => `${ORIGIN}/product/${row.slug}`);
    expect(published.length).toBeGreaterThan(0);
    const answer = await get("/sitemap-products.xml");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/xml");
    expect(locs(answer.body).sort()).toEqual(published.sort());

    // Unpublished, a product leaves it at once.
    const [first] = rows.filter((row) => row.published);
    await t.database.db
      .update(products)
      .set({ published: false })
      .where(and(eq(products.companyId, companyId), eq(products.slug, first!.slug)));
    expect(locs((await get("/sitemap-products.xml")).body)).not.toContain(`${ORIGIN}/product/${first!.slug}`);
  });

  it("sends the index and a course sitemap with an entity tag, 304 when the crawler has them, a course sitemap compressed on request to the same bytes", async () => {
    for (const path of ["/sitemap-courses-1.xml", "/sitemap.xml"]) {
      const plain = await get(path);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(plain.headers["cache-control"]).toBe("public, max-age=3600");
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await t.app.inject({ url: path, headers: { ...FORGED, "if-none-match": etag } });
      expect([again.statusCode, again.body]).toEqual([304, ""]);
    }
    // A course sitemap is large (an index of two files is under the 1 KB worth compressing).
    const course = "/sitemap-courses-1.xml";
    const plain = await get(course);
    const gzip = await t.app.inject({ url: course, headers: { ...FORGED, "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    const br = await t.app.inject({ url: course, headers: { ...FORGED, "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it("answers 404 past the last course sitemap and 400 for a file that is no number", async () => {
    expect((await get("/sitemap-courses-99.xml")).statusCode).toBe(404);
    expect((await get("/sitemap-courses-0.xml")).statusCode).toBe(400);
    expect((await get("/sitemap-courses-x.xml")).statusCode).toBe(400);
  });
});
