import { parseListQuery } from "~/features/admin/parse-list-query";
import { toCsv } from "~/lib/csv";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListCustomersQuery, MAX_PAGE_SIZE } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customers-export";

/** Every customer matching the list's search and sort, as CSV (not only the page on screen). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers", "read");
  const query = parseListQuery(AdminListCustomersQuery, new URL(request.url));
  const rows: (string | number)[][] = [["joined", "name", "email", "phone", "address", "orders"]];
  for (let page = 1; ; page += 1) {
    const list = await context.services.customers.list(context.company.id, {
      ...query,
      page,
      limit: MAX_PAGE_SIZE,
    });
    for (const customer of list.customers) {
      rows.push([
        customer.createdAt.slice(0, 10),
        customer.name,
        customer.email,
        customer.phone ?? "",
        customer.address ?? "",
        customer.orderCount,
      ]);
    }
    if (page >= list.pages) break;
  }
  return new Response(`\uFEFF${toCsv(rows, { guardFormulas: true })}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="customers.csv"',
      "cache-control": "no-store",
    },
  });
}
