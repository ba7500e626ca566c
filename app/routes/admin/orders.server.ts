import { data } from "react-router";
import { actingStaff, orderAction, parseStatus } from "~/features/orders/order-actions.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { AdminListOrdersQuery } from "~server/modules/orders/orders-admin.schemas";
import type { Route } from "./+types/orders";

/** Query params the list understands; anything malformed falls back to the defaults. */
function listQuery(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = AdminListOrdersQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return AdminListOrdersQuery.safeParse(kept).data ?? AdminListOrdersQuery.parse({});
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders", "read");
  const query = listQuery(new URL(request.url));
  const [list, info] = await Promise.all([
    context.services.orderAdmin.list(context.company.id, query),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { list, timeZone: info.timeZone };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, "orders", "write");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const status = parseStatus(form.get("status"));
  const { orderAdmin } = context.services;
  const companyId = context.company.id;
  if (intent === "status" && status) {
    return orderAction(intent, async () => {
      const order = await orderAdmin.changeStatus(
        companyId,
        actingStaff(staff),
        String(form.get("id")),
        status,
        context.language,
      );
      return { status: order.status, number: order.number };
    });
  }
  if (intent === "bulk-status" && status) {
    let changed = 0;
    let refused = 0;
    for (const id of form.getAll("ids").map(String)) {
      try {
        await orderAdmin.changeStatus(companyId, actingStaff(staff), id, status, context.language);
        changed += 1;
      } catch {
        refused += 1;
      }
    }
    return { ok: true as const, intent, changed, refused };
  }
  return data(
    { ok: false as const, intent, message: localizeForRequest("Unknown action.") },
    { status: 400 },
  );
}
