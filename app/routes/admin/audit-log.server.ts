import { requireStaffPage } from "~/lib/staff-guard.server";
import { AUDIT_AREA } from "~server/modules/audit/audit.routes";
import { AdminListAuditQuery } from "~server/modules/audit/audit.schemas";
import type { Route } from "./+types/audit-log";

/** Query params the list understands; anything malformed falls back to the defaults. */
function listQuery(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = AdminListAuditQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return AdminListAuditQuery.safeParse(kept).data ?? AdminListAuditQuery.parse({});
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, AUDIT_AREA, "read");
  const query = listQuery(new URL(request.url));
  const [list, info] = await Promise.all([
    context.services.audit.list(context.company.id, query),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { list, timeZone: info.timeZone };
}
