import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Language } from "~shared/language";
import type { PopularSource } from "~shared/popular-courses";
import { type Translatable, translate, translateList } from "~shared/translatable";
import type { Db } from "../../db/client";
import { runUnscoped, withTenant } from "../../db/tenant-scope";
import type { CacheBus } from "../../lib/cache-bus";
import { sharedInvalidation } from "../../lib/company-cache";
import { isUuid } from "../../lib/ids";
import { jsonBody, KeptBody } from "../../lib/kept-body";
import { ReadCache } from "../../lib/read-cache";
import { enrolments, orderLines, orders } from "../orders/orders.tables";
import {
  type AttributeList,
  attributeValuesOf,
  type CategoryList,
  COURSE_SORTS,
  type CourseAttribute,
  type CourseCard,
  type CourseDetail,
  type CourseList,
  type CourseSort,
  type StoreListCoursesQuery,
} from "./catalog.schemas";
import { attributes, catalogCounts, categories, courses } from "./catalog.tables";
import {
  listFilter,
  matchOrderBy,
  orderBy,
  POSITION_STEP,
  pageWindow,
  readPositions,
  windowCondition,
} from "./list-positions";
import { createListWarming } from "./list-warming";

/** A language for a statement: the request's, or a prepared statement's placeholder for it. */
type LanguageParam = Language | Placeholder;

/**
 * The text `translate` shows of a translatable column, chosen in SQL: in `language`, else English,
 * else the first non-empty text (in the order the JSON's keys are stored and parsed). The database then
 * sends one text, not every language's JSON to be parsed where one is shown (decision 013, tenth pass).
 */
function shownText(column: AnyPgColumn, language: LanguageParam): SQL<string> {
  // The last choice is a function, not a subquery: a subquery in the select list is set up at every
  // execution, chosen or not (about 35 µs of PostgreSQL's CPU per statement, decision 013, tenth pass).
  return sql<string>`coalesce(nullif(${column} ->> ${language}::text, ''), nullif(${column} ->> 'en', ''),
    jsonb_path_query_first(${column}, 'strict $.* ? (@.type() == "string" && @ != "")', '{}', true) #>> '{}', '')`;
}

type ColumnValue<C extends AnyPgColumn> = C["_"]["notNull"] extends true
  ? C["_"]["data"]
  : C["_"]["data"] | null;

/**
 * Columns selected under the names of the row's fields (`"rating_total" as "ratingTotal"`): the
 * driver's rows (a prepared statement's `all()`) are then the rows themselves, with no mapping by
 * drizzle, whose `mapResultRow` walks every column through generic checks and decoders (about a seventh
 * of Node.js's CPU for a list page, decision 013, eighth pass). Queries read through drizzle give the
 * same rows (an aliased SQL is passed through as the driver parsed it).
 */
function byName<T extends Record<string, AnyPgColumn>>(
  columns: T,
): { [K in keyof T]: SQL.Aliased<ColumnValue<T[K]>> } {
  const named: Record<string, SQL.Aliased> = {};
  for (const [name, column] of Object.entries(columns)) named[name] = sql`${column}`.as(name);
  return named as { [K in keyof T]: SQL.Aliased<ColumnValue<T[K]>> };
}

/**
 * What a course card is made of, in `language`: the shown title and summary, the seats left and the
 * creation time as ISO text (what `toCard` answers: PostgreSQL's `to_char` truncates microseconds to
 * the millisecond, as `Date` did), and the columns `toCard` reads as they are.
 */
