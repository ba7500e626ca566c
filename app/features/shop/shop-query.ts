import { paths } from "~/lib/paths";
import type { StoreListProductsQuery } from "~server/modules/products/store-products.schemas";
import { PRODUCT_TYPES, type ProductType } from "~shared/product.constants";

type ShopSort = NonNullable<StoreListProductsQuery["sort"]>;
/** The shop's sort orders, as the API accepts them. */
export const SHOP_SORTS = [
  "date-desc",
  "date-asc",
  "price-asc",
  "price-desc",
] as const satisfies readonly ShopSort[];
const DEFAULT_SORT: ShopSort = "date-desc";

export const SHOP_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 100;
const MAX_CATEGORY_LENGTH = 120;
const MAX_PAGE = 10_000;

/** The shop's filters as they live in the URL (sorts as the course catalogue's). */
export interface ShopQuery {
  searchText: string;
  /** Category slug; empty for all categories. */
  category: string;
  /** Product type; empty for all. */
  type: ProductType | "";
  inStock: boolean;
  sort: ShopSort;
  page: number;
}

const isSort = (value: string | null): value is ShopSort =>
  (SHOP_SORTS as readonly string[]).includes(value ?? "");
const isType = (value: string | null): value is ProductType =>
  (PRODUCT_TYPES as readonly string[]).includes(value ?? "");

/** The filters from the URL; anything invalid falls back to its default (never an error page). */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const searchText = (params.get("searchText") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH_LENGTH);
  const category = (params.get("category") ?? "").trim().toLowerCase();
  const type = params.get("type");
  const sort = params.get("sort");
  const page = params.get("page") ?? "";
  const pageNumber = /^\d{1,6}$/.test(page) ? Number(page) : 1;
  return {
    searchText,
    category: category.length <= MAX_CATEGORY_LENGTH ? category : "",
    type: isType(type) ? type : "",
    inStock: params.get("inStock") === "true",
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: pageNumber >= 1 && pageNumber <= MAX_PAGE ? pageNumber : 1,
  };
}

/** The shop URL for a query; defaults are left out so that equal pages share one URL. */
export function shopHref(query: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (query.searchText) params.set("searchText", query.searchText);
  if (query.category) params.set("category", query.category);
  if (query.type) params.set("type", query.type);
  if (query.inStock) params.set("inStock", "true");
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${paths.shop()}?${search}` : paths.shop();
}
