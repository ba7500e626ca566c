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
      values: [],
    });
  });

  it("reads attribute values (attr, once per value): uuids only, without repeats, in one order", () => {
    const a = "0190f4c1-0000-7000-8000-00000000000a";
    const b = "0190f4c1-0000-7000-8000-00000000000b";
    expect(parse(`attr=${b}&attr=${a.toUpperCase()}&attr=${b}&attr=nope&attr=`).values).toEqual([a, b]);
  });

  it("falls back to defaults for missing or invalid values", () => {
    const defaults = { searchText: "", category: "", sort: "date-desc", page: 1, values: [] };
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
    const value = "0190f4c1-0000-7000-8000-00000000000a";
    const query = {
      searchText: "art & craft",
      category: "arts",
      sort: "price-desc" as const,
      page: 3,
      values: [value],
    };
    const href = catalogHref(query);
    expect(href).toBe(`/catalog?searchText=art+%26+craft&category=arts&attr=${value}&sort=price-desc&page=3`);
    expect(parseCatalogQuery(new URL(href, "http://x").searchParams)).toEqual(query);
  });
});
