import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeMessage } from "~server/lib/messages/localize";
import { AdminReportsQuery } from "~server/modules/reports/reports.schemas";
import { localToday, reportRange } from "~server/modules/reports/reports.service";
import type { Route } from "./+types/reports";

/**
 * The reports for the period in the address (the last 30 days without one). A bad period shows its
 * reason above the form, with no figures. The page does not wait for the figures: the reports are streamed
 * when they are read, the items report (one page of it: `page`, `sort`, the slowest) apart from the others,
 * so that neither holds up the page nor the other (decision 037).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "dashboard", "read");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const store = await context.services.settings.storeInfo(context.company.id);
  const today = localToday(new Date(), store.timeZone);
  const query = AdminReportsQuery.safeParse(params);
  if (!query.success) {
    return {
      today,
      frame: null,
      reports: null,
      items: null,
      error: localizeMessage(query.error.issues[0]?.message ?? "The request is not valid.", context.language),
      input: { from: params.from ?? "", to: params.to ?? "", groupBy: params.groupBy ?? "day" },
    };
  }
  const { reports: service } = context.services;
  const items = service
    .reports(context.company.id, context.language, query.data, "items")
    .then((figures) => ({ rows: figures.items, totals: figures.itemTotals }));
  items.catch(() => undefined);
  // Answered through the page's stream; not left unhandled when the page fails first.
  const reports = service.reports(context.company.id, context.language, query.data, undefined, {
    skip: "items",
  });
  reports.catch(() => undefined);
  const { from, to } = reportRange(query.data, today);
  return {
    today,
    frame: { from, to, groupBy: query.data.groupBy, currency: store.currency, timeZone: store.timeZone },
    reports,
    items,
    error: null,
    input: { from, to, groupBy: query.data.groupBy },
  };
}
