import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "./ids";

describe("uuidv7", () => {
  it("makes valid version 7 UUIDs that strictly increase, even many within one millisecond", () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe("7");
    }
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it("puts an explicit time in the first 48 bits", () => {
    const at = Date.UTC(2024, 0, 2, 3, 4, 5, 6);
    expect(Number.parseInt(uuidv7(at).replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });
});
