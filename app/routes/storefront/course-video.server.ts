import { data, redirect } from "react-router";
import type { QuizActionResult } from "~/features/learning/quiz-panel";
import { paths } from "~/lib/paths";
import { AppError } from "~server/lib/errors";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { LessonParams } from "~server/modules/learning/learning.schemas";
import { SubmitQuizAttemptBody } from "~server/modules/learning/quiz.schemas";
import type { Route } from "./+types/course-video";

/** The lesson player's two forms: a quiz's answers, and "Mark as complete". */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return form.get("intent") === "complete" ? completeAction(args, form) : quizAction(args, form);
}

/**
 * The quiz form of a quiz lesson posts here: the answers are graded on the server (the learning
 * service), and the page shows the result. Form fields are `q.<question id>`; several values for a
 * multiple-choice question, "true"/"false" for a true/false one.
 */
async function quizAction({ context }: Route.ActionArgs, form: FormData) {
  const fail = (message: string, status: number) =>
    data<QuizActionResult>({ ok: false, message: localizeForRequest(message) }, { status });
  if (!context.customer) return fail("Please sign in to continue.", 401);
  if (form.get("intent") !== "quiz") return fail("Unknown action.", 400);
  const lesson = LessonParams.safeParse({ lessonId: String(form.get("lessonId") ?? "") });
  if (!lesson.success) return fail("This lesson has no quiz.", 404);
  const { lessonId } = lesson.data;
  try {
    const quiz = await context.services.learning.learnerQuiz(
      context.company.id,
      context.customer.learnerId,
      lessonId,
      context.language,
    );
    const answers: Record<string, unknown> = {};
    for (const question of quiz.questions) {
      const values = form.getAll(`q.${question.id}`).map(String);
      if (values.length === 0 || (question.kind === "short-answer" && values[0]!.trim() === "")) continue;
      answers[question.id] =
        question.kind === "multiple"
          ? values
          : question.kind === "true-false"
            ? values[0] === "true"
            : values[0];
    }
    const parsed = SubmitQuizAttemptBody.safeParse({ answers });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Please check the form.", 400);
    const result = await context.services.learning.submitAttempt(
      context.company.id,
      context.customer.learnerId,
      lessonId,
      parsed.data,
      context.language,
    );
    return data<QuizActionResult>({ ok: true, result });
  } catch (error) {
    if (error instanceof AppError) return fail(error.message, error.status);
    throw error;
  }
}

/**
 * "Mark as complete": a plain form post (it works before the page is hydrated), answered with a
 * redirect back to the lesson; a refusal (not enrolled, not open yet) comes back as the page's error.
 */
async function completeAction({ context, request, params }: Route.ActionArgs, form: FormData) {
  const url = new URL(request.url);
  if (!context.customer) throw redirect(paths.signIn(url.pathname + url.search));
  const lesson = LessonParams.safeParse({ lessonId: String(form.get("lessonId") ?? "") });
  const fail = (message: string, status: number) => data({ error: localizeForRequest(message) }, { status });
  if (!lesson.success) return fail("Unknown action.", 400);
  const { lessonId } = lesson.data;
  try {
    await context.services.learning.completeLesson(
      context.company.id,
      context.customer.learnerId,
      lessonId,
      context.language,
    );
  } catch (error) {
    if (error instanceof AppError) return fail(error.message, error.status);
    throw error;
  }
  throw redirect(paths.courseVideo(params.id, lessonId));
}
