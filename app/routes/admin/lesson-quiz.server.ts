import { data, redirect } from "react-router";
import { attempt, fieldErrorsOf, invalid, text } from "~/features/admin-catalog/action-result.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { CATALOG_AREA, LessonParams } from "~server/modules/catalog/catalog-admin.schemas";
import { AdminQuizInput } from "~server/modules/learning/quiz.schemas";
import type { Route } from "./+types/lesson-quiz";

const notFound = (error: unknown) => {
  if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
  throw error;
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const ids = LessonParams.safeParse({ id: params.id, lessonId: params.lessonId });
  if (!ids.success) throw data(null, { status: 404 });
  const companyId = context.company.id;
  const [course, languages] = await Promise.all([
    context.services.catalogAdmin.courses.get(companyId, ids.data.id).catch(notFound),
    context.services.editingLanguages.list(companyId),
  ]);
  const lesson = course.lessons.find((item) => item.id === ids.data.lessonId);
  if (!lesson) throw data(null, { status: 404 });
  const quiz = await context.services.learning.adminQuiz(companyId, course.id, lesson.id).catch(notFound);
  return {
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title },
    quiz,
    languages: languages.map((language) => ({ code: language.code, name: language.name })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const ids = LessonParams.safeParse({ id: params.id, lessonId: params.lessonId });
  if (!ids.success) throw data(null, { status: 404 });
  const { id, lessonId } = ids.data;
  const form = await request.formData();
  const intent = text(form, "intent");
  const learning = context.services.learning;
  if (intent === "save") {
    let input: unknown;
    try {
      input = JSON.parse(text(form, "quiz"));
    } catch {
      return invalid(intent, {}, "Please check the form.");
    }
    const parsed = AdminQuizInput.safeParse(input);
    if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
    return attempt(intent, () =>
      learning.saveQuiz(context.company.id, actor, id, lessonId, parsed.data).then(() => undefined),
    );
  }
  if (intent === "delete") {
    const result = await attempt(intent, () => learning.removeQuiz(context.company.id, actor, id, lessonId));
    if ((result.data as { ok: boolean }).ok) throw redirect(adminPaths.course(id));
    return result;
  }
  return invalid(intent, {}, "Unknown action.");
}
