import { data } from "react-router";
import { toCsv } from "~/lib/csv";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { IdParams } from "~server/modules/catalog/catalog-admin.schemas";
import type { Route } from "./+types/course-progress-export";

/** For staff who may read customers: one row per learner, a best score and pass column per quiz. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers", "read");
  if (!IdParams.safeParse({ id: params.id }).success) throw data(null, { status: 404 });
  const report = await context.services.learning
    .courseLearnerProgress(context.company.id, params.id, context.language)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  const rows: (string | number)[][] = [
    [
      "name",
      "email",
      "lessons_completed",
      "lessons_total",
      "percent",
      "last_activity",
      ...report.quizzes.flatMap((quiz) => [`${quiz.title}: best_score`, `${quiz.title}: passed`]),
      "certificate",
    ],
  ];
  for (const learner of report.learners) {
    rows.push([
      learner.name,
      learner.email,
      learner.completedLessons,
      learner.totalLessons,
      learner.percent,
      learner.lastActivityAt ?? "",
      ...learner.quizzes.flatMap((quiz) => [quiz.bestScorePercent ?? "", quiz.passed ? "yes" : "no"]),
      learner.certificateCode ?? "",
    ]);
  }
  return new Response(`\uFEFF${toCsv(rows, { guardFormulas: true })}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="course-progress.csv"',
      "cache-control": "no-store",
    },
  });
}
