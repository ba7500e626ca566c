import type { Db } from "../../db/client";
import { withDeps } from "../../lib/with-deps";
import type { AuditService } from "../audit/audit.service";
import type { Uploads } from "../media/uploads";
import type { SettingsService } from "../settings/settings.service";
import type { CatalogService } from "./catalog.service";
import { bulkCourses, createCourse, listCourses, removeCourse, updateCourse } from "./course-edit";
import { addLesson, removeLesson, reorderLessons, updateLesson } from "./course-lessons";
import { setCourseImage, setLessonVideo } from "./course-media";
import { getCourse } from "./course-records";
import { addLessonResource, removeLessonFile, setLessonCaptions } from "./lesson-files";

export type { Actor } from "./course-records";

/**
 * Courses and their lessons in the back office. Every write is audited in its own transaction and
 * drops the storefront's cached catalogue of the company afterwards, so changes (an unpublished
 * course above all) show at once. The course (course-edit.ts, with its checks in course-checks.ts),
 * its lessons (course-lessons.ts) and its files (course-media.ts) are steps of their own.
 */
export function createCourseAdminService(
  db: Db,
  deps: { audit: AuditService; catalog: CatalogService; uploads: Uploads; settings: SettingsService },
) {
  const steps = { db, ...deps };
  return {
    get: withDeps(steps, getCourse),
    list: withDeps(steps, listCourses),
    create: withDeps(steps, createCourse),
    update: withDeps(steps, updateCourse),
    remove: withDeps(steps, removeCourse),
    bulk: withDeps(steps, bulkCourses),
    setImage: withDeps(steps, setCourseImage),
    addLesson: withDeps(steps, addLesson),
    updateLesson: withDeps(steps, updateLesson),
    removeLesson: withDeps(steps, removeLesson),
    reorderLessons: withDeps(steps, reorderLessons),
    setLessonVideo: withDeps(steps, setLessonVideo),
    addLessonResource: withDeps(steps, addLessonResource),
    setLessonCaptions: withDeps(steps, setLessonCaptions),
    removeLessonFile: withDeps(steps, removeLessonFile),
  };
}

export type CourseAdminService = ReturnType<typeof createCourseAdminService>;
