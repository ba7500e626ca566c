import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import type { SeedCourse } from "../../seed/content/types";
import { insertCategory, insertCompany, insertCourse } from "../../seed/factories";
import { type CategoryList, type CourseCard, CourseDetail, CourseList } from "./catalog.schemas";

let t: TestApp;

const otherSchoolCourse: SeedCourse = {
  slug: "harbour-sailing-basics",
  categorySlug: "outdoors",
  title: { en: "Harbour Sailing Basics", nl: "Zeilen in de haven" },
  summary: {
    en: "Knots, wind and safety for young sailors.",
    nl: "Knopen, wind en veiligheid voor jonge zeilers.",
  },
  description: { en: "A course of another school.", nl: "Een cursus van een andere school." },
  outcomes: { en: ["Tie a bowline"], nl: ["Een paalsteek leggen"] },
  level: "beginner",
  audience: { en: "Ages 9–12", nl: "9–12 jaar" },
  instructor: "Maarten Zeeman",
  badge: null,
  priceCents: 5000,
  salePriceCents: null,
  totalSeats: null,
  rating: 4.5,
  ratingCount: 2,
  addedDaysAgo: 3,
  lessons: [{ title: { en: "Ropes", nl: "Touwen" }, durationSeconds: 600, freePreview: true }],
};

beforeAll(async () => {
  t = await createTestApp();
  const other = await insertCompany(t.database.db, { slug: "harbour-school", name: "Harbour School" });
  const categoryId = await insertCategory(t.database.db, other.id, {
    slug: "outdoors",
    name: { en: "Outdoors", nl: "Buiten" },
    description: { en: "", nl: "" },
    icon: "sailboat",
  });
  await insertCourse(t.database.db, other.id, otherSchoolCourse, { categoryId });
});

afterAll(async () => {
  await t.close();
});

async function list(query = "", headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: "GET", url: `/api/courses${query}`, headers });
  return { status: response.statusCode, body: response.json() as CourseList };
}

const effective = (course: CourseCard) => course.salePriceCents ?? course.priceCents;

