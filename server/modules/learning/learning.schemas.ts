import { z } from "zod";
import { REVIEW_BODY_MAX } from "~shared/learning.limits";
import { pageNumber, wholeNumber } from "../../lib/list-query";

export const LessonParams = z.strictObject({
  lessonId: z.uuid("lessonId must be a lesson id (UUID)").describe("Lesson id"),
});

export const CourseParams = z.strictObject({
  id: z.string().trim().min(1).max(200).describe("Course id (UUID) or slug"),
});

export const SaveLessonProgressBody = z
  .strictObject({
    positionSeconds: z
      .number({ message: "positionSeconds must be a number of seconds, at least 0" })
      .finite("positionSeconds must be a number of seconds, at least 0")
      .min(0, "positionSeconds must be a number of seconds, at least 0")
      .max(86_400, "positionSeconds must be at most 86400 (one day)"),
    completed: z.boolean({ message: "completed must be true or false" }).optional(),
  })
  .describe("Where the learner is in the lesson; completed marks it watched");
export type SaveLessonProgressBody = z.output<typeof SaveLessonProgressBody>;

export const LessonProgress = z
  .object({
    lessonId: z.uuid(),
    positionSeconds: z.number().int().describe("Clamped to the lesson's duration"),
    completed: z.boolean().describe("Set when at least 90 % was watched or the player said so; stays set"),
    updatedAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "LessonProgress" });
export type LessonProgress = z.output<typeof LessonProgress>;

const ProgressSummaryFields = {
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  percent: z.number().int().describe("Completed lessons / lessons, 0–100"),
  lastLessonId: z.uuid().nullable().describe("The lesson watched most recently"),
  continueLessonId: z
    .uuid()
    .nullable()
    .describe("Where to carry on: the last lesson, or the next one once it is done"),
};

export const CourseProgress = z
  .object({ courseId: z.uuid(), ...ProgressSummaryFields, lessons: z.array(LessonProgress) })
  .meta({ id: "CourseProgress" });
export type CourseProgress = z.output<typeof CourseProgress>;

export const CustomerCourse = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    ...ProgressSummaryFields,
    lastWatchedAt: z.string().nullable().describe("ISO 8601"),
    enrolledAt: z.string().describe("ISO 8601"),
    certificateCode: z
      .string()
      .nullable()
      .describe("The verification code of the course's certificate, once the course is complete"),
  })
  .meta({ id: "CustomerCourse" });
export type CustomerCourse = z.output<typeof CustomerCourse>;

export const CustomerCourseList = z
  .object({ courses: z.array(CustomerCourse).describe("Most recently watched or enrolled first") })
  .meta({ id: "CustomerCourseList" });
export type CustomerCourseList = z.output<typeof CustomerCourseList>;

export const CreateCourseReviewBody = z
  .strictObject({
    rating: z
      .number({ message: "rating must be a whole number from 1 to 5" })
      .int("rating must be a whole number from 1 to 5")
      .min(1, "rating must be a whole number from 1 to 5")
      .max(5, "rating must be a whole number from 1 to 5"),
    body: z
      .string({ message: "body must be text" })
      .trim()
      .max(REVIEW_BODY_MAX, `body must have at most ${REVIEW_BODY_MAX} characters`)
      .default(""),
  })
  .describe("A star rating and an optional written review");
export type CreateCourseReviewBody = z.output<typeof CreateCourseReviewBody>;

export const CourseReview = z
  .object({
    id: z.uuid(),
    rating: z.number().int(),
    body: z.string(),
    reviewerName: z.string().describe("The reviewer's first name only"),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "CourseReview" });
export type CourseReview = z.output<typeof CourseReview>;

const RatingFields = {
  rating: z.number().describe("Average stars, one decimal; 0 without reviews"),
  ratingCount: z.number().int(),
};

export const CreatedCourseReview = z
  .object({ review: CourseReview, ...RatingFields })
  .meta({ id: "CreatedCourseReview" });
export type CreatedCourseReview = z.output<typeof CreatedCourseReview>;

export const REVIEWS_PAGE_SIZE = 10;

export const ListCourseReviewsQuery = z.strictObject({
  page: pageNumber(),
  limit: wholeNumber("limit", 1, 50).default(REVIEWS_PAGE_SIZE),
});
export type ListCourseReviewsQuery = z.output<typeof ListCourseReviewsQuery>;

export const CourseReviewList = z
  .object({
    reviews: z.array(CourseReview).describe("Newest first"),
    totalDoc: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
    ...RatingFields,
  })
  .meta({ id: "CourseReviewList" });
export type CourseReviewList = z.output<typeof CourseReviewList>;

export const LessonResource = z
  .object({
    id: z.uuid(),
    name: z.string().describe("The file name it downloads as"),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    url: z.string().describe("Where to download it (same access checks as the lesson's video)"),
  })
  .meta({ id: "LessonResource" });

export const LessonCaptions = z
  .object({
    language: z.string().describe("BCP 47 language tag (the track's srclang)"),
    label: z.string().describe("The track's label"),
    url: z.string().describe("The WebVTT file"),
  })
  .meta({ id: "LessonCaptions" });

export const LessonContent = z
  .object({
    id: z.uuid(),
    courseId: z.uuid(),
    title: z.string(),
    hasVideo: z.boolean(),
    resources: z.array(LessonResource).describe("Worksheets, images and audio to download"),
    captions: z.array(LessonCaptions).describe("Caption tracks of the video, one per language"),
  })
  .meta({ id: "LessonContent" });
export type LessonContent = z.output<typeof LessonContent>;

const LessonRef = z.object({ id: z.uuid(), title: z.string() });

export const ContinueLearning = z
  .object({
    course: z.object({ id: z.uuid(), slug: z.string(), title: z.string(), image: z.string().nullable() }),
    completedLessons: z.number().int(),
    totalLessons: z.number().int(),
    percent: z.number().int(),
    lastLesson: LessonRef.nullable().describe("The lesson opened most recently"),
    nextLesson: LessonRef.nullable().describe("The lesson after it not yet completed"),
    continueLessonId: z.uuid().nullable().describe("Where the continue link goes"),
  })
  .meta({ id: "ContinueLearning" });
export type ContinueLearning = z.output<typeof ContinueLearning>;

export const LessonFileParams = z.strictObject({
  lessonId: z.uuid("lessonId must be a lesson id (UUID)"),
  fileId: z.uuid("fileId must be a file id (UUID)"),
});

export const LessonCaptionsParams = z.strictObject({
  lessonId: z.uuid("lessonId must be a lesson id (UUID)"),
  language: z
    .string()
    .max(20, "language must be a language code such as en or nl")
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, "language must be a language code such as en or nl"),
});
