/** GET /course/:id/progress.csv: every learner's progress in the course, with quiz results, as CSV. */
export { loader } from "./course-progress-export.server";
