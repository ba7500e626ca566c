import { parseListQuery } from "~/features/admin/parse-list-query";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListCustomersQuery } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customers";
import { deleteCustomer, saveCustomer, unknownIntent } from "./customers-actions.server";

const AREA = "customers" as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, AREA, "read");
  const query = parseListQuery(AdminListCustomersQuery, new URL(request.url));
  const [list, info] = await Promise.all([
    context.services.customers.list(context.company.id, query),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { list, timeZone: info.timeZone };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, AREA, "write");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create" || intent === "update") return saveCustomer(context, staff, form);
  if (intent === "delete") return deleteCustomer(context, staff, String(form.get("id") ?? ""));
  return unknownIntent();
}
