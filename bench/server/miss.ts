import { URLS_PER_FILE } from "~server/modules/sitemap/sitemap.service";
import { ADJECTIVES, AUDIENCES, FORMATS, type SqlRunner, SUBJECTS } from "../lib/generate";

/** How many random paths a scenario takes in turn: more than a run asks for, so few repeat. */
const PATHS_PER_SCENARIO = 20_000;
const PAGE_SIZE = 20;
const SORTS = ["price-asc", "price-desc", "date-asc", "date-desc"] as const;

/**
 * A scenario of the miss path: the same request again and again (`hitPath`, answered from the
 * cache after the first time) beside random requests over the whole catalogue (`paths`), measured
 * with the cache on and with it bypassed (CATALOG_CACHE=off). Budgets are for the bypassed run.
 */
export interface MissScenario {
  name: string;
  hitPath: string;
  paths: string[];
  connections: number;
  minRps?: number;
  maxP99?: number;
}

export interface MissBudgets {
  list: { minRps: number; maxP99: number };
  detail: { minRps: number; maxP99: number };
  page: { maxP99: number };
}

/** The budgets on PostgreSQL (50 connections, 100k courses, 2 cores). */
export const POSTGRES_BUDGETS: MissBudgets = {
  list: { minRps: 2000, maxP99: 50 },
  detail: { minRps: 3000, maxP99: 30 },
  page: { maxP99: 80 },
};

/** The embedded database: at least a quarter of the rates. */
export const EMBEDDED_BUDGETS: MissBudgets = {
  list: { minRps: 500, maxP99: 200 },
  detail: { minRps: 750, maxP99: 120 },
  page: { maxP99: 320 },
};

/** A seeded pseudo-random generator (mulberry32): the same paths on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const many = (seed: number, make: (next: () => number) => string) => {
  const next = random(seed);
  return Array.from({ length: PATHS_PER_SCENARIO }, () => make(next));
};
const upTo = (next: () => number, n: number) => 1 + Math.floor(next() * Math.max(1, n));

/** The miss scenarios on the generated catalogue (`bench-course-<n>`, `bench-category-<n>`). */
export async function missScenarios(
  db: SqlRunner,
  companySlug: string,
  courseCount: number,
  budgets: MissBudgets,
): Promise<MissScenario[]> {
  const company = `(select id from companies where slug = '${companySlug}')`;
  const [published] = await db.query<{ n: string }>(
    `select count(*) as n from courses where company_id = ${company} and published`,
  );
  const categories = await db.query<{ slug: string; n: string }>(
    `select categories.slug, count(courses.id) as n from categories
     join courses on courses.category_id = categories.id and courses.published
     where categories.company_id = ${company} and categories.slug like 'bench-category-%'
     group by categories.slug`,
  );
  const pages = Math.floor(Number(published?.n ?? 0) / PAGE_SIZE);
  const sitemapFiles = Math.ceil(Number(published?.n ?? 0) / URLS_PER_FILE);
  // Every 50th generated course is unpublished (generate.ts): those are not asked for.
  const publishedCourse = (next: () => number) => {
    let n = upTo(next, courseCount);
    if (n % 50 === 0) n -= 1;
    return `bench-course-${n}`;
  };
  const words = [...ADJECTIVES, ...SUBJECTS, ...FORMATS, ...AUDIENCES].filter((word) =>
    /^[a-z]+$/.test(word),
  );
  const word = (next: () => number) => words[Math.floor(next() * words.length)] as string;
  const list = { connections: 50, ...budgets.list };
  return [
    {
      name: "list: random page",
      hitPath: "/api/courses?page=2",
      paths: many(1, (next) => `/api/courses?page=${upTo(next, pages)}`),
      ...list,
    },
    ...SORTS.map((sort, i) => ({
      name: `list: random page, sort ${sort}`,
      hitPath: `/api/courses?sort=${sort}&page=2`,
      paths: many(10 + i, (next) => `/api/courses?sort=${sort}&page=${upTo(next, pages)}`),
      ...list,
    })),
    {
      name: "list: random category, random page",
      hitPath: "/api/courses?category=bench-category-7&page=2",
      paths: many(20, (next) => {
        const category = categories[Math.floor(next() * categories.length)];
        const last = Math.floor(Number(category?.n ?? 0) / PAGE_SIZE);
        return `/api/courses?category=${category?.slug}&page=${upTo(next, last)}`;
      }),
      ...list,
    },
    {
      name: "course detail: random course",
      hitPath: "/api/courses/bench-course-123",
      paths: many(30, (next) => `/api/courses/${publishedCourse(next)}`),
      connections: 50,
      ...budgets.detail,
    },
    {
      name: "page: /catalog?page=<random>",
      hitPath: "/catalog?page=2",
      paths: many(50, (next) => `/catalog?page=${upTo(next, pages)}`),
      connections: 50,
      ...budgets.page,
    },
    {
      name: "page: /single-course/<random>",
      hitPath: "/single-course/bench-course-123",
      paths: many(60, (next) => `/single-course/${publishedCourse(next)}`),
      connections: 50,
      ...budgets.page,
    },
    // Crawlers: kept until the catalogue changes, whatever CATALOG_CACHE says; held to the list's budget.
    { name: "crawler: /robots.txt", hitPath: "/robots.txt", paths: ["/robots.txt"], ...list },
    { name: "crawler: /sitemap.xml", hitPath: "/sitemap.xml", paths: ["/sitemap.xml"], ...list },
    {
      // 10,000 URLs (about 1 MB) per file: reported, not checked (the bytes, not the server, set it).
      name: "crawler: /sitemap-courses-<random>.xml",
      hitPath: "/sitemap-courses-1.xml",
      paths: many(70, (next) => `/sitemap-courses-${upTo(next, sitemapFiles)}.xml`),
      connections: 10,
    },
    {
      name: "search: random title words",
      hitPath: "/api/courses?searchText=creative%20music",
      paths: many(40, (next) => {
        const text = next() < 0.5 ? word(next) : `${word(next)} ${word(next)}`;
        return `/api/courses?searchText=${encodeURIComponent(text)}`;
      }),
      // No budget in the issue: reported, not checked. Last: under row-level security a search reads
      // every course (decision 013), and the queries it leaves running would slow the scenarios after it.
      connections: 10,
    },
  ];
}
