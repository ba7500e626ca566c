import { describe, expect, it } from "vitest";
import { orderContents } from "./order-contents";

describe("orderContents", () => {
  it("tells courses, products and both apart", () => {
    expect(orderContents([{ kind: "course" }, { kind: "course" }])).toBe("courses");
    expect(orderContents([{ kind: "product" }])).toBe("products");
    expect(orderContents([{ kind: "product" }, { kind: "course" }])).toBe("mixed");
    expect(orderContents([])).toBe("mixed");
  });
});
