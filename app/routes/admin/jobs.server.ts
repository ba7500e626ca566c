import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { AdminListJobsQuery } from "~server/modules/jobs/jobs.schemas";
import type { Route } from "./+types/jobs";

export type JobActionResult = { ok: true; intent: "retry" | "discard" } | { ok: false; error: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, "jobs", "read");
  const url = new URL(request.url);
  const parsed = AdminListJobsQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : AdminListJobsQuery.parse({});
  const [list, info] = await Promise.all([
    context.services.jobsAdmin.list(context.company.id, query),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return {
    list,
    state: query.state,
    timeZone: info.timeZone,
    canWrite: staff.permissions.jobs === "write",
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, "jobs", "write");
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const actor = { id: staff.staffId, email: staff.email };
  try {
    if (intent === "retry") await context.services.jobsAdmin.retry(context.company.id, actor, id);
    else if (intent === "discard") await context.services.jobsAdmin.discard(context.company.id, actor, id);
    else return data({ ok: false, error: "Unknown action." } satisfies JobActionResult, { status: 400 });
    return { ok: true, intent } satisfies JobActionResult;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return data({ ok: false, error: error.message } satisfies JobActionResult, { status: error.status });
    }
    throw error;
  }
}
