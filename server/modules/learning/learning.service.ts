import type { Db } from "../../db/client";
import { withDeps } from "../../lib/with-deps";
import type { CatalogService } from "../catalog/catalog.service";
import { addReview, listReviews } from "./course-reviews";
import {
  coursePlayer,
  courseProgress,
  customerCourses,
  learnerState,
  lessonVideo,
  saveProgress,
} from "./lesson-progress";

export { ALREADY_REVIEWED } from "./course-reviews";
export {
  COMPLETED_SHARE,
  type CoursePlayer,
  type LearnerState,
  type LessonAccess,
  lessonAccess,
  type PlayerLesson,
} from "./lesson-progress";

/**
 * Watching lessons, learners' progress (lesson-progress.ts) and course reviews (course-reviews.ts).
 * A course is visible here when it is published, or to a customer enrolled in it (so that a learner
 * keeps a course that was withdrawn).
 */
export function createLearningService(db: Db, deps: { catalog: CatalogService }) {
  const steps = { db, catalog: deps.catalog };
  return {
    lessonVideo: withDeps(steps, lessonVideo),
    saveProgress: withDeps(steps, saveProgress),
    courseProgress: withDeps(steps, courseProgress),
    customerCourses: withDeps(steps, customerCourses),
    coursePlayer: withDeps(steps, coursePlayer),
    learnerState: withDeps(steps, learnerState),
    addReview: withDeps(steps, addReview),
    listReviews: withDeps(steps, listReviews),
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
