import { and, eq } from "drizzle-orm";
import { notFound } from "../../lib/errors";
import { lessonFiles } from "./catalog.tables";
import type { AdminLessonFile } from "./catalog-admin.schemas";
import {
  type Actor,
  type CourseAdminDeps,
  findLesson,
  type LessonFileRow,
  toLessonFile,
  writeCatalog,
} from "./course-records";

/**
 * A lesson's files in the back office: resources learners download (PDF, images, audio; at most
 * 25 MB, checked by content) and WebVTT captions, one per language. The file is stored first; when
 * the database write then fails it is removed again, and a file it replaces is removed after the commit.
 */

const LANGUAGE_NAMES: Record<string, string> = { en: "English", nl: "Nederlands" };

/** A name learners can save the file as: no path, no control characters, the right extension. */
function downloadName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "file";
  return `${stem}.${extension}`;
}

async function storeThenWrite<T>(deps: CourseAdminDeps, key: string, write: () => Promise<T>): Promise<T> {
  return write().catch(async (error: unknown) => {
    await deps.uploads.remove(key);
    throw error;
  });
}

/** Attaches a resource to a lesson. */
export async function addLessonResource(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
  file: { name: string; bytes: Buffer },
): Promise<AdminLessonFile> {
  await findLesson(deps.db, companyId, courseId, lessonId);
  const stored = await deps.uploads.storeLessonFile(file.bytes, "resource");
  const extension = stored.key.slice(stored.key.lastIndexOf(".") + 1);
  return storeThenWrite(deps, stored.key, () =>
    writeCatalog(deps, companyId, async (tx) => {
      const lesson = await findLesson(tx, companyId, courseId, lessonId);
      const [row] = await tx
        .insert(lessonFiles)
        .values({
          companyId,
          lessonId,
          kind: "resource",
          name: downloadName(file.name, extension),
          language: null,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          storageKey: stored.key,
        })
        .returning();
      await deps.audit.record(tx, {
        companyId,
        staff: actor,
        action: "create",
        entity: "lesson_file",
        entityId: row!.id,
        summary: `${lesson.title.en}: ${row!.name}`,
      });
      return toLessonFile(row!);
    }),
  );
}

/** Adds or replaces the captions of one language. */
export async function setLessonCaptions(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
  input: { language: string; label?: string | undefined; bytes: Buffer },
): Promise<AdminLessonFile> {
  await findLesson(deps.db, companyId, courseId, lessonId);
  const language = input.language.toLowerCase();
  const stored = await deps.uploads.storeLessonFile(input.bytes, "captions");
  const label = input.label || LANGUAGE_NAMES[language.split("-")[0]!] || language;
  let replaced: string | null = null;
  const saved = await storeThenWrite(deps, stored.key, () =>
    writeCatalog(deps, companyId, async (tx) => {
      const lesson = await findLesson(tx, companyId, courseId, lessonId);
      const [before] = await tx
        .select()
        .from(lessonFiles)
        .where(captionsOf(companyId, lessonId, language));
      replaced = before?.storageKey ?? null;
      if (before) await tx.delete(lessonFiles).where(eq(lessonFiles.id, before.id));
      const [row] = await tx
        .insert(lessonFiles)
        .values({
          companyId,
          lessonId,
          kind: "captions",
          name: label,
          language,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          storageKey: stored.key,
        })
        .returning();
      await deps.audit.record(tx, {
        companyId,
        staff: actor,
        action: before ? "update" : "create",
        entity: "lesson_captions",
        entityId: row!.id,
        summary: `${lesson.title.en}: captions (${language})`,
      });
      return toLessonFile(row!);
    }),
  );
  await deps.uploads.remove(replaced);
  return saved;
}

const captionsOf = (companyId: string, lessonId: string, language: string) =>
  and(
    eq(lessonFiles.companyId, companyId),
    eq(lessonFiles.lessonId, lessonId),
    eq(lessonFiles.kind, "captions"),
    eq(lessonFiles.language, language),
  );

/** Removes a resource (by id) or the captions of a language; 404 when the lesson has none. */
export async function removeLessonFile(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  courseId: string,
  lessonId: string,
  which: { fileId: string } | { language: string },
): Promise<void> {
  const key = await writeCatalog(deps, companyId, async (tx) => {
    const lesson = await findLesson(tx, companyId, courseId, lessonId);
    const [row]: LessonFileRow[] = await tx
      .select()
      .from(lessonFiles)
      .where(
        "fileId" in which
          ? and(
              eq(lessonFiles.companyId, companyId),
              eq(lessonFiles.lessonId, lessonId),
              eq(lessonFiles.kind, "resource"),
              eq(lessonFiles.id, which.fileId),
            )
          : captionsOf(companyId, lessonId, which.language.toLowerCase()),
      );
    if (!row) {
      throw "fileId" in which
        ? notFound(`No file "${which.fileId}" in this lesson.`, "LESSON_FILE_NOT_FOUND")
        : notFound(`This lesson has no captions in "${which.language}".`, "LESSON_FILE_NOT_FOUND");
    }
    await tx.delete(lessonFiles).where(eq(lessonFiles.id, row.id));
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "delete",
      entity: row.kind === "captions" ? "lesson_captions" : "lesson_file",
      entityId: row.id,
      summary: `${lesson.title.en}: ${row.kind === "captions" ? `captions (${row.language})` : row.name}`,
    });
    return row.storageKey;
  });
  await deps.uploads.remove(key);
}
