import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { courses } from "./catalog.tables";

/**
 * A course card as JSON text made by the database, for the list API's serialised answers (decision 013,
 * "Sixth pass"): the same bytes `JSON.stringify` gives for the card `toCard` builds (catalog.service.ts),
 * without reading 18 columns per card into objects, mapping and serialising them again in Node.js.
 * A row is the card up to its seats (`head`), then its category (from the kept category tree, in
 * Node.js), then the rest (`tail`). catalog.api.test.ts compares both ways byte for byte.
 */
export interface CardJsonRow {
  head: string;
  categoryId: string | null;
  tail: string;
}

/** `translate(value, language)` (~shared/translatable): the language's text, else English, else the first. */
function translated(value: AnyPgColumn, language: string | Placeholder): SQL {
  return sql`coalesce(nullif(${value} ->> ${language}::text, ''), nullif(${value} ->> 'en', ''),
    (select t.value from jsonb_each_text(${value}) t where t.value <> '' limit 1), '')`;
}

/** A value as JSON text; `null` for SQL null. */
const json = (value: SQL | AnyPgColumn) => sql`coalesce(to_json(${value})::text, 'null')`;
/** A whole number as JSON text; `null` for SQL null. */
const number = (value: SQL | AnyPgColumn) => sql`coalesce((${value})::text, 'null')`;

/**
 * The columns of a card as JSON, in the order of the CourseCard schema. `rating` is
 * Math.round(total × 10 / reviews) / 10 in double precision, as Node.js computes it (the shortest
 * text of a float8 is what JSON.stringify writes); `createdAt` is toISOString's form (milliseconds,
 * the microseconds cut off as Date does).
 */
export function cardJsonColumns(language: string | Placeholder) {
  const c = courses;
  const rating = sql`case when ${c.ratingCount} > 0
    then floor(${c.ratingTotal}::float8 * 10 / ${c.ratingCount} + 0.5) / 10 else 0::float8 end`;
  const seatsLeft = sql`case when ${c.totalSeats} is null then null
    else greatest(0, ${c.totalSeats} - ${c.seatsSold}) end`;
  const head = sql<string>`'{"id":' || ${json(c.id)} || ',"slug":' || ${json(c.slug)}
    || ',"title":' || ${json(translated(c.title, language))}
    || ',"summary":' || ${json(translated(c.summary, language))}
    || ',"image":' || ${json(c.image)} || ',"badge":' || ${json(c.badge)}
    || ',"rating":' || ${number(rating)} || ',"ratingCount":' || ${number(c.ratingCount)}
    || ',"videoCount":' || ${number(c.videoCount)} || ',"durationSeconds":' || ${number(c.durationSeconds)}
    || ',"level":' || ${json(c.level)} || ',"priceCents":' || ${number(c.priceCents)}
    || ',"salePriceCents":' || ${number(c.salePriceCents)} || ',"currency":' || ${json(c.currency)}
    || ',"totalSeats":' || ${number(c.totalSeats)} || ',"seatsLeft":' || ${number(seatsLeft)}`;
  const tail = sql<string>`',"createdAt":"'
    || to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'`;
  return { head: head.as("head"), categoryId: c.categoryId, tail: tail.as("tail") };
}

/** A list answer's JSON from its cards' rows; `category` gives a card's category as JSON. */
export function courseListJson(
  rows: CardJsonRow[],
  category: (categoryId: string | null) => string,
  list: { totalDoc: number; page: number; limit: number; pages: number },
): string {
  let cards = "";
  for (const row of rows) {
    cards += `${cards ? "," : ""}${row.head},"category":${category(row.categoryId)}${row.tail}`;
  }
  return `{"courses":[${cards}],"totalDoc":${list.totalDoc},"page":${list.page},"limit":${list.limit},"pages":${list.pages}}`;
}
