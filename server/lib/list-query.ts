import { z } from "zod";

/** Shared defaults (spec section 9): 20 rows per page, at most 100. */
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
/** The highest page number a list accepts: far past any real list, and its offset stays exact. */
export const LIST_MAX_PAGE = 100_000;

/** A whole number from `min` to `max`, also from query-string text ("2"). */
export const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number between ${min} and ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
};

/** The `page` of a list: from 1, default 1. */
export const pageNumber = () => wholeNumber("page", 1, LIST_MAX_PAGE).default(1);

/**
 * The query every admin list accepts: `page` (from 1), `limit` (1..100, default 20), `searchText`,
 * `sort` (a column key; each resource narrows it with `.extend({ sort: z.enum([...]) })`) and
 * `order`. Resources extend it with their own filters: `AdminListQuery.extend({ entity: … })`.
 */
export const AdminListQuery = z.strictObject({
  page: pageNumber(),
  limit: wholeNumber("limit", 1, LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  searchText: z.string().trim().max(200, "The search text must have at most 200 characters").optional(),
  sort: z.string().trim().max(60).optional(),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
});
export type AdminListQuery = z.output<typeof AdminListQuery>;

/** One page of a list with its totals. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/** The response schema of a list page of `item`. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  });

/** `{ items, total, page, limit, pages }` from a page of rows and the total count. */
export function listPage<T>(items: T[], total: number, query: { page: number; limit: number }): ListPage<T> {
  return { items, total, page: query.page, limit: query.limit, pages: Math.ceil(total / query.limit) };
}

/** The OFFSET of a page. */
export const pageOffset = (query: { page: number; limit: number }) => (query.page - 1) * query.limit;

/** A LIKE/ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
