import { z } from "zod";
import { pageNumber, wholeNumber } from "../../lib/list-query";
import { CurrencyParam, StoreCurrencyQuery } from "../currency/currency.schemas";
import { COURSE_BADGES, COURSE_LEVELS } from "./catalog.tables";

export const COURSE_SORTS = ["price-asc", "price-desc", "date-asc", "date-desc"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const AttributeValueId = z.uuid({ message: "attr must be an attribute value's id" });

/** The attribute values asked for in a list query, one list whether given once or repeated. */
export const attributeValuesOf = (query: Pick<StoreListCoursesQuery, "attr">): string[] =>
  query.attr === undefined ? [] : [...new Set([query.attr].flat())].sort();

export const StoreListCoursesQuery = z
  .strictObject({
    page: pageNumber(),
    limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    category: z.string().trim().min(1, "category must not be empty").max(120).optional(),
    searchText: z.string().trim().max(100, "searchText must have at most 100 characters").optional(),
    sort: z.enum(COURSE_SORTS, { message: `sort must be one of ${COURSE_SORTS.join(", ")}` }).optional(),
    lng: z.string().max(10).optional(),
    currency: CurrencyParam.optional(),
    attr: z
      .union([AttributeValueId, z.array(AttributeValueId).max(10, "attr may be given at most 10 times")])
      .optional()
      .describe("Attribute value ids (see GET /api/attributes): only courses that have every one of them"),
  })
  .describe("Filters, sort order and page of the course list");
export type StoreListCoursesQuery = z.output<typeof StoreListCoursesQuery>;

export const StoreCourseParams = z.strictObject({
  id: z.string().trim().min(1).max(200).describe("Course id (UUID) or slug"),
});

export const StoreLanguageQuery = z.strictObject({ lng: z.string().max(10).optional() });

/** A course page: its language and the currency of its prices. */
export const StoreCourseQuery = StoreCurrencyQuery;

const CategoryRef = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

export const CourseCard = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    image: z.string().nullable(),
    badge: z.enum(COURSE_BADGES).nullable(),
    rating: z.number().describe("Average stars, one decimal; 0 without reviews"),
    ratingCount: z.number().int(),
    videoCount: z.number().int(),
    durationSeconds: z.number().int(),
    level: z.enum(COURSE_LEVELS),
    priceCents: z.number().int(),
    salePriceCents: z.number().int().nullable(),
    currency: z.string(),
    totalSeats: z.number().int().nullable(),
    seatsLeft: z.number().int().nullable(),
    category: CategoryRef.nullable(),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "CourseCard" });
export type CourseCard = z.output<typeof CourseCard>;

export const Lesson = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    title: z.string(),
    durationSeconds: z.number().int(),
    freePreview: z.boolean(),
  })
  .meta({ id: "Lesson" });
export type Lesson = z.output<typeof Lesson>;

export const CourseAttribute = z
  .object({ id: z.uuid(), name: z.string(), values: z.array(z.object({ id: z.uuid(), label: z.string() })) })
  .meta({ id: "CourseAttribute" });
export type CourseAttribute = z.output<typeof CourseAttribute>;

export const AttributeList = z
  .object({ attributes: z.array(CourseAttribute) })
  .describe("Published attributes with their values, in the order they were made: the catalogue's filters")
  .meta({ id: "AttributeList" });
export type AttributeList = z.output<typeof AttributeList>;

export const CourseDetail = CourseCard.extend({
  description: z.string(),
  outcomes: z.array(z.string()),
  audience: z.string(),
  instructor: z.string().nullable(),
  lessons: z.array(Lesson),
  instalmentCount: z
    .number()
    .int()
    .nullable()
    .describe("The monthly instalments the course can be paid in (null: paid at once only)"),
  attributes: z.array(CourseAttribute).describe("Published attributes and the values this course has"),
}).meta({ id: "CourseDetail" });
export type CourseDetail = z.output<typeof CourseDetail>;

export const CourseList = z
  .object({
    courses: z.array(CourseCard),
    totalDoc: z.number().int().describe("Courses matching the filters, over all pages"),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "CourseList" });
export type CourseList = z.output<typeof CourseList>;

export const Category = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    parentId: z.uuid().nullable(),
    courseCount: z.number().int().describe("Published courses in this category and its sub-categories"),
  })
  .meta({ id: "Category" });
export type Category = z.output<typeof Category>;

export const CategoryList = z.object({ categories: z.array(Category) }).meta({ id: "CategoryList" });
export type CategoryList = z.output<typeof CategoryList>;
