import { describe, expect, it } from "vitest";
import { shouldReloadForPreloadError } from "./preload-error";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe("reload on a preload error", () => {
  it("reloads once, then lets a repeated failure surface instead of looping", () => {
    const storage = memoryStorage();
    expect(shouldReloadForPreloadError(storage, 1_000_000)).toBe(true);
    expect(shouldReloadForPreloadError(storage, 1_005_000)).toBe(false);
  });

  it("reloads again for a failure long after the last reload (a later deployment)", () => {
    const storage = memoryStorage();
    expect(shouldReloadForPreloadError(storage, 1_000_000)).toBe(true);
    expect(shouldReloadForPreloadError(storage, 1_000_000 + 61_000)).toBe(true);
  });

  it("does not reload when the tab cannot remember it (storage blocked)", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(shouldReloadForPreloadError(blocked, 1_000_000)).toBe(false);
  });
});
