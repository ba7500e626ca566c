import { and, asc, eq, gte, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { KeptBody, textBody } from "../../lib/kept-body";
import { ReadCache } from "../../lib/read-cache";
import type { CatalogService } from "../catalog/catalog.service";
import { courses } from "../catalog/catalog.tables";
import { products } from "../products/products.tables";

/**
 * robots.txt and the sitemaps of a school's storefront: a sitemap index, one sitemap of its public
 * pages, one of its published products and as many of its published courses as it takes at `URLS_PER_FILE` each (the protocol allows
 * 50,000), so a crawler finds every course without paging through the catalogue. Every URL is absolute,
 * made from the configured public address, never from the request's Host or X-Forwarded-* headers.
 * Answers are kept per company and dropped with its catalogue (catalog.onInvalidate); the sitemap
 * index and the course sitemaps (a 100k-course catalogue's are 1.2 MB each) are kept as bytes with
 * their entity tag and compressed forms, so a crawler's request encodes and compresses nothing.
 */
export const URLS_PER_FILE = 10_000;
export const XML_TYPE = "application/xml; charset=utf-8";
const MAX_KEPT = 2000;
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** The storefront's public pages besides the courses. */
const PUBLIC_PAGES = [
  "/",
  "/catalog",
  "/shop",
  "/about-us",
  "/help",
  "/general-terms-and-conditions",
  "/privacy-policy",
];

/** Pages no crawler needs: the API, the cart to thank-you, the learner area and the back office. */
const PRIVATE_PATHS = [
  "/api/",
  "/cart",
  "/checkout",
  "/payment",
  "/thank-you",
  "/customer-signin",
  "/customer-signup",
  "/user/",
  "/user-",
  "/single-invoice/",
  "/course-video/",
  "/course-review/",
  "/logout",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password/",
  "/admin/",
  "/dashboard",
  "/orders",
  "/order/",
  "/pos-drawers",
  "/customers",
  "/customer-order/",
  "/coupons",
  "/settings",
  "/store/",
  "/faq",
  "/email-templates",
  "/languages",
  "/currencies",
  "/countries",
  "/states",
  "/tax-zones",
  "/taxes",
  "/translations",
  "/shipping-zones",
  "/courses",
  "/course/",
  "/products",
  "/categories",
  "/attributes",
  "/audit-log",
  "/jobs",
  "/our-staff",
  "/edit-profile",
  "/pos",
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The first id of each course sitemap (published courses in id order, `URLS_PER_FILE` each). */
interface CourseFiles {
  starts: string[];
  lastModified: (Date | null)[];
}

export function createSitemapService(
  db: Db,
  deps: { catalog: CatalogService; originOf: (companyId: string) => Promise<string> },
) {
  const cache = new ReadCache<unknown>(MAX_KEPT, {
    maxWeight: MAX_KEPT_BYTES,
    weigh: (value) => (value instanceof KeptBody ? value.weight : 1024),
  });
  deps.catalog.onInvalidate((companyId) => cache.drop(companyId));
  const kept = <T>(companyId: string, key: string, load: () => Promise<T>) =>
    cache.get(companyId, key, load) as Promise<T>;
  /** Absolute addresses on the school's own configured address (never the request's Host). */
  const urlMaker = async (companyId: string) => {
    const origin = await deps.originOf(companyId);
    return (path: string) => escapeXml(`${origin}${path}`);
  };
  const published = (companyId: string) => and(eq(courses.companyId, companyId), sql`${courses.published}`);

  /** Where each course sitemap starts, read in one pass over the published courses' ids. */
  const courseFiles = (companyId: string) =>
    kept(companyId, "course-files", async (): Promise<CourseFiles> => {
      const numbered = db
        .select({
          id: courses.id,
          updatedAt: courses.updatedAt,
          file: sql<number>`(row_number() over (order by ${courses.id}) - 1) / ${URLS_PER_FILE}`.as("file"),
        })
        .from(courses)
        .where(published(companyId))
        .as("numbered");
      const rows = await db
        .select({
          file: numbered.file,
          start: sql<string>`min(${numbered.id}::text)`,
          lastModified: max(numbered.updatedAt),
        })
        .from(numbered)
        .groupBy(numbered.file)
        .orderBy(numbered.file);
      return {
        starts: rows.map((row) => row.start),
        lastModified: rows.map((row) => (row.lastModified ? new Date(row.lastModified) : null)),
      };
    });

  return {
    async robots(companyId: string): Promise<string> {
      const origin = await deps.originOf(companyId);
      return [
        "User-agent: *",
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${origin}/sitemap.xml`,
        "",
      ].join("\n");
    },

    /** The sitemap index: the pages' sitemap and every course sitemap. */
    index(companyId: string): Promise<KeptBody> {
      return kept(companyId, "index", async () => {
        const url = await urlMaker(companyId);
        const files = await courseFiles(companyId);
        const entries = [
          `<sitemap><loc>${url("/sitemap-pages.xml")}</loc></sitemap>`,
          `<sitemap><loc>${url("/sitemap-products.xml")}</loc></sitemap>`,
          ...files.starts.map((_, i) => {
            const modified = files.lastModified[i];
            const lastmod = modified ? `<lastmod>${modified.toISOString()}</lastmod>` : "";
            return `<sitemap><loc>${url(`/sitemap-courses-${i + 1}.xml`)}</loc>${lastmod}</sitemap>`;
          }),
        ];
        return textBody(
          `${XML_HEAD}<sitemapindex ${SITEMAP_NS}>\n${entries.join("\n")}\n</sitemapindex>\n`,
          XML_TYPE,
        );
      });
    },

    async pages(companyId: string): Promise<string> {
      const url = await urlMaker(companyId);
      const entries = PUBLIC_PAGES.map((path) => `<url><loc>${url(path)}</loc></url>`);
      return `${XML_HEAD}<urlset ${SITEMAP_NS}>\n${entries.join("\n")}\n</urlset>\n`;
    },

    /**
     * The published products' pages (/product/{slug}), up to `URLS_PER_FILE` (a school's shop is far
     * smaller than its catalogue of courses). Read fresh: product writes do not pass the catalogue's cache.
     */
    async products(companyId: string): Promise<string> {
      const url = await urlMaker(companyId);
      const rows = await db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.published, true)))
        .orderBy(asc(products.slug))
        .limit(URLS_PER_FILE);
      const entries = rows.map(
        (row) =>
          `<url><loc>${url(`/product/${encodeURIComponent(row.slug)}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
      );
      return `${XML_HEAD}<urlset ${SITEMAP_NS}>\n${entries.join("\n")}\n</urlset>\n`;
    },

    /** Course sitemap `file` (from 1), or undefined past the last one. */
    async courses(companyId: string, file: number): Promise<KeptBody | undefined> {
      const files = await courseFiles(companyId);
      const start = files.starts[file - 1];
      if (start === undefined) return undefined;
      return kept(companyId, `courses:${file}`, async () => {
        const url = await urlMaker(companyId);
        const rows = await db
          .select({ slug: courses.slug, updatedAt: courses.updatedAt })
          .from(courses)
          .where(and(published(companyId), gte(courses.id, start)))
          .orderBy(asc(courses.id))
          .limit(URLS_PER_FILE);
        const entries = rows.map(
          (row) =>
            `<url><loc>${url(`/single-course/${encodeURIComponent(row.slug)}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
        );
        return textBody(`${XML_HEAD}<urlset ${SITEMAP_NS}>\n${entries.join("\n")}\n</urlset>\n`, XML_TYPE);
      });
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
