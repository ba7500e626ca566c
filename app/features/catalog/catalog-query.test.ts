import { describe, expect, it } from "vitest";
import { catalogHref, parseCatalogQuery } from "./catalog-query";

const parse = (search: string) => parseCatalogQuery(new URLSearchParams(search));

describe("parseCatalogQuery", () => {
  it("reads the filters from the URL", () => {
    expect(parse("searchText=%20bible%20%20stories%20&category=Faith&sort=price-asc&page=2")).toEqual({
      searchText: "bible stories",
      category: "faith",
      sort: "price-asc",
      page: 2,
    });
  });

  it("falls back to defaults for missing or invalid values", () => {
    const defaults = { searchText: "", category: "", sort: "date-desc", page: 1 };
    expect(parse("")).toEqual(defaults);
    expect(parse("sort=cheapest&page=-3")).toEqual(defaults);
    expect(parse("page=abc")).toEqual(defaults);
    expect(parse("page=0")).toEqual(defaults);
    expect(parse("page=99999999999")).toEqual(defaults);
    expect(parse(`category=${"x".repeat(121)}`)).toEqual(defaults);
    expect(parse(`searchText=${"a".repeat(150)}`).searchText).toHaveLength(100);
  });
});

describe("catalogHref", () => {
  it("leaves defaults out of the URL", () => {
    expect(catalogHref({})).toBe("/catalog");
    expect(catalogHref({ searchText: "", category: "", sort: "date-desc", page: 1 })).toBe("/catalog");
  });

  it("round-trips a query", () => {
    const query = { searchText: "art & craft", category: "arts", sort: "price-desc" as const, page: 3 };
    const href = catalogHref(query);
    expect(href).toBe("/catalog?searchText=art+%26+craft&category=arts&sort=price-desc&page=3");
    expect(parseCatalogQuery(new URL(href, "http://x").searchParams)).toEqual(query);
  });
});
