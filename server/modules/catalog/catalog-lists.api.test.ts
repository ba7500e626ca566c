import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PopularSource } from "~shared/popular-courses";
import { translate, translateList } from "~shared/translatable";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { withTenant } from "../../db/tenant-scope";
import { insertCustomer, insertHistoricOrders } from "../../seed/factories";
import { COURSE_SORTS, type CourseDetail, type CourseList, type CourseSort } from "./catalog.schemas";
import { catalogCounts, categories, courses, lessons, NO_CATEGORY } from "./catalog.tables";
import { orderBy } from "./list-positions";

/**
 * The storefront's lists read pages at kept keyset positions and totals from kept counts
 * (docs/decisions/013-catalog-miss-path.md). The oracle is the plain query: ORDER BY, OFFSET, count(*).
 */
const ctx = adminTestContext();
const { call } = ctx;
let parent: { id: string; slug: string };
let child: { id: string; slug: string };

/**
 * The published courses of the filter (and of `also`) in the sort's order, as OFFSET reads them, and
 * their count.
 */
async function oracle(
  sort: CourseSort,
  categoryIds: string[] | undefined,
  page: number,
  limit: number,
  also?: SQL,
) {
  const where = and(
    eq(courses.companyId, ctx.companyId),
    eq(courses.published, true),
    categoryIds ? inArray(courses.categoryId, categoryIds) : undefined,
    also,
  );
  const { db } = ctx.t.database;
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ value: count() }).from(courses).where(where);
  return { ids: rows.map((row) => row.id), total: total?.value ?? 0 };
}

/** Every page (and the one past the end) of every sort, for all courses and two categories, against the oracle. */
async function expectEveryPageRight(limits: number[]) {
  const filters: [string | undefined, string[] | undefined][] = [
    [undefined, undefined],
    [parent.slug, [parent.id, child.id]],
    [child.slug, [child.id]],
  ];
  for (const limit of limits) {
    for (const sort of [undefined, ...COURSE_SORTS]) {
      for (const [slug, ids] of filters) {
        for (let page = 1; ; page++) {
          const query = new URLSearchParams({ page: String(page), limit: String(limit) });
          if (sort) query.set("sort", sort);
          if (slug) query.set("category", slug);
          const { status, body } = await call("GET", `/api/courses?${query}`);
          expect(status).toBe(200);
          const list = body as CourseList;
          const expected = await oracle(sort ?? "date-desc", ids, page, limit);
          const where = `${query}`;
          expect({ where, ids: list.courses.map((course) => course.id) }).toEqual({
            where,
            ids: expected.ids,
          });
          expect({ where, total: list.totalDoc, pages: list.pages }).toEqual({
            where,
            total: expected.total,
            pages: Math.ceil(expected.total / limit),
          });
          if (expected.ids.length === 0) break;
        }
      }
    }
  }
}

/** The kept counts are what counting the courses gives, per category and in all. */
async function expectCountsRight({ childInParent = true } = {}) {
  const { db } = ctx.t.database;
  const counted = await db
    .select({
      categoryKey: sql<string>`coalesce(${courses.categoryId}, ${NO_CATEGORY}::uuid)`,
      courses: sql<number>`count(*)::int`,
    })
    .from(courses)
    .where(and(eq(courses.companyId, ctx.companyId), eq(courses.published, true)))
    .groupBy(sql`1`);
  const kept = await db
    .select({ categoryKey: catalogCounts.categoryKey, courses: catalogCounts.courses })
    .from(catalogCounts)
    .where(and(eq(catalogCounts.companyId, ctx.companyId), sql`${catalogCounts.courses} <> 0`));
  const byKey = (rows: { categoryKey: string; courses: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.categoryKey, row.courses]));
  expect(byKey(kept)).toEqual(byKey(counted));
  const listed = (await call("GET", "/api/categories")).body.categories as {
    id: string;
    courseCount: number;
  }[];
  const own = (id: string) => counted.find((row) => row.categoryKey === id)?.courses ?? 0;
  expect(listed.find((category) => category.id === parent.id)?.courseCount).toBe(
    own(parent.id) + (childInParent ? own(child.id) : 0),
  );
  expect(listed.find((category) => category.id === child.id)?.courseCount).toBe(own(child.id));
}

