import { data, redirect } from "react-router";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { attempt, fieldErrorsOf, invalid, text } from "~/features/admin-catalog/action-result.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import {
  AdminCourseInput,
  AdminLessonInput,
  AdminReorderLessons,
  AdminUpdateLesson,
  CATALOG_AREA,
  IdParams,
} from "~server/modules/catalog/catalog-admin.schemas";
import { IMAGE_MAX_BYTES } from "~server/modules/media/upload-limits";
import { allows } from "~shared/permissions";
import type { Route } from "./+types/course";
import { courseFromForm, lessonFromForm } from "./course-form.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "read");
  const { catalogAdmin, settings, manualEnrolment } = context.services;
  const companyId = context.company.id;
  const [categories, attributes, info] = await Promise.all([
    catalogAdmin.categories.list(companyId, {}),
    catalogAdmin.attributes.published(companyId),
    settings.storeInfo(companyId),
  ]);
  let course = null;
  if (params.id !== "new") {
    if (!IdParams.safeParse({ id: params.id }).success) throw data(null, { status: 404 });
    course = await catalogAdmin.courses.get(companyId, params.id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  }
  // Who has the course: for staff who may see customers (enrolling happens on the customer's page).
  const mayReadLearners = course !== null && allows(principal.permissions, "customers", "read");
  const [learners, progress, quizLessonIds] = await Promise.all([
    course && mayReadLearners ? manualEnrolment.learners(companyId, course.id) : null,
    course && mayReadLearners
      ? context.services.learning.courseLearnerProgress(companyId, course.id, context.language)
      : null,
    course ? context.services.learning.quizLessonIds(companyId, course.id) : [],
  ]);
  return {
    course,
    categories: categories.items,
    attributes,
    currency: course?.currency ?? info.currency,
    learners,
    progress,
    quizLessonIds,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  const courses = context.services.catalogAdmin.courses;
  const languages = await context.services.editingLanguages.list(companyId);
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = params.id;

  if (intent === "save") {
    const parsed = AdminCourseInput.safeParse(courseFromForm(form, languages));
    if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
    const image = form.get("image");
    const bytes =
      image instanceof File && image.size > 0
        ? image.size > IMAGE_MAX_BYTES
          ? null
          : Buffer.from(await image.arrayBuffer())
        : undefined;
    if (bytes === null) return invalid(intent, { image: "The image may be at most 5 MB." });
    let createdId: string | undefined;
    const result = await attempt(intent, async () => {
      const saved =
        id === "new"
          ? await courses.create(companyId, actor, parsed.data)
          : await courses.update(companyId, actor, id, parsed.data);
      createdId = id === "new" ? saved.id : undefined;
      if (bytes) {
        await courses.setImage(companyId, actor, saved.id, bytes).catch((error: unknown) => {
          throw error instanceof AppError
            ? new AppError(error.status, error.code, error.message, [
                { path: "image", message: error.message },
              ])
            : error;
        });
      }
      return saved.id;
    });
    // A new course opens in its own page (where lessons can be added), even when only its image failed.
    if (createdId) throw redirect(adminPaths.course(createdId));
    return result;
  }
  if (id === "new") return invalid(intent, {}, "Save the course first.");

  switch (intent) {
    case "delete": {
      const result = await attempt(intent, () => courses.remove(companyId, actor, id));
      if ((result.data as ActionResult).ok) throw redirect(adminPaths.courses());
      return result;
    }
    case "add-lesson": {
      const parsed = AdminLessonInput.safeParse(lessonFromForm(form, languages));
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.addLesson(companyId, actor, id, parsed.data).then((lesson) => lesson.id),
      );
    }
    case "update-lesson": {
      const parsed = AdminUpdateLesson.safeParse(lessonFromForm(form, languages));
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.updateLesson(companyId, actor, id, text(form, "lessonId"), parsed.data).then(() => undefined),
      );
    }
    case "delete-lesson":
      return attempt(intent, () => courses.removeLesson(companyId, actor, id, text(form, "lessonId")));
    case "delete-resource":
      return attempt(intent, () =>
        courses.removeLessonFile(companyId, actor, id, text(form, "lessonId"), {
          fileId: text(form, "fileId"),
        }),
      );
    case "delete-captions":
      return attempt(intent, () =>
        courses.removeLessonFile(companyId, actor, id, text(form, "lessonId"), {
          language: text(form, "language"),
        }),
      );
    case "reorder-lessons": {
      const parsed = AdminReorderLessons.safeParse({ ids: form.getAll("ids").map(String) });
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.reorderLessons(companyId, actor, id, parsed.data.ids).then(() => undefined),
      );
    }
    default:
      return invalid(intent, {}, "Unknown action.");
  }
}
