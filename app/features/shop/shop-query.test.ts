import { describe, expect, it } from "vitest";
import { parseShopQuery, shopHref } from "./shop-query";

describe("shop query", () => {
  it("reads the filters and falls back to defaults for anything invalid", () => {
    expect(
      parseShopQuery(
        new URLSearchParams(
          "searchText=  box  kit &category=Maths&type=bundle&inStock=true&sort=price-asc&page=3",
        ),
      ),
    ).toEqual({
      searchText: "box kit",
      category: "maths",
      type: "bundle",
      inStock: true,
      sort: "price-asc",
      page: 3,
    });
    expect(parseShopQuery(new URLSearchParams("type=course&sort=cheap&page=-1&inStock=yes"))).toEqual({
      searchText: "",
      category: "",
      type: "",
      inStock: false,
      sort: "date-desc",
      page: 1,
    });
  });

  it("leaves defaults out of the URL", () => {
    expect(shopHref({ sort: "date-desc", page: 1 })).toBe("/shop");
    expect(shopHref({ type: "digital", inStock: true, page: 2 })).toBe(
      "/shop?type=digital&inStock=true&page=2",
    );
  });
});
