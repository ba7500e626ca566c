import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ATTRIBUTE_OPTION_TYPES, COURSE_BADGES, COURSE_LEVELS } from "~shared/catalog.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import type { TranslatableList } from "~shared/translatable";
import { companyId, id, timestamps, translatable } from "../../db/columns";

export type { CourseBadge, CourseLevel } from "~shared/catalog.constants";
export { ATTRIBUTE_OPTION_TYPES, COURSE_BADGES, COURSE_LEVELS };

/** Course categories form a tree through parent_id. */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    companyId: companyId(),
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    name: translatable("name"),
    description: translatable("description"),
    icon: text("icon"),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("categories_company_slug_key").on(t.companyId, t.slug),
    index("categories_parent_idx").on(t.parentId),
  ],
);

/** What a course sells for (the sale price when set): the price sorts' key, as the list indexes hold it. */
const listPrice = (t: { salePriceCents: AnyPgColumn; priceCents: AnyPgColumn }) =>
  sql`(case when ${t.salePriceCents} is null then ${t.priceCents} else ${t.salePriceCents} end)`;

export const courses = pgTable(
  "courses",
  {
    id: id(),
    companyId: companyId(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    title: translatable("title"),
    summary: translatable("summary"),
    description: translatable("description"),
    outcomes: jsonb("outcomes").$type<TranslatableList>().notNull().default({ en: [] }),
    audience: translatable("audience"),
    level: text("level", { enum: COURSE_LEVELS }).notNull().default("beginner"),
    instructor: text("instructor"),
    image: text("image"),
    badge: text("badge", { enum: COURSE_BADGES }),
    /** Sum of all review stars and how many reviews: the average is exact integer arithmetic. */
    ratingTotal: integer("rating_total").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    videoCount: integer("video_count").notNull().default(0),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    currency: text("currency").notNull().default("EUR"),
    /** null: no seat limit. seats_sold is raised in the checkout transaction, never past total_seats. */
    totalSeats: integer("total_seats"),
    seatsSold: integer("seats_sold").notNull().default(0),
    /** null: pay in full only. 2 or more: the course may also be paid in this many monthly instalments. */
    instalmentCount: integer("instalment_count"),
    /** How this course is taxed (shared/tax-classes.ts): digital services unless staff say otherwise. */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default("digital_services"),
    /** Attribute values chosen for this course: attribute id → value ids. */
    attributeValues: jsonb("attribute_values").$type<Record<string, string[]>>().notNull().default({}),
    published: boolean("published").notNull().default(true),
    /** Lower-cased titles and summaries in every language plus the instructor, for substring search. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(jsonb_path_query_array(title, '$.*')::text || ' ' || jsonb_path_query_array(summary, '$.*')::text || ' ' || coalesce(instructor, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("courses_company_slug_key").on(t.companyId, t.slug),
    index("courses_company_created_idx").on(t.companyId, t.published, t.createdAt),
    index("courses_company_price_idx").on(
      t.companyId,
      t.published,
      sql`coalesce(${t.salePriceCents}, ${t.priceCents})`,
    ),
    index("courses_category_idx").on(t.categoryId, t.published, t.createdAt),
    // The storefront's lists (docs/decisions/013-catalog-miss-path.md): published courses in each sort's
    // order, the id breaking ties, so a page starts with an index seek at a kept position, not an OFFSET scan.
    // The price is spelled as CASE, not coalesce(): under row-level security only leakproof conditions
    // may be index conditions, and PostgreSQL counts COALESCE as possibly leaky, so a coalesce() seek
    // read the whole list up to the page (list-positions.ts `effectivePrice` is the same expression).
    // The price indexes end with the price's two columns: PostgreSQL reads an expression index only for
    // the columns it holds, so without them the price lists' positions pass could not be index-only (a
    // sequential scan and a sort of the catalogue instead). After the unique id they never order anything.
    index("courses_list_date_idx").on(t.companyId, t.createdAt, t.id).where(sql`${t.published}`),
    index("courses_list_price_idx")
      .on(t.companyId, listPrice(t), t.id, t.salePriceCents, t.priceCents)
      .where(sql`${t.published}`),
    index("courses_list_category_date_idx")
      .on(t.companyId, t.categoryId, t.createdAt, t.id)
      .where(sql`${t.published}`),
    index("courses_list_category_price_idx")
      .on(t.companyId, t.categoryId, listPrice(t), t.id, t.salePriceCents, t.priceCents)
      .where(sql`${t.published}`),
  ],
);

/** The category key of courses without a category in `catalog_counts`. */
export const NO_CATEGORY = "00000000-0000-0000-0000-000000000000";

/**
 * Published courses per company and category (NO_CATEGORY for those without one), kept exact by
 * triggers on courses (migration 0009): list totals and category counts are read, not counted.
 */
export const catalogCounts = pgTable(
  "catalog_counts",
  {
    companyId: companyId(),
    categoryKey: uuid("category_key").notNull(),
    courses: integer("courses").notNull().default(0),
  },
  (t) => [primaryKey({ name: "catalog_counts_pkey", columns: [t.companyId, t.categoryKey] })],
);

/** Course attributes (e.g. Age group, Format): a title, a display name, an option type and values. */
export const attributes = pgTable(
  "attributes",
  {
    id: id(),
    companyId: companyId(),
    title: translatable("title"),
    displayName: translatable("display_name"),
    optionType: text("option_type", { enum: ATTRIBUTE_OPTION_TYPES }).notNull().default("dropdown"),
    /** Each value has a stable id and a translatable label. */
    values: jsonb("values").$type<{ id: string; label: Record<string, string> }[]>().notNull().default([]),
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("attributes_company_idx").on(t.companyId, t.createdAt)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: id(),
    companyId: companyId(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: translatable("title"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** A path under the media store or an external URL. */
    videoUrl: text("video_url"),
    freePreview: boolean("free_preview").notNull().default(false),
    /** Drip: the lesson opens this many days after the learner's enrolment (null: at once). */
    dripDays: integer("drip_days"),
    /** Drip: the lesson opens on this day (YYYY-MM-DD, from 00:00 UTC); null: no fixed day. */
    dripDate: date("drip_date", { mode: "string" }),
    ...timestamps(),
  },
  (t) => [
    index("lessons_course_position_idx").on(t.courseId, t.position),
    check("lessons_drip_one_way", sql`${t.dripDays} is null or ${t.dripDate} is null`),
    check("lessons_drip_days_range", sql`${t.dripDays} is null or ${t.dripDays} between 1 and 3650`),
  ],
);

/**
 * Files attached to a lesson, kept in the media store under `lesson-files/`: resources learners
 * download (PDF, images, audio) and WebVTT captions (one per language).
 */
export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: id(),
    companyId: companyId(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"resource" | "captions">().notNull(),
    /** The file name learners download it as (resources) or the track's label (captions). */
    name: text("name").notNull(),
    /** Captions only: the track's language (BCP 47, e.g. "en", "nl"). */
    language: text("language"),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The media store key, `lesson-files/<uuid>.<ext>`. */
    storageKey: text("storage_key").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("lesson_files_lesson_idx").on(t.lessonId, t.createdAt),
    uniqueIndex("lesson_files_captions_language_key")
      .on(t.lessonId, t.language)
      .where(sql`${t.kind} = 'captions'`),
    check("lesson_files_kind", sql`${t.kind} in ('resource', 'captions')`),
  ],
);
