import { and, asc, count, desc, eq, gte, ilike, or, type SQL, sql } from "drizzle-orm";
import type { OrderContents } from "~shared/order-enums";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { OrderAdminSteps } from "./order-admin-records";
import { invoices, orderLines, orders, payments } from "./orders.tables";
import type { AdminListOrdersQuery, AdminOrderListItem } from "./orders-admin.schemas";

/** Rows a CSV export may hold at most (a safety cap; lists page by 20). */
export const ORDER_EXPORT_LIMIT = 10_000;

const SORT_COLUMNS = {
  number: orders.number,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
} as const;

const DAY_MS = 86_400_000;

/** One page of the company's orders, newest first unless sorted otherwise. */
export async function listOrders(
  deps: Pick<OrderAdminSteps, "db" | "now" | "settings">,
  companyId: string,
  query: AdminListOrdersQuery,
): Promise<ListPage<AdminOrderListItem>> {
  const { items, total } = await listRows(deps, companyId, query, {
    limit: query.limit,
    offset: pageOffset(query),
  });
  return listPage(items, total, query);
}

/** Every order matching the filters (paging ignored), for the CSV export. */
export async function exportOrders(
  deps: Pick<OrderAdminSteps, "db" | "now" | "settings">,
  companyId: string,
  query: AdminListOrdersQuery,
): Promise<AdminOrderListItem[]> {
  return (await listRows(deps, companyId, query, { limit: ORDER_EXPORT_LIMIT, offset: 0 })).items;
}

/** The WHERE of a list query; dates are whole days in the company's time zone. */
function listWhere(now: () => Date, companyId: string, query: AdminListOrdersQuery, timeZone: string): SQL {
  const conditions: SQL[] = [eq(orders.companyId, companyId)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentMethod) conditions.push(eq(orders.paymentMethod, query.paymentMethod));
  if (query.channel) conditions.push(eq(orders.channel, query.channel));
  if (query.days)
    conditions.push(gte(orders.createdAt, new Date(now().getTime() - Number(query.days) * DAY_MS)));
  if (query.startDate)
    conditions.push(
      sql`${orders.createdAt} >= (${query.startDate}::date::timestamp at time zone ${timeZone})`,
    );
  if (query.endDate)
    conditions.push(
      sql`${orders.createdAt} < ((${query.endDate}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  if (query.searchText) {
    const pattern = containsPattern(query.searchText);
    const matches: SQL[] = [
      ilike(orders.customerName, pattern),
      ilike(orders.customerEmail, pattern),
      ilike(invoices.printedNumber, pattern),
    ];
    const digits = query.searchText.replace(/^#/, "");
    if (/^\d{1,9}$/.test(digits)) {
      matches.push(eq(orders.number, Number(digits)), eq(invoices.number, Number(digits)));
    }
    conditions.push(or(...matches)!);
  }
  return and(...conditions)!;
}

async function listRows(
  deps: Pick<OrderAdminSteps, "db" | "now" | "settings">,
  companyId: string,
  query: AdminListOrdersQuery,
  paging: { limit: number; offset: number },
) {
  const store = await deps.settings.storeInfo(companyId);
  const where = listWhere(deps.now, companyId, query, store.timeZone);
  const joined = and(eq(invoices.orderId, orders.id), eq(invoices.companyId, orders.companyId));
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: orders.id,
        number: orders.number,
        invoiceNumber: invoices.printedNumber,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        paymentMethod: orders.paymentMethod,
        channel: orders.channel,
        status: orders.status,
        totalCents: orders.totalCents,
        currency: orders.currency,
        refundableCents: sql<number>`(
          select coalesce(sum(${payments.amountCents} - coalesce((${payments.details}->>'refundedCents')::int, 0)), 0)::int
          from ${payments}
          where ${payments.orderId} = ${orders.id} and ${payments.status} = 'succeeded'
        )`.mapWith(Number),
        contents: sql<OrderContents>`(
          select case when count(*) > 0 and bool_and(${orderLines.productId} is not null) then 'products'
            when count(*) > 0 and bool_and(${orderLines.productId} is null) then 'courses' else 'mixed' end
          from ${orderLines} where ${orderLines.orderId} = ${orders.id}
        )`,
      })
      .from(orders)
      .leftJoin(invoices, joined)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort ?? "createdAt"]), desc(orders.number))
      .limit(paging.limit)
      .offset(paging.offset),
    deps.db.select({ value: count() }).from(orders).leftJoin(invoices, joined).where(where),
  ]);
  const items: AdminOrderListItem[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, total: total?.value ?? 0 };
}
