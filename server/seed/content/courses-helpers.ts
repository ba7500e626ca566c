import type { SeedLesson } from "./types";

/** One lesson row: English title, Dutch title, duration as "m:ss". */
export type LessonRow = [en: string, nl: string, duration: string];

/**
 * Builds a lesson list; the first `freePreviewCount` lessons are free previews.
 */
export function lessons(freePreviewCount: number, rows: LessonRow[]): SeedLesson[] {
  return rows.map(([en, nl, duration], index) => {
    const [minutes = "0", seconds = "0"] = duration.split(":");
    return {
      title: { en, nl },
      durationSeconds: Number(minutes) * 60 + Number(seconds),
      freePreview: index < freePreviewCount,
    };
  });
}

/** Joins paragraphs with a blank line, as the description field expects. */
export function paragraphs(...parts: string[]): string {
  return parts.join("\n\n");
}