function cardColumns(language: LanguageParam) {
  return {
    ...byName({ id: courses.id, slug: courses.slug }),
    title: shownText(courses.title, language).as("title"),
    summary: shownText(courses.summary, language).as("summary"),
    ...byName({
      image: courses.image,
      badge: courses.badge,
      ratingTotal: courses.ratingTotal,
      ratingCount: courses.ratingCount,
      videoCount: courses.videoCount,
      durationSeconds: courses.durationSeconds,
      level: courses.level,
      priceCents: courses.priceCents,
      salePriceCents: courses.salePriceCents,
      currency: courses.currency,
      totalSeats: courses.totalSeats,
      categoryId: courses.categoryId,
    }),
    seatsLeft: sql<number | null>`(case when ${courses.totalSeats} is null then null
      else greatest(0, ${courses.totalSeats} - ${courses.seatsSold}) end)`.as("seatsLeft"),
    createdAt:
      sql<string>`to_char(${courses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        "createdAt",
      ),
  };
}
type Selected<T> = { [K in keyof T]: T[K] extends SQL.Aliased<infer V> ? V : never };
/** A card's row, as drizzle maps it and as the driver answers it alike (`byName`). */
type CardRow = Selected<ReturnType<typeof cardColumns>>;

/**
 * A course's page: its card's columns and the rest of what the course shows. Its long texts (the
 * description, outcomes, audience and lesson titles) are chosen in JavaScript: choosing them in SQL
 * too cost PostgreSQL more than it saved Node.js on one row (decision 013, tenth pass).
 */
function courseColumns(language: LanguageParam) {
  return {
    ...cardColumns(language),
    ...byName({
      description: courses.description,
      outcomes: courses.outcomes,
      audience: courses.audience,
      instructor: courses.instructor,
      instalmentCount: courses.instalmentCount,
      attributeValues: courses.attributeValues,
    }),
    // Spelled out: in a one-table select drizzle names columns without their table.
    lessons: sql<LessonRow[]>`coalesce((
      select json_agg(json_build_object('id', l.id, 'position', l.position, 'title', l.title,
        'durationSeconds', l.duration_seconds, 'freePreview', l.free_preview) order by l.position)
      from lessons l where l.company_id = courses.company_id and l.course_id = courses.id
    ), '[]')`.as("lessons"),
  };
}
/** A course's row, as the driver answers it (`byName`). */
type CourseRow = Selected<ReturnType<typeof courseColumns>>;

/**
 * drizzle's prepared statements answer the driver's rows without its mapping through `all()` (on
 * node-postgres and PGlite alike; marked internal in its types, so `catalog-lists.api.test.ts`, which
 * compares every page with `ORDER BY … OFFSET` on both engines, is what holds it).
 */
interface RawRowsStatement {
  all(values: Record<string, unknown>): Promise<unknown[]>;
}

/** `%` and `_` in user text are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const MAX_SEARCH_WORDS = 8;
/** Words made of letters and digits only can be looked up as word prefixes in the full-text index. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

export function searchWords(searchText: string | undefined): string[] {
  return (searchText ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/**
 * Every word must be in the course's titles, summaries or instructor. First as the start of a word,
 * through the full-text index (`to_tsvector('simple', search_text)`); when that finds nothing, as any
 * part of a word ("ractio" in "fractions"), through the trigram index.
 */
function wordPrefixMatch(words: string[]): SQL | undefined {
  if (!words.every((word) => PLAIN_WORD.test(word))) return undefined;
  const query = words.map((word) => `${word}:*`).join(" & ");
  return sql`to_tsvector('simple', ${courses.searchText}) @@ to_tsquery('simple', ${query})`;
}

function substringMatch(words: string[]): SQL | undefined {
  return and(...words.map((word) => like(courses.searchText, `%${escapeLike(word)}%`)));
}

/** Courses that have every one of these attribute values (whichever attribute each belongs to). */
function attributeMatch(valueIds: string[]): SQL[] {
  return valueIds.map(
    (valueId) =>
      sql`jsonb_path_exists(${courses.attributeValues}, '$.*[*] ? (@ == $v)', jsonb_build_object('v', ${valueId}::text))`,
  );
}

/**
 * Relevance: how many of the words are in the title (in any language: its values, not the JSON with
 * its language keys, which would make "en" a title word of every course); then newest first.
 */
function relevance(words: string[]): SQL[] {
  const titles = sql`lower(jsonb_path_query_array(${courses.title}, '$.*')::text)`;
  const inTitle = words.map((word) => sql`(${titles} like ${`%${escapeLike(word)}%`})::int`);
  return [desc(sql.join(inTitle, sql` + `)), desc(courses.createdAt), desc(courses.id)];
}

/** Bounds of the catalogue cache per process: entries, and their rough size in bytes. */
const MAX_CACHED_READS = 5000;
/** Category trees and list positions kept per process (each a few hundred KB at most). */
const MAX_KEPT_STRUCTURES = 2000;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/**
 * How long after the last catalogue change (or the start) the whole catalogue's list positions are
 * built (list-warming.ts): the writes of an import or a bulk edit make one round, not one each.
 */
const LIST_WARMING_DELAY_MS = 500;
/** The default order (newest first) first: the list most visitors see first. */
const WARMING_ORDER: CourseSort[] = ["date-desc", ...COURSE_SORTS.filter((sort) => sort !== "date-desc")];
/** Rough in-memory size of a translated course card or category once parsed (objects, not JSON). */
const ROUGH_OBJECT_BYTES = 2048;

/**
 * What a cached catalogue read weighs: a serialised body its bytes; a list of cards or categories
 * a rough size per item. Searches make a key per text typed, so the cache is bounded by weight too.
 */
function roughSize(value: unknown): number {
  if (!value || typeof value !== "object") return 64;
  if (value instanceof KeptBody) return value.weight + 256;
  if (Array.isArray(value)) return (value.length + 1) * ROUGH_OBJECT_BYTES;
  if ("courses" in value && Array.isArray(value.courses))
    return (value.courses.length + 1) * ROUGH_OBJECT_BYTES;
  if ("categories" in value && Array.isArray(value.categories))
    return (value.categories.length + 1) * ROUGH_OBJECT_BYTES;
  if ("lessons" in value && Array.isArray(value.lessons))
    return (value.lessons.length + 4) * ROUGH_OBJECT_BYTES;
  return ROUGH_OBJECT_BYTES;
}

function averageRating(total: number, reviews: number): number {
  return reviews > 0 ? Math.round((total * 10) / reviews) / 10 : 0;
}

/** A company's published categories with their published courses, and its published courses in all. */
interface CatalogShape {
  nodes: CategoryNode[];
  total: number;
}

interface LessonRow {
  id: string;
  position: number;
  title: Translatable;
  durationSeconds: number;
  freePreview: boolean;
}

interface CategoryNode {
  id: string;
  slug: string;
  parentId: string | null;
  name: Translatable;
  description: Translatable;
  icon: string | null;
  position: number;
  directCourses: number;
}

/**
 * The public catalogue: published categories and courses of one company, in one language.
 * Reads are cached per company and dropped by `invalidate(companyId)` after any catalogue write.
 */
export function createCatalogService(
  db: Db,
  deps: { bus?: CacheBus; answers?: boolean; log?: { warn(obj: object, msg: string): void } } = {},
) {
  const cache = new ReadCache<unknown>(MAX_CACHED_READS, { maxWeight: MAX_CACHED_BYTES, weigh: roughSize });
  const structures = new ReadCache<unknown>(MAX_KEPT_STRUCTURES);
  /**
   * The catalogue's structure (its category tree with the kept counts, its lists' positions), kept
   * whatever `answers` says: it is what the database reads a page by, not an answer.
   */
  const kept = <T>(companyId: string, key: string, load: () => Promise<T>) =>
    structures.get(companyId, key, load) as Promise<T>;
  /** Answers (lists, courses, figures): kept unless `answers` is false (CATALOG_CACHE=off, the miss path). */
  const cached =
    deps.answers === false
      ? <T>(_companyId: string, _key: string, load: () => Promise<T>) => load()
      : <T>(companyId: string, key: string, load: () => Promise<T>) =>
          cache.get(companyId, key, load) as Promise<T>;
  /** A cached answer, if there is one, without a promise (decision 036). */
  const known = <T>(companyId: string, key: string): T | undefined =>
    deps.answers === false ? undefined : (cache.peek(companyId, key) as T | undefined);
  /** Told when a company's catalogue changed (null: any company's); pages made from it are stale. */
  const listeners: ((companyId: string | null) => void)[] = [];
  const dropAnswers = (companyId: string | null) => {
    cache.drop(companyId);
    for (const listener of listeners) listener(companyId);
  };
  const invalidateEverywhere = sharedInvalidation(deps.bus, "catalog", (companyId) => {
    dropAnswers(companyId);
    structures.drop(companyId);
    warming.schedule(companyId);
  });
  const invalidateAnswersEverywhere = sharedInvalidation(deps.bus, "catalog-answers", dropAnswers);

  /** Published categories with their kept course counts (catalog_counts, migration 0009), and the total. */
  const catalogShape = (companyId: string) =>
    kept(companyId, "shape", async (): Promise<CatalogShape> => {
      const [nodes, [total]] = await Promise.all([
        db
          .select({
            id: categories.id,
            slug: categories.slug,
            parentId: categories.parentId,
            name: categories.name,
            description: categories.description,
            icon: categories.icon,
            position: categories.position,
            directCourses: sql<number>`coalesce(${catalogCounts.courses}, 0)`.mapWith(Number),
          })
          .from(categories)
          .leftJoin(
            catalogCounts,
            and(
              eq(catalogCounts.companyId, categories.companyId),
              eq(catalogCounts.categoryKey, categories.id),
            ),
          )
          .where(and(eq(categories.companyId, companyId), eq(categories.published, true)))
          .orderBy(asc(categories.position), asc(categories.slug)),
        db
          .select({ value: sql<number>`coalesce(sum(${catalogCounts.courses}), 0)`.mapWith(Number) })
          .from(catalogCounts)
          .where(eq(catalogCounts.companyId, companyId)),
      ]);
      return { nodes: nodes as CategoryNode[], total: total?.value ?? 0 };
    });
  const categoryTree = async (companyId: string) => (await catalogShape(companyId)).nodes;

  /** The kept positions of a list (see list-positions.ts), read once per catalogue version. */
  const listPositions = (companyId: string, sort: CourseSort, root: string | undefined, where: SQL) =>
    kept(companyId, `positions:${sort}:${root ?? ""}`, () => readPositions(db, sort, where));

  /** The positions of the whole catalogue's lists, built ahead of their first visitor (list-warming.ts). */
  const warming = createListWarming({
    delayMs: LIST_WARMING_DELAY_MS,
    warm: (companyId) =>
      withTenant(companyId, async () => {
        // One pass after the other: on the embedded database requests take their turns in between.
        const where = listFilter(companyId, undefined);
        for (const sort of WARMING_ORDER) await listPositions(companyId, sort, undefined, where);
      }),
    companies: async () =>
      (
        await db
          .selectDistinct({ id: catalogCounts.companyId })
          .from(catalogCounts)
          .where(sql`${catalogCounts.courses} > 0`)
      ).map((row) => row.id),
    onError: (error) =>
      deps.log?.warn({ err: error }, "could not build the catalogue's list positions ahead of visitors"),
  });

  /** A page of published courses in a sort order, without search: an index seek at a kept position. */
  async function browsePage(
    companyId: string,
    query: StoreListCoursesQuery,
    shape: CatalogShape,
    category: string | undefined,
    language: Language,
  ): Promise<{ rows: CardRow[]; totalDoc: number }> {
    const sort = query.sort ?? "date-desc";
    const ids = category ? subtreeIds(shape.nodes, category) : undefined;
    const totalDoc = ids
      ? ids.reduce((sum, id) => sum + (shape.nodes.find((node) => node.id === id)?.directCourses ?? 0), 0)
      : shape.total;
    const start = (query.page - 1) * query.limit;
    if (start >= totalDoc) return { rows: [], totalDoc };
    const where = listFilter(companyId, ids);
    const window = pageWindow(await listPositions(companyId, sort, category, where), start, query.limit);
    if (!window.from) return { rows: [], totalDoc };
    if (!ids || ids.length === 1) {
      // A page of the kept positions' step (every list's default size) starts at a kept position.
      const aligned = query.limit === POSITION_STEP && window.skip === 0;
      const statement = seekStatement(sort, ids !== undefined, window.to !== undefined, aligned);
      const rows = (await (statement as unknown as RawRowsStatement).all({
        companyId,
        language,
        categoryId: ids?.[0],
        fromKey: window.from.key,
        fromId: window.from.id,
        toKey: window.to?.key,
        toId: window.to?.id,
        limit: query.limit,
        skip: window.skip,
      })) as CardRow[];
      return { rows, totalDoc };
    }
    // A category with sub-categories: an IN list of any length, not one statement shape.
    const rows = await db
      .select(cardColumns(language))
      .from(courses)
      .where(and(where, windowCondition(sort, window.from, window.to)))
      .orderBy(...orderBy(sort))
      .limit(query.limit)
      .offset(window.skip);
    return { rows, totalDoc };
  }

  /**
   * The seek of a list page as a named prepared statement (one per sort, with or without one
   * category, with or without an upper bound, aligned or not: 32 shapes). On PostgreSQL each pooled
   * connection parses it once. An aligned page (`POSITION_STEP` rows from a kept position: every page of
   * the default size) has its LIMIT written into the statement and no OFFSET: with them as parameters
   * PostgreSQL prices a generic plan for an unknown limit (a tenth of the window it cannot see) and
   * planned every execution anew (a custom plan, about half of the database's time per page); with a
   * constant limit it keeps the generic plan after five executions (decision 013, eighth pass). The
   * embedded database's one session keeps them too (twelfth pass).
   */
  const seeks = new Map<string, ReturnType<typeof prepareSeek>>();
  /** A constant in the SQL: drizzle sends a number given to `limit` as a parameter. */
  const alignedLimit = sql.raw(String(POSITION_STEP)) as unknown as number;
  function prepareSeek(sort: CourseSort, oneCategory: boolean, bounded: boolean, aligned: boolean) {
    const param = sql.placeholder;
    const where = and(
      eq(courses.companyId, param("companyId")),
      sql`${courses.published}`,
      oneCategory ? eq(courses.categoryId, param("categoryId")) : undefined,
      windowCondition(
        sort,
        { key: param("fromKey"), id: param("fromId") },
        bounded ? { key: param("toKey"), id: param("toId") } : undefined,
      ),
    );
    const name = `catalog_seek_${sort.replace("-", "_")}_${oneCategory ? "category" : "all"}_${bounded ? "bounded" : "open"}${aligned ? "_aligned" : ""}`;
    const seek = db
      .select(cardColumns(param("language")))
      .from(courses)
      .where(where)
      .orderBy(...orderBy(sort));
    return aligned
      ? seek.limit(alignedLimit).prepare(name)
      : seek.limit(param("limit")).offset(param("skip")).prepare(name);
  }
  function seekStatement(sort: CourseSort, oneCategory: boolean, bounded: boolean, aligned: boolean) {
    const key = `${sort}:${oneCategory}:${bounded}:${aligned}`;
    let statement = seeks.get(key);
    if (!statement) {
      statement = prepareSeek(sort, oneCategory, bounded, aligned);
      seeks.set(key, statement);
    }
    return statement;
  }

  /**
   * A published course with its lessons as JSON, in their order: by slug, or (a uuid) by id or slug.
   * Named prepared statements, as the list seeks.
   */
  const courseStatements = new Map<boolean, ReturnType<typeof prepareCourse>>();
  function prepareCourse(byIdOrSlug: boolean) {
    const key = sql.placeholder("key");
    return db
      .select(courseColumns(sql.placeholder("language")))
      .from(courses)
      .where(
        and(
          eq(courses.companyId, sql.placeholder("companyId")),
          eq(courses.published, true),
          // Only a key that is a uuid is looked up by id too (the caller checks).
          byIdOrSlug ? or(sql`${courses.id} = ${key}::uuid`, eq(courses.slug, key)) : eq(courses.slug, key),
        ),
      )
      .limit(1)
      .prepare(byIdOrSlug ? "catalog_course_by_id_or_slug" : "catalog_course_by_slug");
  }
  function courseStatement(byIdOrSlug: boolean) {
    let statement = courseStatements.get(byIdOrSlug);
    if (!statement) {
      statement = prepareCourse(byIdOrSlug);
      courseStatements.set(byIdOrSlug, statement);
    }
    return statement;
  }

  /** A category and all its descendants. */
  function subtreeIds(nodes: CategoryNode[], rootId: string): string[] {
    const ids = [rootId];
    for (let i = 0; i < ids.length; i++) {
      for (const node of nodes) if (node.parentId === ids[i]) ids.push(node.id);
    }
    return ids;
  }

  function toCard(row: CardRow, nodes: CategoryNode[], language: Language): CourseCard {
    const category = row.categoryId ? nodes.find((node) => node.id === row.categoryId) : undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      image: row.image,
      badge: row.badge,
      rating: averageRating(row.ratingTotal, row.ratingCount),
      ratingCount: row.ratingCount,
      videoCount: row.videoCount,
      durationSeconds: row.durationSeconds,
      level: row.level,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      currency: row.currency,
      totalSeats: row.totalSeats,
      seatsLeft: row.seatsLeft,
      category: category
        ? { id: category.id, slug: category.slug, name: translate(category.name, language) }
        : null,
      createdAt: row.createdAt,
    };
  }

  /** A page of the published courses matching search words: ranked by relevance, or in a sort order. */
  async function searchPage(
    query: StoreListCoursesQuery,
    words: string[],
    filter: SQL,
    language: Language,
  ): Promise<{ rows: CardRow[]; totalDoc: number }> {
    const countWhere = async (where: SQL | undefined) =>
      (await db.select({ value: count() }).from(courses).where(where))[0]?.value ?? 0;
    const offset = (query.page - 1) * query.limit;
    const prefixes = wordPrefixMatch(words);
    if (!query.sort) {
      // Ranked: the ranking reads every match anyway, so the same pass counts them (count(*) over ()).
      const rankedPage = async (where: SQL | undefined) => {
        const found = await db
          .select({ ...cardColumns(language), total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(courses)
          .where(where)
          .orderBy(...relevance(words))
          .limit(query.limit)
          .offset(offset);
        // A page past the end has no row to carry the total.
        return { rows: found, totalDoc: found[0]?.total ?? (await countWhere(where)) };
      };
      const ranked = prefixes ? await rankedPage(and(filter, prefixes)) : undefined;
      return ranked?.totalDoc ? ranked : rankedPage(and(filter, substringMatch(words)));
    }
    const known = prefixes ? await countWhere(and(filter, prefixes)) : 0;
    const where = and(filter, known ? prefixes : substringMatch(words));
    const [rows, totalDoc] = await Promise.all([
      db
        .select(cardColumns(language))
        .from(courses)
        .where(where)
        .orderBy(...matchOrderBy(query.sort))
        .limit(query.limit)
        .offset(offset),
      known || countWhere(where),
    ]);
    return { rows, totalDoc };
  }

  /** A page of published courses matching a filter the kept list positions do not cover (attributes). */
  async function filteredPage(
    query: StoreListCoursesQuery,
    filter: SQL,
    language: Language,
  ): Promise<{ rows: CardRow[]; totalDoc: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select(cardColumns(language))
        .from(courses)
        .where(filter)
        .orderBy(...orderBy(query.sort ?? "date-desc"))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(courses).where(filter),
    ]);
    return { rows, totalDoc: total?.value ?? 0 };
  }

  /**
   * The company's published attributes with their values, in the order they were made: the
   * catalogue's structure like its category tree (what a list can be filtered by), so kept whatever
   * CATALOG_CACHE says, and dropped with the catalogue (attribute writes invalidate it).
   */
  const attributeRows = (companyId: string) =>
    kept(companyId, "attributes", async () =>
      db
        .select({ id: attributes.id, name: attributes.displayName, values: attributes.values })
        .from(attributes)
        .where(and(eq(attributes.companyId, companyId), eq(attributes.published, true)))
        .orderBy(asc(attributes.createdAt), asc(attributes.id)),
    );

  /** The published attributes, translated (an answer: cached unless CATALOG_CACHE=off). */
  const attributeList = (companyId: string, language: Language): Promise<CourseAttribute[]> =>
    cached(companyId, `attributes:${language}`, async () =>
      (await attributeRows(companyId))
        .map((row) => ({
          id: row.id,
          name: translate(row.name, language),
          values: row.values.map((value) => ({
            id: value.id,
            label: translate(value.label as Translatable, language),
          })),
        }))
        .filter((attribute) => attribute.values.length > 0),
    );

  /** One page of published courses, uncached: `listCourses` and `listCoursesJson` cache it each their way. */
  async function loadCourseList(
    companyId: string,
    query: StoreListCoursesQuery,
    language: Language,
  ): Promise<CourseList> {
    const shape = await catalogShape(companyId);
    const { nodes } = shape;
    let category: string | undefined;
    if (query.category) {
      const wanted = query.category.toLowerCase();
      category = nodes.find((node) => node.slug === wanted || node.id === wanted)?.id;
      if (!category) return { courses: [], totalDoc: 0, page: query.page, limit: query.limit, pages: 0 };
    }
    const words = searchWords(query.searchText);
    const valueIds = attributeValuesOf(query);
    const filter = and(
      listFilter(companyId, category ? subtreeIds(nodes, category) : undefined),
      ...attributeMatch(valueIds),
    ) as SQL;
    let rows: CardRow[];
    let totalDoc: number;
    if (words.length > 0) {
      // As the table owner, with the company condition in `filter` (the first wall): under row-level
      // security PostgreSQL may not use the word and trigram indexes (their operators are not
      // LEAKPROOF), and every search read the whole catalogue (seconds at 100k courses). A public
      // read of published courses; decision 013.
      ({ rows, totalDoc } = await runUnscoped(() => searchPage(query, words, filter, language)));
    } else if (valueIds.length > 0) {
      ({ rows, totalDoc } = await filteredPage(query, filter, language));
    } else {
      ({ rows, totalDoc } = await browsePage(companyId, query, shape, category, language));
    }
    return {
      courses: rows.map((row) => toCard(row, nodes, language)),
      totalDoc,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(totalDoc / query.limit),
    };
  }

  const service = {
    async listCategories(companyId: string, language: Language): Promise<CategoryList> {
      return cached(companyId, `categories:${language}`, async () => {
        const nodes = await categoryTree(companyId);
        const list = nodes.map((node) => ({
          id: node.id,
          slug: node.slug,
          name: translate(node.name, language),
          description: translate(node.description, language),
          icon: node.icon,
          parentId: node.parentId,
          courseCount: subtreeIds(nodes, node.id).reduce(
            (sum, id) => sum + (nodes.find((n) => n.id === id)?.directCourses ?? 0),
            0,
          ),
        }));
        return { categories: list };
      });
    },

    /** The published attributes and their values: what the catalogue can be filtered by. */
    async listAttributes(companyId: string, language: Language): Promise<AttributeList> {
      return { attributes: await attributeList(companyId, language) };
    },

    /** One page of published courses; an unknown category gives an empty page, not an error. */
    async listCourses(
      companyId: string,
      query: StoreListCoursesQuery,
      language: Language,
    ): Promise<CourseList> {
      return cached(companyId, listKey(query, language), () => loadCourseList(companyId, query, language));
    },

    /**
     * `listCourses` as a serialised response body with its ETag, cached too. It is loaded on its own
     * (not through the cached object) so that the API's answers keep only their bytes in the cache.
     */
    async listCoursesJson(
      companyId: string,
      query: StoreListCoursesQuery,
      language: Language,
    ): Promise<KeptBody> {
      return cached(companyId, courseListJsonKey(query, language), async () =>
        // Built field by field in the schema's order (toCard), so it is serialised as it is: parsing it
        // with the schema first gave the same bytes for a tenth of a list miss's CPU (decision 013).
        jsonBody(await loadCourseList(companyId, query, language)),
      );
    },

    /** `listCoursesJson` when it is cached, else undefined: no promise. */
    knownCourseListJson(companyId: string, query: StoreListCoursesQuery, language: Language) {
      return known<KeptBody>(companyId, courseListJsonKey(query, language));
    },

    /** `getCourseJson` when it is cached, else undefined (also for no such course): no promise. */
    knownCourseJson(companyId: string, idOrSlug: string, language: Language) {
      return known<KeptBody>(companyId, courseJsonKey(idOrSlug, language));
    },

    /** `getCourse` as a serialised response body with its ETag; undefined when there is no such course. */
    async getCourseJson(
      companyId: string,
      idOrSlug: string,
      language: Language,
    ): Promise<KeptBody | undefined> {
      return cached(companyId, courseJsonKey(idOrSlug, language), async () => {
        const course = await service.getCourse(companyId, idOrSlug, language);
        return course ? jsonBody(course) : undefined;
      });
    },

    /** A published course by id or slug, with its lessons; undefined when there is none. */
    async getCourse(
      companyId: string,
      idOrSlug: string,
      language: Language,
    ): Promise<CourseDetail | undefined> {
      const key = idOrSlug.toLowerCase();
      return cached(companyId, `course:${language}:${key}`, async () => {
        const nodes = await categoryTree(companyId);
        // One round trip: the course with its lessons as JSON, in their order (a prepared statement).
        const [row] = (await (courseStatement(isUuid(key)) as unknown as RawRowsStatement).all({
          companyId,
          key,
          language,
        })) as CourseRow[];
        if (!row) return undefined;
        const picked = row.attributeValues;
        // A course without attribute values needs no attribute list (one query fewer on a miss).
        const hasValues = Object.values(picked).some((values) => values.length > 0);
        const courseAttributes = (hasValues ? await attributeList(companyId, language) : [])
          .map((attribute) => ({
            ...attribute,
            values: attribute.values.filter((value) => picked[attribute.id]?.includes(value.id)),
          }))
          .filter((attribute) => attribute.values.length > 0);
        return {
          ...toCard(row, nodes, language),
          description: translate(row.description, language),
          outcomes: translateList(row.outcomes, language),
          audience: translate(row.audience, language),
          instructor: row.instructor,
          lessons: row.lessons.map((lesson) => ({ ...lesson, title: translate(lesson.title, language) })),
          instalmentCount: row.instalmentCount && row.instalmentCount >= 2 ? row.instalmentCount : null,
          attributes: courseAttributes,
        };
      });
    },

    /**
     * The home page's popular courses as the school chose them (settings `popularSource`): the newest;
     * the chosen courses in their order; the courses badged Best, then Popular (newest first); or the
     * most sold (in paid orders: processing or delivered, as the dashboard's best sellers; unsold
     * courses after them). Within `category` (a slug or id, with its subcategories)
     * when given. A choice that gives no course at all falls back to the newest, so the grid is never
     * empty while there are courses. Not cached here: sales change without a catalogue write, and the
     * rendered home page is cached (and dropped on settings changes) by the page cache.
     */
    async popularCourses(
      companyId: string,
      choice: {
        source: PopularSource;
        courseIds: readonly string[];
        category?: string | undefined;
        limit: number;
      },
      language: Language,
    ): Promise<CourseCard[]> {
      const newest = async () =>
        (
          await service.listCourses(
            companyId,
            { page: 1, limit: choice.limit, category: choice.category },
            language,
          )
        ).courses;
      if (choice.source === "newest") return newest();
      const { nodes } = await catalogShape(companyId);
      let categoryIds: string[] | undefined;
      if (choice.category) {
        const wanted = choice.category.toLowerCase();
        const root = nodes.find((node) => node.slug === wanted || node.id === wanted);
        if (!root) return [];
        categoryIds = subtreeIds(nodes, root.id);
      }
      const where = listFilter(companyId, categoryIds);
      let rows: CardRow[];
      if (choice.source === "chosen") {
        const ids = choice.courseIds.filter(isUuid);
        const found =
          ids.length === 0
            ? []
            : await db
                .select(cardColumns(language))
                .from(courses)
                .where(and(where, inArray(courses.id, ids)));
        rows = ids.flatMap((id) => found.filter((row) => row.id === id)).slice(0, choice.limit);
      } else if (choice.source === "badge") {
        rows = await db
          .select(cardColumns(language))
          .from(courses)
          .where(and(where, isNotNull(courses.badge)))
          .orderBy(
            sql`case when ${courses.badge} = 'best' then 0 else 1 end`,
            desc(courses.createdAt),
            desc(courses.id),
          )
          .limit(choice.limit);
      } else {
        const sold = db
          .select({
            courseId: orderLines.courseId,
            quantity: sql<number>`sum(${orderLines.quantity})`.as("quantity"),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(
            and(eq(orderLines.companyId, companyId), inArray(orders.status, ["processing", "delivered"])),
          )
          .groupBy(orderLines.courseId)
          .as("sold");
        rows = await db
          .select(cardColumns(language))
          .from(courses)
          .leftJoin(sold, eq(sold.courseId, courses.id))
          .where(where)
          .orderBy(desc(sql`coalesce(${sold.quantity}, 0)`), desc(courses.createdAt), desc(courses.id))
          .limit(choice.limit);
      }
      if (rows.length === 0) return newest();
      return rows.map((row) => toCard(row, nodes, language));
    },

    /** Figures for the storefront's promotional section. */
    async storefrontStats(companyId: string): Promise<{ students: number; courses: number }> {
      return cached(companyId, "stats", async () => {
        const [[students], published] = await Promise.all([
          db
            .select({ value: countDistinct(enrolments.customerId) })
            .from(enrolments)
            .where(eq(enrolments.companyId, companyId)),
          catalogShape(companyId),
        ]);
        return { students: students?.value ?? 0, courses: published.total };
      });
    },

    /** Drops the cached catalogue of a company, on every instance; call after every catalogue write. */
    invalidate(companyId: string) {
      invalidateEverywhere(companyId);
    },

    /**
     * Drops the cached answers (and the pages made from them) of a company on every instance but keeps
     * its structure (category tree, counts, attributes, list positions): for writes that change what a
     * card shows but no course's place in any list, nor which courses are listed (seats sold or
     * released, a review's rating). The next visitor of each list then pays no positions pass.
     */
    invalidateAnswers(companyId: string) {
      invalidateAnswersEverywhere(companyId);
    },

    /**
     * Builds the positions of every company's whole-catalogue lists now (at the start); a catalogue
     * change does so for its company by itself, shortly after.
     */
    warmLists() {
      warming.schedule(null, 0);
    },

    /** Resolves once no list positions are scheduled to be built or being built ahead of visitors. */
    listsWarmed(): Promise<void> {
      return warming.settled();
    },

    /** Builds no more positions ahead; resolves once the pass under way has finished (before closing). */
    stopWarmingLists(): Promise<void> {
      return warming.stop();
    },

    /** Calls `listener` whenever cached catalogue reads are dropped, for caches built on them. */
    onInvalidate(listener: (companyId: string | null) => void) {
      listeners.push(listener);
    },
  };
  return service;
}

function courseListJsonKey(query: StoreListCoursesQuery, language: Language): string {
  return `json:${listKey(query, language)}`;
}

function courseJsonKey(idOrSlug: string, language: Language): string {
  return `json:course:${language}:${idOrSlug.toLowerCase()}`;
}

function listKey(query: StoreListCoursesQuery, language: Language): string {
  const words = searchWords(query.searchText).join(" ");
  const values = attributeValuesOf(query).join(",");
  return `courses:${language}:${query.page}:${query.limit}:${query.category ?? ""}:${query.sort ?? ""}:${values}:${words}`;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
