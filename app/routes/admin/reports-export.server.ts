import type { AppLoadContext } from "react-router";
import { toCsv } from "~/lib/csv";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeMessage } from "~server/lib/messages/localize";
import { AdminReportsQuery } from "~server/modules/reports/reports.schemas";
import { reportCsvRows } from "~server/modules/reports/reports-csv";
import { REPORT_NAMES, type ReportName } from "~shared/reports";
import type { Route } from "./+types/reports-export";

const isReport = (value: string | null): value is ReportName =>
  (REPORT_NAMES as readonly (string | null)[]).includes(value);

/**
 * The report and period an export asks for (`report`, and from, to, groupBy as on /reports), for
 * staff who may read the dashboard; a bad report name or period answers 400 with the reason as text.
 */
export async function reportExportRequest(
  context: AppLoadContext,
  request: Request,
): Promise<{ report: ReportName; query: AdminReportsQuery } | Response> {
  await requireStaffPage(context, request, "dashboard", "read");
  const params = new URL(request.url).searchParams;
  const report = params.get("report");
  const refuse = (message: string) =>
    new Response(localizeMessage(message, context.language), {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  if (!isReport(report)) return refuse(`report must be one of ${REPORT_NAMES.join(", ")}`);
  params.delete("report");
  const query = AdminReportsQuery.safeParse(Object.fromEntries(params));
  if (!query.success) return refuse(query.error.issues[0]?.message ?? "The request is not valid.");
  return { report, query: query.data };
}

/** One report for the period as CSV. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = await reportExportRequest(context, request);
  if (asked instanceof Response) return asked;
  const { report, query } = asked;
  const reports = await context.services.reports.reports(context.company.id, context.language, query, report);
  return new Response(`\uFEFF${toCsv(reportCsvRows(reports, report))}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${report}-${reports.from}-${reports.to}.csv"`,
      "cache-control": "no-store",
    },
  });
}