beforeAll(async () => {
  const { db } = ctx.t.database;
  const made = async (values: typeof categories.$inferInsert) =>
    (await db.insert(categories).values(values).returning({ id: categories.id, slug: categories.slug }))[0]!;
  parent = await made({ companyId: ctx.companyId, slug: "list-parent", name: { en: "List parent" } });
  child = await made({
    companyId: ctx.companyId,
    slug: "list-child",
    name: { en: "List child" },
    parentId: parent.id,
  });
  // 130 courses with many ties (8 instants, 6 prices), some unpublished, some without a category:
  // pages of 20 and of 7 cross the kept positions everywhere. Their texts are in English and Dutch,
  // in one of them, or in neither (another language only), their seats and ratings of every kind.
  await db.execute(sql`
    insert into courses (company_id, category_id, slug, title, summary, description, outcomes, audience,
      price_cents, sale_price_cents, published, created_at, total_seats, seats_sold, rating_total, rating_count)
    select ${ctx.companyId}::uuid,
      (array[${parent.id}::uuid, ${child.id}::uuid, null])[1 + g % 3],
      'list-course-' || g,
      (array[jsonb_build_object('en', 'List course ' || g, 'nl', 'Lijstcursus ' || g),
        jsonb_build_object('en', 'List course ' || g), jsonb_build_object('en', '', 'nl', 'Alleen Nederlands ' || g),
        jsonb_build_object('nl', '', 'en', 'Only English ' || g)])[1 + g % 4],
      (array[jsonb_build_object('en', 'Summary ' || g, 'nl', 'Samenvatting ' || g), '{"en": ""}'::jsonb,
        jsonb_build_object('fr', 'Résumé ' || g, 'en', '', 'de', 'Zusammenfassung ' || g)])[1 + g % 3],
      (array['{"en": "About", "nl": "Over"}'::jsonb, '{"en": "", "nl": "Alleen over"}'::jsonb])[1 + g % 2],
      (array['{"en": ["One", "Two"], "nl": ["Een"]}'::jsonb, '{"en": ["One"], "nl": []}'::jsonb,
        '{"en": [], "nl": ["Een"]}'::jsonb, '{"en": []}'::jsonb])[1 + g % 4],
      (array['{"en": "Everyone"}'::jsonb, '{"en": "", "fr": "Tous"}'::jsonb])[1 + g % 2],
      1000 + (g % 6) * 500, case when g % 5 = 0 then 900 else null end,
      g % 11 <> 0,
      timestamptz '2025-01-01 10:00:00.123789+00' + make_interval(secs => (g % 8) * 3600),
      case when g % 4 = 0 then 10 when g % 4 = 1 then 3 end, case when g % 4 < 2 then g % 4 * 3 else 0 end,
      (g % 3) * (g % 5 + 1), g % 3
    from generate_series(1, 130) g`);
  await db.execute(sql`
    insert into lessons (company_id, course_id, position, title, duration_seconds, free_preview)
    select company_id, id, p,
      (array['{"en": "Lesson", "nl": "Les"}'::jsonb, '{"en": "Lesson only"}'::jsonb, '{"en": "", "nl": "Les"}'::jsonb])[p],
      p * 60, p = 1
    from courses, generate_series(1, 3) p
    where company_id = ${ctx.companyId}::uuid and slug in ('list-course-1', 'list-course-2', 'list-course-3')`);
  ctx.t.app.services.catalog.invalidate(ctx.companyId);
});

