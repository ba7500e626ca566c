import { describe, expect, it } from "vitest";
import { summariseProgress } from "./progress-summary";

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));

describe("summariseProgress", () => {
  it("starts at the first lesson when nothing was watched", () => {
    expect(summariseProgress(["a", "b", "c"], [])).toEqual({
      completedLessons: 0,
      totalLessons: 3,
      percent: 0,
      lastLessonId: null,
      continueLessonId: "a",
    });
  });

  it("continues the lesson watched last while it is unfinished", () => {
    const summary = summariseProgress(
      ["a", "b", "c"],
      [
        { lessonId: "a", completed: true, updatedAt: at(1) },
        { lessonId: "c", completed: false, updatedAt: at(3) },
        { lessonId: "b", completed: false, updatedAt: at(2) },
      ],
    );
    expect(summary).toMatchObject({
      completedLessons: 1,
      percent: 33,
      lastLessonId: "c",
      continueLessonId: "c",
    });
  });

  it("moves on to the next unfinished lesson once the last one is done, wrapping to the start", () => {
    const progress = [
      { lessonId: "b", completed: true, updatedAt: at(1) },
      { lessonId: "c", completed: true, updatedAt: at(2) },
    ];
    expect(summariseProgress(["a", "b", "c"], progress).continueLessonId).toBe("a");
    expect(summariseProgress(["a", "b", "c", "d"], progress).continueLessonId).toBe("d");
  });

  it("counts 100 % when every lesson is done and ignores lessons no longer in the course", () => {
    const summary = summariseProgress(
      ["a"],
      [
        { lessonId: "a", completed: true, updatedAt: at(1) },
        { lessonId: "gone", completed: true, updatedAt: at(2) },
      ],
    );
    expect(summary).toEqual({
      completedLessons: 1,
      totalLessons: 1,
      percent: 100,
      lastLessonId: "a",
      continueLessonId: "a",
    });
  });
});
