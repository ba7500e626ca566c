/** Upload limits (no Node imports: the browser bundle reads them too). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** Lesson resources (worksheets, images, audio) and WebVTT captions. */
export { CAPTIONS_MAX_BYTES, RESOURCE_MAX_BYTES } from "~shared/lesson-files.limits";
