/** Learning types shared with the server (types only: no server code reaches the browser). */

export type {
  ContinueLearning,
  CourseReview,
  CourseReviewList,
  CustomerCourse,
  LessonContent,
  LessonProgress,
} from "~server/modules/learning/learning.schemas";
export type {
  CoursePlayer,
  LearnerState,
  LessonAccess,
  PlayerLesson,
} from "~server/modules/learning/learning.service";
export type {
  LearnerQuiz,
  QuizAnswer,
  SubmittedQuizAttempt,
} from "~server/modules/learning/quiz.schemas";

/** What the review form's action answers. */
export type ReviewActionResult = { ok: true } | { ok: false; code: string; message: string };
