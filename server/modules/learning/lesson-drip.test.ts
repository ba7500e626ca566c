import { describe, expect, it } from "vitest";
import { lessonNotOpenYet, lessonOpensAt } from "./lesson-drip";

const schedule = { dripDays: null, dripDate: null, freePreview: false };

describe("lessonOpensAt", () => {
  it("opens a lesson N whole days after the day of enrolment (00:00 UTC)", () => {
    const opens = lessonOpensAt({ ...schedule, dripDays: 7 }, new Date("2026-03-01T15:30:00Z"));
    expect(opens?.toISOString()).toBe("2026-03-08T00:00:00.000Z");
  });

  it("opens a lesson with a fixed day on that day for everyone", () => {
    expect(lessonOpensAt({ ...schedule, dripDate: "2026-12-04" }, null)?.toISOString()).toBe(
      "2026-12-04T00:00:00.000Z",
    );
  });

  it("never holds back a free preview or a lesson without a schedule", () => {
    expect(lessonOpensAt({ ...schedule, dripDays: 3, freePreview: true }, new Date())).toBeNull();
    expect(lessonOpensAt(schedule, new Date())).toBeNull();
  });

  it("says when in the refusal", () => {
    const error = lessonNotOpenYet(new Date("2026-12-04T00:00:00Z"));
    expect(error.status).toBe(403);
    expect(error.message).toBe("This lesson opens on 4 December 2026.");
  });
});