describe("GET /api/courses", () => {
  it("returns the first 20 published courses, newest first, with card fields", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.limit).toBe(20);
    expect(body.page).toBe(1);
    expect(body.totalDoc).toBeGreaterThanOrEqual(24);
    expect(body.courses).toHaveLength(20);
    expect(body.pages).toBe(Math.ceil(body.totalDoc / 20));
    const dates = body.courses.map((course) => course.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const card = body.courses[0]!;
    expect(card.title).toBeTruthy();
    expect(card.image).toMatch(/^\/images\/courses\/.+\.svg$/);
    expect(card.videoCount).toBeGreaterThan(0);
    expect(card.durationSeconds).toBeGreaterThan(0);
    expect(card.category?.name).toBeTruthy();
  });

  it("pages through every course exactly once", async () => {
    const first = await list("?limit=10&page=1");
    const seen = new Set<string>();
    for (let page = 1; page <= first.body.pages; page++) {
      const { body } = await list(`?limit=10&page=${page}`);
      for (const course of body.courses) seen.add(course.id);
    }
    expect(seen.size).toBe(first.body.totalDoc);
    const beyond = await list(`?limit=10&page=${first.body.pages + 1}`);
    expect(beyond.body.courses).toEqual([]);
  });

  it.each([
    ["price-asc", (a: CourseCard, b: CourseCard) => effective(a) - effective(b)],
    ["price-desc", (a: CourseCard, b: CourseCard) => effective(b) - effective(a)],
    ["date-asc", (a: CourseCard, b: CourseCard) => a.createdAt.localeCompare(b.createdAt)],
    ["date-desc", (a: CourseCard, b: CourseCard) => b.createdAt.localeCompare(a.createdAt)],
  ])("sorts by %s", async (sort, compare) => {
    const { body } = await list(`?sort=${sort}&limit=100`);
    expect(body.courses.length).toBe(body.totalDoc);
    const sorted = [...body.courses].sort(compare);
    expect(body.courses.map(effective)).toEqual(sorted.map(effective));
    expect(body.courses.map((c) => c.createdAt).length).toBe(sorted.length);
  });

  it("filters by category, including its sub-categories", async () => {
    const categories = (await t.app.inject({ url: "/api/categories" })).json() as CategoryList;
    const parent = categories.categories.find((c) =>
      categories.categories.some((child) => child.parentId === c.id),
    );
    expect(parent).toBeDefined();
    const familyIds = new Set([
      parent!.id,
      ...categories.categories.filter((c) => c.parentId === parent!.id).map((c) => c.id),
    ]);
    const { body } = await list(`?category=${parent!.slug}&limit=100`);
    expect(body.totalDoc).toBe(parent!.courseCount);
    expect(body.courses.length).toBeGreaterThan(0);
    for (const course of body.courses) expect(familyIds.has(course.category!.id)).toBe(true);
    const byId = await list(`?category=${parent!.id}&limit=100`);
    expect(byId.body.totalDoc).toBe(body.totalDoc);
  });

  it("gives an empty page for an unknown category", async () => {
    const { status, body } = await list("?category=underwater-basket-weaving");
    expect(status).toBe(200);
    expect(body).toMatchObject({ courses: [], totalDoc: 0 });
  });

  it("searches titles in any language, case-insensitively", async () => {
    const { body: all } = await list("?limit=100");
    const target = all.courses[3]!;
    const word = target.title
      .split(/\s+/)
      .find((w) => w.length > 4)!
      .toUpperCase();
    const { body } = await list(`?searchText=${encodeURIComponent(word)}&limit=100`);
    expect(body.courses.map((c) => c.id)).toContain(target.id);
    for (const course of body.courses) {
      const detail = (await t.app.inject({ url: `/api/courses/${course.id}` })).json() as CourseDetail;
      const dutch = (await t.app.inject({ url: `/api/courses/${course.id}?lng=nl` })).json() as CourseDetail;
      const haystack =
        `${detail.title} ${detail.summary} ${dutch.title} ${dutch.summary} ${detail.instructor}`.toLowerCase();
      expect(haystack).toContain(word.toLowerCase());
    }
  });

  it("ranks courses with more of the words in their title first, then the newest", async () => {
    const school = await insertCompany(t.database.db, { slug: "ranking-school", name: "Ranking School" });
    const course = (slug: string, addedDaysAgo: number, title: [string, string], summary: [string, string]) =>
      insertCourse(
        t.database.db,
        school.id,
        {
          ...otherSchoolCourse,
          slug,
          addedDaysAgo,
          title: { en: title[0], nl: title[1] },
          summary: { en: summary[0], nl: summary[1] },
        },
        { categoryId: null },
      );
    // Newest first when the title says nothing; "en" (Dutch "and") is a language key of every title.
    await course("summary-only", 1, ["Knots", "Touw"], ["Wind and sun", "Wind en zon"]);
    await course("one-word-title", 2, ["Wind", "Wind"], ["Sun and more", "Zon en meer"]);
    await course("both-words-title", 3, ["Wind and sun", "Wind en zon"], ["Outdoors", "Buiten"]);
    const slugs = async (searchText: string) =>
      (
        await list(`?searchText=${encodeURIComponent(searchText)}`, { company: "ranking-school" })
      ).body.courses.map((found) => found.slug);
    expect(await slugs("wind zon")).toEqual(["both-words-title", "one-word-title", "summary-only"]);
    expect(await slugs("en")).toEqual(["both-words-title", "summary-only", "one-word-title"]);
  });

  it("treats % and _ in the search text as plain characters", async () => {
    const { status, body } = await list("?searchText=%25%25%25");
    expect(status).toBe(200);
    expect(body.totalDoc).toBe(0);
  });

  it.each([
    ["?page=0", "page must be a whole number between 1 and 100000"],
    ["?page=abc", "page must be a whole number between 1 and 100000"],
    ["?limit=101", "limit must be a whole number between 1 and 100"],
    ["?limit=0", "limit must be a whole number between 1 and 100"],
    ["?sort=cheapest", "sort must be one of price-asc, price-desc, date-asc, date-desc"],
    ["?colour=blue", "colour"],
  ])("rejects %s with 400 and a clear message", async (query, message) => {
    const response = await t.app.inject({ url: `/api/courses${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.message).toContain(message);
  });

  it("answers in the requested language", async () => {
    const english = await list("?limit=1");
    const dutch = await list("?limit=1&lng=nl");
    const header = await list("?limit=1", { "accept-language": "nl-NL,nl;q=0.9" });
    expect(dutch.body.courses[0]!.id).toBe(english.body.courses[0]!.id);
    expect(dutch.body.courses[0]!.title).not.toBe(english.body.courses[0]!.title);
    expect(header.body.courses[0]!.title).toBe(dutch.body.courses[0]!.title);
  });
});

describe("GET /api/courses/:id", () => {
  it("finds a course by id and by slug, with its lessons in order", async () => {
    const { body } = await list("?limit=1");
    const card = body.courses[0]!;
    const byId = await t.app.inject({ url: `/api/courses/${card.id}` });
    const bySlug = await t.app.inject({ url: `/api/courses/${card.slug}` });
    expect(byId.statusCode).toBe(200);
    expect(bySlug.json()).toEqual(byId.json());
    const detail = byId.json() as CourseDetail;
    expect(detail.description.length).toBeGreaterThan(card.summary.length);
    expect(detail.outcomes.length).toBeGreaterThanOrEqual(4);
    expect(detail.lessons.map((l) => l.position)).toEqual(detail.lessons.map((_, i) => i + 1));
    expect(detail.lessons).toHaveLength(detail.videoCount);
    expect(detail.lessons.reduce((sum, l) => sum + l.durationSeconds, 0)).toBe(detail.durationSeconds);
    expect(detail.lessons.some((l) => l.freePreview)).toBe(true);
  });

  it("answers 404 JSON for an unknown course", async () => {
    const response = await t.app.inject({ url: "/api/courses/no-such-course" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No course "no-such-course" exists.',
      code: "COURSE_NOT_FOUND",
    });
  });
});

describe("the catalogue's answers", () => {
  it("are exactly what their response schema gives, field for field and in its order", async () => {
    // The answers are serialised as the service builds them (no parse on the way out): this holds
    // them to the schema the OpenAPI document publishes.
    for (const lng of ["en", "nl"]) {
      for (const query of [`?limit=100&lng=${lng}`, `?sort=price-asc&page=2&limit=7&lng=${lng}`]) {
        const { rawPayload } = await t.app.inject({ url: `/api/courses${query}` });
        const raw = rawPayload.toString("utf8");
        expect(raw).toBe(JSON.stringify(CourseList.parse(JSON.parse(raw))));
        for (const card of (JSON.parse(raw) as CourseList).courses) {
          const detail = await t.app.inject({ url: `/api/courses/${card.slug}?lng=${lng}` });
          expect(detail.body).toBe(JSON.stringify(CourseDetail.parse(detail.json())));
        }
      }
    }
  });
});

describe("GET /api/categories", () => {
  it("lists the published category tree with course counts", async () => {
    const response = await t.app.inject({ url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    const { categories } = response.json() as CategoryList;
    expect(categories.filter((c) => c.parentId === null).length).toBeGreaterThanOrEqual(6);
    const ids = new Set(categories.map((c) => c.id));
    for (const category of categories) if (category.parentId) expect(ids.has(category.parentId)).toBe(true);
    const { body } = await list("?limit=1");
    const topLevelTotal = categories
      .filter((c) => c.parentId === null)
      .reduce((sum, c) => sum + c.courseCount, 0);
    expect(topLevelTotal).toBe(body.totalDoc);
  });
});

describe("tenancy", () => {
  it("never shows another company's courses", async () => {
    const { body } = await list("?limit=100");
    expect(body.courses.map((c) => c.slug)).not.toContain(otherSchoolCourse.slug);
    const direct = await t.app.inject({ url: `/api/courses/${otherSchoolCourse.slug}` });
    expect(direct.statusCode).toBe(404);
    const search = await list("?searchText=harbour");
    expect(search.body.totalDoc).toBe(0);
    // Searches run as the table owner (row-level security kept the word indexes unused), so the
    // company condition alone keeps them apart: sorted, and as part of a word, too.
    for (const query of [
      "?searchText=harbour&sort=price-asc",
      "?searchText=arbou",
      "?searchText=arbou&sort=date-desc",
    ]) {
      const found = await list(query);
      expect(found.body.courses.map((c) => c.slug)).not.toContain(otherSchoolCourse.slug);
      expect(found.body.totalDoc).toBe(0);
    }
    expect((await list("?searchText=arbou", { company: "harbour-school" })).body.totalDoc).toBe(1);
  });

  it("serves the company named in the header or the cookie", async () => {
    const byHeader = await list("", { company: "harbour-school" });
    expect(byHeader.body.courses.map((c) => c.slug)).toEqual([otherSchoolCourse.slug]);
    const byCookie = await t.app.inject({
      url: `/api/courses/${otherSchoolCourse.slug}`,
      cookies: { company: "harbour-school" },
    });
    expect(byCookie.statusCode).toBe(200);
    const categories = (
      await t.app.inject({ url: "/api/categories", headers: { company: "harbour-school" } })
    ).json();
    expect(categories.categories.map((c: { slug: string }) => c.slug)).toEqual(["outdoors"]);
  });

  it("answers 404 JSON for an unknown company", async () => {
    const response = await t.app.inject({ url: "/api/courses", headers: { company: "nowhere" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No company "nowhere" exists.', code: "COMPANY_NOT_FOUND" });
  });
});
