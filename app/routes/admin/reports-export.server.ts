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

/** Rows of CSV written this many at a time: a report of ~100,000 items is sent while it is encoded. */
const CSV_CHUNK_ROWS = 2_000;

/** `rows` as a CSV body (with a byte-order mark for spreadsheets), streamed in chunks. */
function csvStream(rows: Parameters<typeof toCsv>[0]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = rows.slice(next, next + CSV_CHUNK_ROWS);
      controller.enqueue(encoder.encode(`${next === 0 ? "\uFEFF" : ""}${toCsv(chunk)}\r\n`));
      next += CSV_CHUNK_ROWS;
      if (next >= rows.length) controller.close();
    },
  });
}

/** One report for the period as CSV: every row (the items report: every item of the period, not a page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = await reportExportRequest(context, request);
  if (asked instanceof Response) return asked;
  const { report, query } = asked;
  const reports = await context.services.reports.reports(
    context.company.id,
    context.language,
    query,
    report,
    {
      items: "all",
    },
  );
  return new Response(csvStream(reportCsvRows(reports, report)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${report}-${reports.from}-${reports.to}.csv"`,
      "cache-control": "no-store",
    },
  });
}
