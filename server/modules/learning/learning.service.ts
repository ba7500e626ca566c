import type { Language } from "~shared/language";
import type { Db } from "../../db/client";
import { withDeps } from "../../lib/with-deps";
import type { AuditService } from "../audit/audit.service";
import type { CatalogService } from "../catalog/catalog.service";
import type { MailJobs } from "../mail/mail-jobs";
import type { ImageStore } from "../media/image-store";
import type { SettingsService } from "../settings/settings.service";
import { certificateFilename, certificatePdf, composeCertificateMail } from "./certificate-mail";
import { CERTIFICATE_MAIL, certificatesOf, ownCertificate, verifyCertificate } from "./certificates";
import { courseLearnerProgress } from "./course-learners";
import { addReview, listReviews, reviewsPage } from "./course-reviews";
import { completeLesson, continueLearning, lessonContent, lessonFile, openLesson } from "./lesson-content";
import {
  coursePlayer,
  courseProgress,
  customerCourses,
  learnerState,
  lessonVideo,
  saveProgress,
} from "./lesson-progress";
import { adminQuiz, courseQuizzes, learnerQuiz, removeQuiz, saveQuiz, submitAttempt } from "./quizzes";

export { ALREADY_REVIEWED } from "./course-reviews";
export { assertLessonOpen } from "./lesson-content";
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
export function createLearningService(
  db: Db,
  deps: {
    catalog: CatalogService;
    audit: Pick<AuditService, "record">;
    mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
    settings: Pick<SettingsService, "storeInfo">;
    images: Pick<ImageStore, "read">;
    originOf: (companyId: string) => Promise<string>;
    now?: (() => Date) | undefined;
  },
) {
  const steps = { db, ...deps, now: deps.now ?? (() => new Date()) };
  deps.mailJobs.register(CERTIFICATE_MAIL, composeCertificateMail(db, deps));
  return {
    lessonVideo: withDeps(steps, lessonVideo),
    saveProgress: withDeps(steps, saveProgress),
    courseProgress: withDeps(steps, courseProgress),
    customerCourses: withDeps(steps, customerCourses),
    coursePlayer: withDeps(steps, coursePlayer),
    learnerState: withDeps(steps, learnerState),
    addReview: withDeps(steps, addReview),
    listReviews: withDeps(steps, listReviews),
    reviewsPage: withDeps(steps, reviewsPage),
    adminQuiz: withDeps(steps, adminQuiz),
    saveQuiz: withDeps(steps, saveQuiz),
    removeQuiz: withDeps(steps, removeQuiz),
    learnerQuiz: withDeps(steps, learnerQuiz),
    submitAttempt: withDeps(steps, submitAttempt),
    courseLearnerProgress: withDeps(steps, courseLearnerProgress),
    /** The ids of the course's quiz lessons (for the back office's lesson list). */
    quizLessonIds: async (companyId: string, courseId: string) =>
      (await courseQuizzes(db, companyId, courseId)).map((quiz) => quiz.lessonId),
    verifyCertificate: withDeps(steps, verifyCertificate),
    /** The learner's certificates by course id. */
    certificatesOf: (companyId: string, customerId: string) => certificatesOf(db, companyId, customerId),
    /** The signed-in learner's own certificate as PDF (404 for anyone else's code). */
    async certificatePdf(companyId: string, customerId: string, code: string, language: Language) {
      const row = await ownCertificate(db, companyId, customerId, code);
      return {
        filename: certificateFilename(row.code),
        pdf: await certificatePdf(deps, companyId, row, language),
      };
    },
    lessonContent: withDeps(steps, lessonContent),
    lessonFile: withDeps(steps, lessonFile),
    openLesson: withDeps(steps, openLesson),
    completeLesson: withDeps(steps, completeLesson),
    continueLearning: withDeps(steps, continueLearning),
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
