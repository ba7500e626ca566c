/** Learning types shared with the server (types only: no server code reaches the browser). */

export type {
  CourseReview,
  CourseReviewList,
  CustomerCourse,
  LessonProgress,
} from "~server/modules/learning/learning.schemas";
export type {
  CoursePlayer,
  LearnerState,
  LessonAccess,
  PlayerLesson,
} from "~server/modules/learning/learning.service";

/** What the review form's action answers. */
export type ReviewActionResult = { ok: true } | { ok: false; code: string; message: string };
