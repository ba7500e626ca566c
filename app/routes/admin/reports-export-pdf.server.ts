import type { Route } from "./+types/reports-export-pdf";
import { reportExportRequest } from "./reports-export.server";

/** One report for the period as a PDF in the page's language. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = await reportExportRequest(context, request);
  if (asked instanceof Response) return asked;
  const { pdf, filename } = await context.services.reports.pdf(
    context.company.id,
    context.language,
    asked.query,
    asked.report,
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
