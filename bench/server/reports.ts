/**
 * The reports' scenarios (issue 21: each report ≤ 500 ms at the benchmark's million orders): every
 * report of /reports for the last 30 days and for a whole year, one request at a time per connection
 * (2, like the dashboard). A report alone is its export (`/api/admin/reports/:report/pdf`, which reads
 * only that report's figures); the screen (`/api/admin/reports`) reads them all at once.
 */
import { REPORT_NAMES } from "~shared/reports";

/** The budget of one report, p99 in ms (issue 21). */
export const REPORT_MAX_P99 = 500;
const CONNECTIONS = 2;

export interface ReportScenario {
  name: string;
  paths: string[];
  connections: number;
  maxP99?: number;
  headers: Record<string, string>;
}

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The scenarios for staff `token`, with periods ending on `now`'s UTC day (the generated orders lie in
 * the 730 days before it). `budget` false measures without the budget (a history smaller than the
 * full size proves nothing about it).
 */
export function reportScenarios(token: string, now: number, budget: boolean): ReportScenario[] {
  const to = isoDay(now);
  const ranges = [
    { label: "30 days", from: isoDay(now - 29 * DAY_MS) },
    { label: "a year", from: isoDay(now - 364 * DAY_MS) },
  ];
  const headers = { authorization: `Bearer ${token}` };
  const scenario = (name: string, path: string, budgeted = budget): ReportScenario => ({
    name,
    paths: [path],
    connections: CONNECTIONS,
    ...(budgeted ? { maxP99: REPORT_MAX_P99 } : {}),
    headers,
  });
  // Items last: with 100,000 courses its answer lists every course sold in the period (tens of thousands
  // of rows), and the PDFs still being rendered when its measurement ends must not slow the next scenario.
  const others = REPORT_NAMES.filter((name) => name !== "sales" && name !== "items");
  const screens: ReportScenario[] = [];
  const items: ReportScenario[] = [];
  const reports = ranges.flatMap(({ label, from }) => {
    const period = `from=${from}&to=${to}`;
    // The screen's API answers all eight reports at once; the budget is each report's (issue 21), and the
    // /reports page streams each part as it is read, so this whole answer is measured without one.
    screens.push(
      scenario(
        `report: the screen's API (all eight at once), ${label}`,
        `/api/admin/reports?${period}`,
        false,
      ),
    );
    items.push(scenario(`report: items, ${label}`, `/api/admin/reports/items/pdf?${period}`));
    return [
      ...(["day", "week", "month"] as const).map((groupBy) =>
        scenario(
          `report: sales by ${groupBy}, ${label}`,
          `/api/admin/reports/sales/pdf?${period}&groupBy=${groupBy}`,
        ),
      ),
      ...others.map((name) =>
        scenario(`report: ${name}, ${label}`, `/api/admin/reports/${name}/pdf?${period}`),
      ),
    ];
  });
  return [...reports, ...screens, ...items];
}
