import { describe, expect, it } from "vitest";
import { createDiskBlobStore } from "./blob-store";
import { createMediaStore, DEMO_LESSON_VIDEO_COUNT, demoLessonVideo, resolveInside } from "./media-store";

describe("resolveInside", () => {
  it("keeps paths inside the root", () => {
    expect(resolveInside("/srv/media", "lessons/a.webm")).toBe("/srv/media/lessons/a.webm");
  });

  it("refuses paths that leave the root", () => {
    for (const path of [
      "../secret",
      "lessons/../../etc/passwd",
      "/etc/passwd",
      "a\\..\\b",
      "a\0b",
      "",
      ".",
    ]) {
      expect(resolveInside("/srv/media", path)).toBeNull();
    }
  });
});

describe("media store", () => {
  const store = createMediaStore({ blobs: createDiskBlobStore("/nonexistent-data-dir/media") });

  it("finds every demo lesson video shipped with the app", async () => {
    for (let index = 0; index < DEMO_LESSON_VIDEO_COUNT; index++) {
      const media = await store.locate(demoLessonVideo(index));
      expect(media).toMatchObject({ kind: "file", contentType: "video/webm" });
      expect(media?.kind === "file" && media.size).toBeGreaterThan(10_000);
    }
    expect(demoLessonVideo(DEMO_LESSON_VIDEO_COUNT)).toBe(demoLessonVideo(0));
  });

  it("passes external addresses through and finds nothing for missing or escaping paths", async () => {
    expect(await store.locate("https://videos.example.com/a.webm")).toEqual({
      kind: "external",
      url: "https://videos.example.com/a.webm",
    });
    expect(await store.locate("demo:../../package.json")).toBeNull();
    expect(await store.locate("lessons/missing.webm")).toBeNull();
    expect(await store.locate("lessons/00000000-0000-4000-8000-000000000000.webm")).toBeNull();
    expect(await store.locate("../../etc/passwd")).toBeNull();
  });
});
