export { action, loader } from "./course-review.server";
