import { describe, expect, it } from "vitest";
import { addMonths, instalmentSchedule } from "./instalments";

describe("instalmentSchedule", () => {
  it("splits a total into monthly parts that add up, the remainder on the first", () => {
    const start = new Date("2025-01-31T10:00:00Z");
    const schedule = instalmentSchedule(10_000, 3, start);
    expect(schedule.map((i) => i.amountCents)).toEqual([3334, 3333, 3333]);
    expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(10_000);
    expect(schedule.map((i) => i.dueAt.toISOString())).toEqual([
      "2025-01-31T10:00:00.000Z",
      "2025-02-28T10:00:00.000Z",
      "2025-03-31T10:00:00.000Z",
    ]);
  });

  it("is one payment of the whole total when paid in full", () => {
    expect(instalmentSchedule(4900, 1, new Date()).map((i) => i.amountCents)).toEqual([4900]);
  });

  it("rejects a count below one", () => {
    expect(() => instalmentSchedule(100, 0, new Date())).toThrow(RangeError);
  });
});

describe("addMonths", () => {
  it("keeps the day of the month where it exists", () => {
    expect(addMonths(new Date("2024-11-15T00:00:00Z"), 3).toISOString()).toBe("2025-02-15T00:00:00.000Z");
    expect(addMonths(new Date("2024-01-31T00:00:00Z"), 1).toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });
});
