import { describe, expect, it } from "vitest";
import { batchedLookup } from "./batched-lookup";

describe("batched lookup", () => {
  it("fetches the keys of a group asked for together in one call, and answers each caller", async () => {
    const calls: Array<[string, string[]]> = [];
    const lookUp = batchedLookup(async (group, keys) => {
      calls.push([group, keys]);
      return new Map(keys.filter((key) => key !== "missing").map((key) => [key, `${group}/${key}`]));
    });
    const answers = await Promise.all([
      lookUp("a", "one"),
      lookUp("a", "two"),
      lookUp("a", "one"),
      lookUp("a", "missing"),
      lookUp("b", "one"),
    ]);
    expect(answers).toEqual(["a/one", "a/two", "a/one", undefined, "b/one"]);
    expect(calls).toEqual([
      ["a", ["one", "two", "missing"]],
      ["b", ["one"]],
    ]);
    expect(await lookUp("a", "two")).toBe("a/two");
    expect(calls).toHaveLength(3);
  });

  it("gives every caller of a failed batch the error", async () => {
    const lookUp = batchedLookup<string>(() => Promise.reject(new Error("database away")));
    const results = await Promise.allSettled([lookUp("a", "one"), lookUp("a", "two")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
