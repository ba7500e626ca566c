import { describe, expect, it } from "vitest";
import { contentsOfAll, orderContents } from "./order-contents";

describe("orderContents", () => {
  it("tells courses, products and both apart", () => {
    expect(orderContents([{ kind: "course" }, { kind: "course" }])).toBe("courses");
    expect(orderContents([{ kind: "product" }])).toBe("products");
    expect(orderContents([{ kind: "product" }, { kind: "course" }])).toBe("mixed");
    expect(orderContents([])).toBe("mixed");
  });
});

describe("contentsOfAll", () => {
  it("is what every order holds, else both", () => {
    expect(contentsOfAll([{ contents: "products" }, { contents: "products" }])).toBe("products");
    expect(contentsOfAll([{ contents: "courses" }])).toBe("courses");
    expect(contentsOfAll([{ contents: "courses" }, { contents: "products" }])).toBe("mixed");
    expect(contentsOfAll([])).toBe("mixed");
  });
});