describe("storefront lists at kept positions", () => {
  it("give every page of every sort and category filter exactly as OFFSET does, with kept totals", async () => {
    await expectCountsRight();
    await expectEveryPageRight([20, 7]);
  });

  it("stay right through creating, editing, unpublishing and deleting courses and a category", async () => {
    const token = ctx.admin.token;
    const created = await call("POST", "/api/admin/courses", token, {
      title: { en: "A new list course" },
      priceCents: 1500,
      categoryId: child.id,
    });
    expect(created.status).toBe(201);
    expect(
      (await call("PATCH", `/api/admin/courses/${created.body.id}`, token, { published: true })).status,
    ).toBe(200);
    await expectCountsRight();
    await expectEveryPageRight([20]);

    const [moved, repriced, hidden, removed] = (
      await ctx.t.database.db
        .select({ id: courses.id })
        .from(courses)
        .where(
          and(
            eq(courses.companyId, ctx.companyId),
            sql`${courses.slug} like 'list-course-%'`,
            eq(courses.published, true),
          ),
        )
        .orderBy(courses.slug)
        .limit(4)
    ).map((row) => row.id);
    expect((await call("PATCH", `/api/admin/courses/${moved}`, token, { categoryId: null })).status).toBe(
      200,
    );
    expect((await call("PATCH", `/api/admin/courses/${repriced}`, token, { priceCents: 99_00 })).status).toBe(
      200,
    );
    expect((await call("PATCH", `/api/admin/courses/${hidden}`, token, { published: false })).status).toBe(
      200,
    );
    expect((await call("DELETE", `/api/admin/courses/${removed}`, token)).status).toBe(204);
    await expectCountsRight();
    await expectEveryPageRight([20]);

    // The child category made top-level: the parent's list loses the child's courses.
    expect((await call("PATCH", `/api/admin/categories/${child.id}`, token, { parentId: null })).status).toBe(
      200,
    );
    const { body } = await call("GET", `/api/courses?category=${parent.slug}&limit=100`);
    expect((body as CourseList).totalDoc).toBe((await oracle("date-desc", [parent.id], 1, 100)).total);
    expect((body as CourseList).courses.map((course) => course.id)).toEqual(
      (await oracle("date-desc", [parent.id], 1, 100)).ids,
    );
    await expectCountsRight({ childInParent: false });
  });
});

/**
 * A card as the service made it from the stored course in JavaScript (`translate`, the rating, the
 * seats left, the ISO date) before the database chose the texts: the answers must not change by a byte.
 */
