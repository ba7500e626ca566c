import type { CourseReviewList, LessonProgress } from "./types";

/** The streaming address of a lesson's video (the server checks who may watch it). */
export function lessonVideoUrl(lessonId: string): string {
  return `/api/lessons/${encodeURIComponent(lessonId)}/video`;
}

/**
 * Saves where the learner is in a lesson. `keepalive` lets the request outlive the page
 * (used on pagehide; navigator.sendBeacon cannot send a PUT).
 */
export async function saveLessonProgress(
  lessonId: string,
  body: { positionSeconds: number; completed?: boolean },
  options: { keepalive?: boolean } = {},
): Promise<LessonProgress | null> {
  const response = await fetch(`/api/lessons/${encodeURIComponent(lessonId)}/progress`, {
    method: "PUT",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    keepalive: options.keepalive ?? false,
  });
  if (!response.ok) throw new Error(`progress not saved (${response.status})`);
  return options.keepalive ? null : ((await response.json()) as LessonProgress);
}

/** One page of a course's reviews, newest first. */
export async function fetchCourseReviews(courseId: string, page: number): Promise<CourseReviewList> {
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/reviews?page=${page}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`reviews not loaded (${response.status})`);
  return (await response.json()) as CourseReviewList;
}
