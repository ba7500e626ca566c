import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { courses } from "./catalog.tables";
import { updateLesson } from "./course-lessons";
import { type Actor, type CourseAdminDeps, findCourse, findLesson, writeCatalog } from "./course-records";

/**
 * A course's files: the cover image and the lessons' videos. The file is stored first; when the
 * database write then fails it is removed again, and a file it replaces is removed after the commit.
 */

/** Stores a new cover image (checked by content, resized) and replaces the old one. */
export async function setCourseImage(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  id: string,
  bytes: Buffer,
): Promise<{ url: string }> {
  const { uploads } = deps;
  await findCourse(deps.db, companyId, id);
  const url = await uploads.storeImage(bytes, "cover");
  const old = await writeCatalog(deps, companyId, async (tx) => {
    const row = await findCourse(tx, companyId, id);
    await tx.update(courses).set({ image: url, updatedAt: new Date() }).where(eq(courses.id, id));
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "update",
      entity: "course",
      entityId: id,
      summary: row.title.en,
      changes: { image: { from: row.image, to: url } },
    });
    return row.image;
  }).catch(async (error) => {
    await uploads.remove(url);
    throw error;
  });
  await uploads.remove(old);
  return { url };
}

/** Streams an uploaded WebM/MP4 to disk and makes it the lesson's video. */
export async function setLessonVideo(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
  body: Readable,
): Promise<{ url: string }> {
  const { uploads } = deps;
  await findLesson(deps.db, companyId, courseId, lessonId);
  const reference = await uploads.storeVideo(body);
  await updateLesson(deps, companyId, actor, courseId, lessonId, { videoUrl: reference }).catch(
    async (error: unknown) => {
      await uploads.remove(reference);
      throw error;
    },
  );
  return { url: reference };
}
