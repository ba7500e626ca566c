import { and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CourseSort } from "./catalog.schemas";
import { courses } from "./catalog.tables";

/**
 * Keyset positions of the storefront's lists (docs/decisions/013-catalog-miss-path.md): for each sort
 * order and category filter, the sort key of every `POSITION_STEP`-th published course. Page N of a
 * list starts at position (N - 1) × limit: the nearest kept position at or before it gives an index
 * seek into that sort's index (courses_list_*_idx), from which fewer than `POSITION_STEP` rows are
 * skipped, however deep the page. The positions are read with one index-only pass per sort and filter,
 * kept by the caller as long as the catalogue does not change, and dropped with it.
 */
export const POSITION_STEP = 20;

export interface SortOrder {
  /** The sort key (the id breaks ties in the same direction). */
  key: SQL;
  /** The key's SQL type, for reading a position's key back from its text. */
  type: "timestamptz" | "integer";
  descending: boolean;
}

/**
 * The price sorts' key, exactly as the list indexes hold it (catalog.tables.ts): CASE, not coalesce(),
 * which row-level security treats as possibly leaky and so never uses as an index condition.
 */
const effectivePrice = sql`(case when ${courses.salePriceCents} is null then ${courses.priceCents} else ${courses.salePriceCents} end)`;

export const SORT_ORDERS: Record<CourseSort, SortOrder> = {
  "price-asc": { key: effectivePrice, type: "integer", descending: false },
  "price-desc": { key: effectivePrice, type: "integer", descending: true },
  "date-asc": { key: sql`${courses.createdAt}`, type: "timestamptz", descending: false },
  "date-desc": { key: sql`${courses.createdAt}`, type: "timestamptz", descending: true },
};

/** ORDER BY of a sort: its key, then the id, both in the sort's direction. */
export function orderBy(sort: CourseSort): SQL[] {
  const { key, descending } = SORT_ORDERS[sort];
  const direction = descending ? desc : asc;
  return [direction(key), direction(courses.id)];
}

/** A course's place in a sort order: its key as PostgreSQL writes it (exact, microseconds too) and its id. */
export interface Position {
  key: string;
  id: string;
}

/**
 * ORDER BY of a sort that no list index serves (the key plus a zero): for a search's matches, which
 * are few next to the list. Ordered by the index, PostgreSQL would walk the whole list in order and
 * test every course against the words (seconds for a rare word at 100k courses) instead of taking
 * the matches from the word index and sorting them.
 */
export function matchOrderBy(sort: CourseSort): SQL[] {
  const { key, type, descending } = SORT_ORDERS[sort];
  const direction = descending ? desc : asc;
  const unindexed = type === "integer" ? sql`(${key} + 0)` : sql`(${key} + interval '0 seconds')`;
  return [direction(unindexed), direction(courses.id)];
}

/** The published courses of a company, in some categories (undefined: all). */
export function listFilter(companyId: string, categoryIds: string[] | undefined): SQL {
  // `published` as such: the list indexes are partial on it.
  const filters = [eq(courses.companyId, companyId), sql`${courses.published}`];
  if (categoryIds)
    filters.push(
      categoryIds.length === 1
        ? eq(courses.categoryId, categoryIds[0] as string)
        : inArray(courses.categoryId, categoryIds),
    );
  return and(...filters) as SQL;
}

/** The positions 0, POSITION_STEP, 2 × POSITION_STEP… of a list: one pass over its index. */
export async function readPositions(db: Db, sort: CourseSort, where: SQL): Promise<Position[]> {
  const { key } = SORT_ORDERS[sort];
  const numbered = db
    .select({
      key: sql<string>`(${key})::text`.as("key"),
      id: courses.id,
      n: sql<number>`row_number() over (order by ${sql.join(orderBy(sort), sql`, `)})`.as("n"),
    })
    .from(courses)
    .where(where)
    .as("numbered");
  const rows = await db
    .select({ key: numbered.key, id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${POSITION_STEP} = 0`)
    .orderBy(numbered.n);
  return rows;
}

/**
 * Where a page starts and ends in a list's positions: the rows from `from` (inclusive) to `to`
 * (exclusive, undefined: the end of the list), `skip` rows after `from`.
 */
export function pageWindow(positions: Position[], start: number, limit: number) {
  const index = Math.floor(start / POSITION_STEP);
  const skip = start - index * POSITION_STEP;
  const end = index + Math.ceil((skip + limit) / POSITION_STEP);
  return { from: positions[index], to: positions[end], skip };
}

/** A position in a query: its values, or placeholders of a prepared statement (list-seek.ts). */
export interface PositionParams {
  key: string | Placeholder;
  id: string | Placeholder;
}

/** The condition "at or after `from` and before `to`" in a sort's order. */
export function windowCondition(sort: CourseSort, from: PositionParams, to: PositionParams | undefined): SQL {
  const { key, type, descending } = SORT_ORDERS[sort];
  const row = sql`(${key}, ${courses.id})`;
  const at = (position: PositionParams) => sql`(${position.key}::${sql.raw(type)}, ${position.id}::uuid)`;
  const lower = descending ? sql`${row} <= ${at(from)}` : sql`${row} >= ${at(from)}`;
  if (!to) return lower;
  return sql`${lower} and ${descending ? sql`${row} > ${at(to)}` : sql`${row} < ${at(to)}`}`;
}