async function expectedCards(ids: string[], language: string) {
  const { db } = ctx.t.database;
  const rows = ids.length === 0 ? [] : await db.select().from(courses).where(inArray(courses.id, ids));
  const published = await db
    .select()
    .from(categories)
    .where(and(eq(categories.companyId, ctx.companyId), eq(categories.published, true)));
  return ids.map((id) => {
    const row = rows.find((course) => course.id === id)!;
    const category = published.find((node) => node.id === row.categoryId);
    return {
      id: row.id,
      slug: row.slug,
      title: translate(row.title, language),
      summary: translate(row.summary, language),
      image: row.image,
      badge: row.badge,
      rating: row.ratingCount > 0 ? Math.round((row.ratingTotal * 10) / row.ratingCount) / 10 : 0,
      ratingCount: row.ratingCount,
      videoCount: row.videoCount,
      durationSeconds: row.durationSeconds,
      level: row.level,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      currency: row.currency,
      totalSeats: row.totalSeats,
      seatsLeft: row.totalSeats === null ? null : Math.max(0, row.totalSeats - row.seatsSold),
      category: category
        ? { id: category.id, slug: category.slug, name: translate(category.name, language) }
        : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

describe("cards and course pages in a language", () => {
  it("show the language's text, else English, else the first there is, as translate() picks it", async () => {
    for (const lng of ["en", "nl"]) {
      for (const query of [
        `limit=20&page=2`,
        `limit=7&page=3&sort=price-asc`,
        `limit=20&sort=date-asc&category=${child.slug}`,
        `limit=20&category=${parent.slug}`,
        `limit=100&searchText=list`,
      ]) {
        const { rawPayload } = await ctx.t.app.inject({ url: `/api/courses?${query}&lng=${lng}` });
        const list = JSON.parse(rawPayload.toString("utf8")) as CourseList;
        expect(list.courses.length).toBeGreaterThan(0);
        const cards = await expectedCards(
          list.courses.map((course) => course.id),
          lng,
        );
        expect({ query, lng, body: JSON.stringify(list.courses) }).toEqual({
          query,
          lng,
          body: JSON.stringify(cards),
        });
      }
      for (const slug of ["list-course-1", "list-course-2", "list-course-3", "list-course-4"]) {
        const { db } = ctx.t.database;
        const [row] = await db
          .select()
          .from(courses)
          .where(and(eq(courses.companyId, ctx.companyId), eq(courses.slug, slug)));
        const lessonRows = await db
          .select()
          .from(lessons)
          .where(eq(lessons.courseId, row!.id))
          .orderBy(lessons.position);
        const detail = (
          await ctx.t.app.inject({ url: `/api/courses/${slug}?lng=${lng}` })
        ).json() as CourseDetail;
        const [card] = await expectedCards([row!.id], lng);
        expect({ slug, lng, detail }).toEqual({
          slug,
          lng,
          detail: {
            ...card,
            description: translate(row!.description, lng),
            outcomes: translateList(row!.outcomes, lng),
            audience: translate(row!.audience, lng),
            instructor: row!.instructor,
            lessons: lessonRows.map((lesson) => ({
              id: lesson.id,
              position: lesson.position,
              title: translate(lesson.title, lng),
              durationSeconds: lesson.durationSeconds,
              freePreview: lesson.freePreview,
            })),
            instalmentCount: null,
            attributes: [],
          },
        });
        expect(Object.keys(detail)).toEqual([
          ...Object.keys(card!),
          "description",
          "outcomes",
          "audience",
          "instructor",
          "lessons",
          "instalmentCount",
          "attributes",
        ]);
      }
    }
  });
});

/** Courses that have this attribute value, as the oracle finds them (not the service's JSONPath). */
const hasValue = (valueId: string) =>
  sql`exists (select 1 from jsonb_each(${courses.attributeValues}) picked,
    jsonb_array_elements_text(picked.value) chosen where chosen = ${valueId})`;

/** The list courses' numbers (`list-course-<n>`), ids, categories and whether they are published. */
async function listCourses() {
  const rows = await ctx.t.database.db
    .select({
      id: courses.id,
      slug: courses.slug,
      categoryId: courses.categoryId,
      published: courses.published,
    })
    .from(courses)
    .where(and(eq(courses.companyId, ctx.companyId), sql`${courses.slug} ~ '^list-course-[0-9]+$'`));
  return rows
    .map((row) => ({ ...row, n: Number(row.slug.slice("list-course-".length)) }))
    .sort((a, b) => a.n - b.n);
}

describe("cards of the attribute filter and of the popular courses in a language", () => {
  it("show the language's text, else English, else the first there is, as translate() picks it", async () => {
    const { db } = ctx.t.database;
    const catalog = ctx.t.app.services.catalog;
    const made = await call("POST", "/api/admin/attributes", ctx.admin.token, {
      title: { en: "Format", nl: "Vorm" },
      displayName: { en: "Format", nl: "Vorm" },
      optionType: "dropdown",
      values: [{ label: { en: "Self-paced", nl: "In eigen tempo" } }, { label: { en: "Live", nl: "Live" } }],
    });
    expect(made.status).toBe(201);
    const attributeId = made.body.id as string;
    const [selfPaced, live] = (made.body.values as { id: string }[]).map((value) => value.id);
    // Values and badges on list courses of every kind of text (title: n % 4, summary: n % 3), some
    // unpublished (n % 11 = 0), in both categories and in none (n % 3).
    await db.execute(sql`
      update courses set
        attribute_values = jsonb_build_object(${attributeId}::text,
          case when n % 2 = 0 then jsonb_build_array(${selfPaced}::text) else '[]'::jsonb end
          || case when n % 4 <> 1 then jsonb_build_array(${live}::text) else '[]'::jsonb end),
        badge = case when n % 5 = 0 then 'best' when n % 5 = 2 then 'popular' end
      from (select id as course_id, substring(slug from '^list-course-([0-9]+)$')::int as n
        from courses where company_id = ${ctx.companyId}::uuid) numbered
      where courses.id = numbered.course_id and numbered.n is not null`);
    const listed = await listCourses();
    const byNumber = (n: number) => listed.find((row) => row.n === n)!;
    // In the child category (n % 3 = 1), sold in paid orders (processing, delivered): 13 twice, 7 once;
    // 10 three times, in pending orders, which count for nothing.
    const customerEmail = "popular-buyer@example.com";
    const customer = {
      id: await insertCustomer(db, ctx.companyId, { name: "Popular buyer", email: customerEmail }),
      name: "Popular buyer",
      email: customerEmail,
    };
    const bought = (n: number, status: "processing" | "delivered" | "pending") => ({
      customer,
      lines: [
        {
          courseId: byNumber(n).id,
          title: { en: `List course ${n}`, nl: `Lijstcursus ${n}` },
          unitPriceCents: 1000,
        },
      ],
      status,
      paymentMethod: "card" as const,
      channel: "online" as const,
      createdAt: new Date("2025-02-01T10:00:00Z"),
    });
    await insertHistoricOrders(db, ctx.companyId, [
      bought(13, "delivered"),
      bought(13, "processing"),
      bought(7, "delivered"),
      bought(10, "pending"),
      bought(10, "pending"),
      bought(10, "pending"),
    ]);
    catalog.invalidate(ctx.companyId);

    /** Per path: which of translate()'s choices the compared cards' titles and summaries took. */
    const choices = new Map<string, Set<string>>();
    const compare = async (path: string, where: string, lng: "en" | "nl", cards: unknown[]) => {
      expect(cards.length, where).toBeGreaterThan(0);
      const ids = (cards as { id: string }[]).map((card) => card.id);
      const expected = await expectedCards(ids, lng);
      expect({ where, lng, body: JSON.stringify(cards) }).toEqual({
        where,
        lng,
        body: JSON.stringify(expected),
      });
      const stored = await db
        .select({ title: courses.title, summary: courses.summary })
        .from(courses)
        .where(inArray(courses.id, ids));
      const seen = choices.get(path) ?? new Set<string>();
      for (const text of stored.flatMap((row) => [row.title, row.summary]))
        seen.add(text[lng] ? "asked" : text.en ? "english" : translate(text, lng) ? "first" : "none");
      choices.set(path, seen);
    };

    for (const lng of ["en", "nl"] as const) {
      // A page of published courses matching a filter the kept list positions do not cover.
      for (const [query, sort, categoryIds, values] of [
        [`attr=${selfPaced}&limit=7&page=2`, "date-desc", undefined, [selfPaced]],
        [
          `attr=${live}&attr=${selfPaced}&limit=20&sort=price-desc`,
          "price-desc",
          undefined,
          [selfPaced, live],
        ],
        [`attr=${live}&category=${child.slug}&limit=20&sort=date-asc`, "date-asc", [child.id], [live]],
      ] as [string, CourseSort, string[] | undefined, string[]][]) {
        const { rawPayload } = await ctx.t.app.inject({ url: `/api/courses?${query}&lng=${lng}` });
        const list = JSON.parse(rawPayload.toString("utf8")) as CourseList;
        const url = new URLSearchParams(query);
        const page = Number(url.get("page") ?? 1);
        const limit = Number(url.get("limit"));
        const expected = await oracle(sort, categoryIds, page, limit, and(...values.map(hasValue)));
        expect({ query, ids: list.courses.map((course) => course.id), total: list.totalDoc }).toEqual({
          query,
          ids: expected.ids,
          total: expected.total,
        });
        await compare("attribute filter", query, lng, list.courses);
      }

      // The home page's popular courses, each source with and without a category.
      const chosen = [
        ...[12, 3, 11, 1, 8, 6, 2, 9, 4, 10, 5, 7].map((n) => byNumber(n).id),
        "0190f4c1-0000-7000-8000-000000000000",
      ];
      const limit = 24;
      const popular = (source: PopularSource, category?: string, courseIds: string[] = chosen) =>
        withTenant(ctx.companyId, () =>
          catalog.popularCourses(ctx.companyId, { source, courseIds, category, limit }, lng),
        );
      for (const category of [undefined, child.slug]) {
        const where = (source: string) => `${source} ${category ?? "all"}`;
        const picked = await popular("chosen", category);
        expect(picked.map((card) => card.id)).toEqual(
          chosen
            .map((id) => listed.find((row) => row.id === id))
            .filter((row) => row?.published && (!category || row.categoryId === child.id))
            .map((row) => row!.id),
        );
        await compare("chosen", where("chosen"), lng, picked);

        const badged = await popular("badge", category);
        const badges = badged.map((card) => card.badge);
        expect(badges.every((badge) => badge !== null)).toBe(true);
        expect(badges).toEqual([...badges].sort());
        await compare("badge", where("badge"), lng, badged);

        const sold = await popular("sales", category);
        if (!category) expect(sold.length).toBe(limit);
        await compare("sales", where("sales"), lng, sold);

        // Nothing of the choice: the newest instead.
        await compare("newest", where("chosen none"), lng, await popular("chosen", category, []));
      }
      // Sold most first (the whole school's best sellers are the seeded courses).
      const soldInChild = await popular("sales", child.slug);
      expect(soldInChild.slice(0, 2).map((card) => card.id)).toEqual([byNumber(13).id, byNumber(7).id]);
    }
    // Every path showed texts of each kind: in the language asked, in English for want of it, in
    // another language for want of both, and none at all.
    const everyChoice = ["asked", "english", "first", "none"];
    expect(Object.fromEntries([...choices].map(([path, seen]) => [path, [...seen].sort()]))).toEqual({
      "attribute filter": everyChoice,
      chosen: everyChoice,
      badge: everyChoice,
      sales: everyChoice,
      newest: everyChoice,
    });
  });
});

/**
 * The positions passes (list-positions.ts `readPositions`) the app asks the database for from now on,
 * seen where drizzle prepares each query; `first` resolves when one starts.
 */
function watchPasses() {
  type PrepareQuery = (query: { sql: string }, ...rest: unknown[]) => unknown;
  const session = (ctx.t.database.db as unknown as { session: { prepareQuery: PrepareQuery } }).session;
  const original = session.prepareQuery;
  let count = 0;
  let started: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    started = resolve;
  });
  session.prepareQuery = function (this: unknown, query, ...rest) {
    if (/row_number\(\) over .* as "n"/s.test(query.sql)) {
      count++;
      started();
    }
    return original.call(this, query, ...rest);
  };
  restorePrepare = () => {
    session.prepareQuery = original;
  };
  return {
    first,
    get count() {
      return count;
    },
  };
}
let restorePrepare: () => void = () => undefined;
afterEach(() => restorePrepare());

/** The first pages of the whole catalogue in every sort, asked for all at once, against the oracle. */
async function expectFirstPagesRight() {
  const asked = [undefined, ...COURSE_SORTS].flatMap((sort) => [1, 2, 3].map((page) => ({ sort, page })));
  const answers = await Promise.all(
    asked.map(async ({ sort, page }) => {
      const { body } = await call("GET", `/api/courses?page=${page}${sort ? `&sort=${sort}` : ""}`);
      return { sort, page, ids: (body as CourseList).courses.map((course) => course.id) };
    }),
  );
  for (const { sort, page, ids } of answers) {
    const where = `${sort ?? "default"} page ${page}`;
    const expected = await oracle(sort ?? "date-desc", undefined, page, 20);
    expect({ where, ids }).toEqual({ where, ids: expected.ids });
  }
}

describe("the whole catalogue's list positions, built ahead of visitors", () => {
  const catalog = () => ctx.t.app.services.catalog;

  it("are built after a change, from the changed catalogue: its first visitors pay no pass", async () => {
    await expectFirstPagesRight();
    // The newest and cheapest course: every list's pages shift by one.
    const created = await call("POST", "/api/admin/courses", ctx.admin.token, {
      title: { en: "The cheapest list course" },
      priceCents: 1,
    });
    expect(created.status).toBe(201);
    const published = await call("PATCH", `/api/admin/courses/${created.body.id}`, ctx.admin.token, {
      published: true,
    });
    expect(published.status).toBe(200);
    await catalog().listsWarmed();
    const passes = watchPasses();
    await expectFirstPagesRight();
    expect(passes.count).toBe(0);
  });

  it("are built once per list: visitors asking while the passes run share them", async () => {
    const passes = watchPasses();
    const [course] = await ctx.t.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, ctx.companyId), eq(courses.slug, "list-course-1")));
    expect(
      (await call("PATCH", `/api/admin/courses/${course?.id}`, ctx.admin.token, { priceCents: 2 })).status,
    ).toBe(200);
    await passes.first;
    await expectFirstPagesRight();
    await catalog().listsWarmed();
    expect(passes.count).toBe(COURSE_SORTS.length);
  });
});
