import { paths } from "~/lib/paths";
import type { CourseSort } from "./types";

/** The sort orders of the course list, as the API accepts them (`StoreListCoursesQuery.sort`). */
export const CATALOG_SORTS = [
  "date-desc",
  "date-asc",
  "price-asc",
  "price-desc",
] as const satisfies readonly CourseSort[];
// Every sort the API knows is offered (compile-time check).
const allSortsOffered: Exclude<CourseSort, (typeof CATALOG_SORTS)[number]> extends never ? true : never =
  true;
void allSortsOffered;

export const DEFAULT_SORT: CourseSort = "date-desc";
export const CATALOG_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 100;
const MAX_CATEGORY_LENGTH = 120;
const MAX_PAGE = 10_000;

/** The course listing's filters as they live in the URL. */
export interface CatalogQuery {
  searchText: string;
  /** Category slug; empty for all categories. */
  category: string;
  sort: CourseSort;
  page: number;
  /** Attribute value ids (`attr` in the URL, once per value): courses that have every one. */
  values: string[];
}

const MAX_VALUES = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isSort(value: string | null): value is CourseSort {
  return (CATALOG_SORTS as readonly string[]).includes(value ?? "");
}

/**
 * The filters from the URL. Anything invalid falls back to its default (a hand-edited or outdated
 * link still shows a page, never an error).
 */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const searchText = (params.get("searchText") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH_LENGTH);
  const category = (params.get("category") ?? "").trim().toLowerCase();
  const sort = params.get("sort");
  const page = params.get("page") ?? "";
  const pageNumber = /^\d{1,6}$/.test(page) ? Number(page) : 1;
  return {
    searchText,
    category: category.length <= MAX_CATEGORY_LENGTH ? category : "",
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: pageNumber >= 1 && pageNumber <= MAX_PAGE ? pageNumber : 1,
    values: [...new Set(params.getAll("attr").map((value) => value.trim().toLowerCase()))]
      .filter((value) => UUID.test(value))
      .sort()
      .slice(0, MAX_VALUES),
  };
}

/** The listing URL for a query; defaults are left out so that equal pages share one URL. */
export function catalogHref(query: Partial<CatalogQuery>): string {
  const params = new URLSearchParams();
  if (query.searchText) params.set("searchText", query.searchText);
  if (query.category) params.set("category", query.category);
  for (const value of query.values ?? []) params.append("attr", value);
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${paths.catalog()}?${search}` : paths.catalog();
}
