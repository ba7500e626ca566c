import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~server/db/client";
import { productionPages } from "../../support/production-pages";
import { writableSettings } from "../../support/settings-input";
import { createStaff, type TestStaff } from "../../support/staff";

/**
 * Store pages and the home page's popular courses (issue 21): each test saves a setting (or a
 * coupon) through the admin API and reads the next server-rendered page through the real Fastify
 * app (production build, page cache on), so a change is visible on the very next request.
 */
let app: FastifyInstance;
let database: Database;
let close: (() => Promise<void>) | undefined;
let admin: TestStaff;
let companyId: string;

beforeAll(async () => {
  ({ app, database, close } = await productionPages("store-pages"));
  companyId = (await app.services.companies.resolve(undefined))!.id;
  admin = await createStaff({ app, database, close: async () => {} }, companyId, "Admin");
});

afterAll(async () => {
  await close?.();
});

const host = { host: "courses.example.org" };
const auth = () => ({ ...host, authorization: `Bearer ${admin.token}` });

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url, headers: { ...host, ...headers } });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

async function saveSettings(group: string, changes: Record<string, unknown>) {
  const current = (await app.inject({ url: `/api/admin/settings/${group}`, headers: auth() })).json();
  const input = writableSettings(current);
  const saved = await app.inject({
    method: "PUT",
    url: `/api/admin/settings/${group}`,
    headers: auth(),
    payload: { ...input, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved;
}

interface Card {
  id: string;
  slug: string;
  badge: "popular" | "best" | null;
  createdAt?: string;
}

/** The course slugs of the home page's popular-courses grid, in their order. */
function popularGrid(html: string): string[] {
  const start = html.indexOf('id="popular-courses"');
  expect(start).toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf("</ul>", start));
  return [...new Set([...section.matchAll(/href="\/single-course\/([^"/?#]+)"/g)].map((m) => m[1]!))];
}

describe("popular courses setting", () => {
  it("fills the home page's grid with the newest, chosen, badged or best-selling courses", async () => {
    const all: Card[] = (await app.inject({ url: "/api/courses?limit=100", headers: host })).json().courses;
    expect(all.length).toBeGreaterThan(9);
    const newest = popularGrid(await page("/"));
    expect(newest).toEqual(all.slice(0, 8).map((course) => course.slug));

    // Chosen: exactly these, in this order (two that the newest grid does not show).
    const chosen = [all[all.length - 1]!, all[all.length - 2]!];
    await saveSettings("storefront", { popularSource: "chosen", popularCourses: chosen.map((c) => c.id) });
    expect(popularGrid(await page("/"))).toEqual(chosen.map((course) => course.slug));
    expect(popularGrid(await page("/", { cookie: "i18next=nl" }))).toEqual(chosen.map((c) => c.slug));

    // By badge: the courses badged Best, then those badged Popular.
    const badged = all.filter((course) => course.badge !== null);
    expect(badged.length).toBeGreaterThan(0);
    await saveSettings("storefront", { popularSource: "badge" });
    const byBadge = popularGrid(await page("/"));
    const expected = [
      ...badged.filter((course) => course.badge === "best"),
      ...badged.filter((course) => course.badge === "popular"),
    ]
      .slice(0, 8)
      .map((course) => course.slug);
    expect(byBadge).toEqual(expected);

    // By sales: the most sold course (processing or delivered orders) comes first.
    const sold = (await database.db.execute(sql`
        select c.slug, sum(l.quantity)::int as sold from order_lines l
        join orders o on o.id = l.order_id join courses c on c.id = l.course_id
        where l.company_id = ${companyId} and o.status in ('processing', 'delivered') and c.published
        group by c.slug order by sold desc, max(c.created_at) desc limit 1`)) as unknown as {
      rows: { slug: string; sold: number }[];
    };
    const [top] = sold.rows;
    await saveSettings("storefront", { popularSource: "sales" });
    const bySales = popularGrid(await page("/"));
    expect(bySales).toHaveLength(8);
    if (top) expect(bySales[0]).toBe(top.slug);

    // Back to the newest.
    await saveSettings("storefront", { popularSource: "newest" });
    expect(popularGrid(await page("/"))).toEqual(newest);
  });

  it("refuses an unknown source or a course id that is not one, changing nothing", async () => {
    for (const changes of [{ popularSource: "random" }, { popularCourses: ["not-a-course"] }]) {
      const current = (await app.inject({ url: "/api/admin/settings/storefront", headers: auth() })).json();
      const response = await app.inject({
        method: "PUT",
        url: "/api/admin/settings/storefront",
        headers: auth(),
        payload: { ...current, ...changes },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json().details.fields).join(" ")).toMatch(
        /popularSource must be one of newest, chosen, badge, sales|Choose courses from the list/,
      );
    }
  });
});

describe("/contact-us", () => {
  it("shows the address with a map link, the working hours and the form, linked from the footer", async () => {
    await saveSettings("global", {
      addressLine1: "Oak Lane 12",
      addressLine2: "1234 AB Utrecht",
      addressLine3: "",
      workingHours: "Mon–Fri 9:00–17:00",
      email: "office@oak-school.example.org",
    });
    const html = await page("/contact-us");
    expect(html).toContain("<h1");
    expect(html).toContain("Oak Lane 12");
    expect(html).toContain(
      `href="https://www.openstreetmap.org/search?query=${encodeURIComponent("Oak Lane 12, 1234 AB Utrecht")}"`,
    );
    expect(html).toContain("Mon–Fri 9:00–17:00");
    expect(html).toMatch(/<textarea[^>]*name="message"/);
    expect(html).toMatch(/name="homepage"/);
    expect(await page("/")).toContain('href="/contact-us"');
    const dutch = await page("/contact-us", { cookie: "i18next=nl" });
    expect(dutch).toContain("Stuur ons een bericht");
  });

  it("counts posts to every spelling of the page and its .data against one limit", async () => {
    const spellings = ["/contact-us", "/Contact-Us/", "/contact-us.data", "/%63ontact-us", "/contact-us//"];
    const post = (path: string, email: string) =>
      app.inject({
        method: "POST",
        url: path,
        remoteAddress: "10.9.9.9",
        headers: {
          ...host,
          origin: "https://courses.example.org",
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({
          name: "Spelling Tester",
          email,
          message: "A question about the courses, please.",
          homepage: "",
        }).toString(),
      });
    for (let i = 0; i < 10; i++) {
      const path = spellings[i % spellings.length]!;
      const response = await post(path, `spelling${i}@example.org`);
      expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    for (const path of spellings) {
      const response = await post(path, "late@example.org");
      expect(response.statusCode, path).toBe(429);
    }
    const api = await app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "10.9.9.9",
      headers: host,
      payload: { name: "Api", email: "api@example.org", message: "A question about the courses." },
    });
    expect(api.statusCode).toBe(429);
  });
});

describe("/offers", () => {
  it("shows the active coupons with their campaign text and banner, linked from the footer", async () => {
    const day = 24 * 60 * 60 * 1000;
    const isoDay = (offset: number) => new Date(Date.now() + offset * day).toISOString().slice(0, 10);
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: auth(),
      payload: {
        campaignName: { en: "Spring into maths", nl: "Lente-rekenen" },
        code: "SPRING-MATHS",
        bannerImage: null,
        startsAt: isoDay(-1),
        endsAt: isoDay(14),
        discountType: "percentage",
        discountValue: 20,
        minimumAmountCents: 0,
        published: true,
        usageLimit: null,
        usageLimitPerCustomer: null,
        courseIds: [],
        categoryIds: [],
        productIds: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const html = await page("/offers");
    expect(html).toContain("Spring into maths");
    expect(html).toContain("SPRING-MATHS");
    expect(html).toContain("20% off");
    expect(await page("/offers", { cookie: "i18next=nl" })).toContain("Lente-rekenen");
    expect(await page("/")).toContain('href="/offers"');
  });
});
