import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminCustomerOrdersBody, CustomerIdParams } from "~server/modules/customers/customers.schemas";
import { ORDER_STATUSES } from "~server/modules/orders/orders.tables";
import type { Route } from "./+types/customer-order";

/** The filters from the URL; a malformed one is dropped rather than failing the page. */
function orderFilter(url: URL) {
  const raw: Record<string, string> = {};
  for (const name of ["status", "startDate", "endDate", "page"]) {
    const value = url.searchParams.get(name);
    if (value) raw[name] = value;
  }
  const parsed = AdminCustomerOrdersBody.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return (
    AdminCustomerOrdersBody.safeParse(
      Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name))),
    ).data ?? AdminCustomerOrdersBody.parse({})
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers", "read");
  const id = CustomerIdParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  const customer = await context.services.customers.get(context.company.id, id.data.id);
  if (!customer) throw data(null, { status: 404 });
  const filter = orderFilter(new URL(request.url));
  const [orders, info] = await Promise.all([
    context.services.customers.orders(context.company.id, customer.id, filter),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { customer, orders, filter, statuses: ORDER_STATUSES, timeZone: info.timeZone };
}
