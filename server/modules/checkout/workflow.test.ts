import { describe, expect, it } from "vitest";
import { runWorkflow } from "./workflow";

describe("runWorkflow", () => {
  it("runs every step in order", async () => {
    const seen: string[] = [];
    await runWorkflow(
      "test",
      ["a", "b"].map((name) => ({ name, run: async () => void seen.push(name) })),
      {},
      { error: () => undefined },
    );
    expect(seen).toEqual(["a", "b"]);
  });

  it("undoes the steps that ran, newest first, and rethrows", async () => {
    const seen: string[] = [];
    const failure = new Error("boom");
    const run = runWorkflow(
      "test",
      [
        { name: "a", run: async () => void seen.push("a"), compensate: async () => void seen.push("undo a") },
        { name: "b", run: async () => void seen.push("b"), compensate: async () => void seen.push("undo b") },
        {
          name: "c",
          run: async () => {
            throw failure;
          },
          compensate: async () => void seen.push("undo c"),
        },
      ],
      {},
      { error: () => undefined },
    );
    await expect(run).rejects.toBe(failure);
    expect(seen).toEqual(["a", "b", "undo b", "undo a"]);
  });

  it("keeps undoing when one undo fails, and logs it", async () => {
    const logged: string[] = [];
    const seen: string[] = [];
    const run = runWorkflow(
      "test",
      [
        { name: "a", run: async () => undefined, compensate: async () => void seen.push("undo a") },
        {
          name: "b",
          run: async () => undefined,
          compensate: async () => {
            throw new Error("undo failed");
          },
        },
        {
          name: "c",
          run: async () => {
            throw new Error("boom");
          },
        },
      ],
      {},
      { error: (_obj, msg) => void logged.push(msg) },
    );
    await expect(run).rejects.toThrow("boom");
    expect(seen).toEqual(["undo a"]);
    expect(logged).toEqual(["workflow compensation failed"]);
  });
});
