import { data, redirect } from "react-router";
import type { ReviewActionResult } from "~/features/learning/types";
import { paths } from "~/lib/paths";
import { AppError } from "~server/lib/errors";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { CreateCourseReviewBody } from "~server/modules/learning/learning.schemas";
import type { Route } from "./+types/course-review";

/** Nothing to show here: a stray visit goes to the course page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(paths.course(params.id));
}

/**
 * The course page's review form posts here (a fetcher). A plain form post without JavaScript
 * returns to the course page's reviews.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const plainForm = request.headers.get("sec-fetch-dest") === "document";
  const answer = (result: ReviewActionResult, status: number) =>
    plainForm ? redirect(`${paths.course(params.id)}#reviews`) : data(result, { status });

  if (!context.customer) {
    return answer(
      { ok: false, code: "UNAUTHORIZED", message: localizeForRequest("Please sign in to continue.") },
      401,
    );
  }
  const form = await request.formData();
  const rating = form.get("rating");
  const parsed = CreateCourseReviewBody.safeParse({
    rating: typeof rating === "string" && rating !== "" ? Number(rating) : undefined,
    body: String(form.get("body") ?? ""),
  });
  if (!parsed.success) {
    return answer(
      {
        ok: false,
        code: "VALIDATION_ERROR",
        message: localizeForRequest(parsed.error.issues[0]?.message ?? ""),
      },
      400,
    );
  }
  try {
    await context.services.learning.addReview(
      context.company.id,
      context.customer.customerId,
      params.id,
      parsed.data,
    );
    return answer({ ok: true }, 201);
  } catch (error) {
    if (error instanceof AppError)
      return answer(
        { ok: false, code: error.code, message: localizeForRequest(error.message) },
        error.status,
      );
    throw error;
  }
}
