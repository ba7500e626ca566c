import { parseListQuery } from "~/features/admin/parse-list-query";
import { toCsv } from "~/lib/csv";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { LIST_MAX_LIMIT } from "~server/lib/list-query";
import { AdminListCouponsQuery } from "~server/modules/coupons/coupons.schemas";
import type { Route } from "./+types/coupons-export";

/** Every coupon matching the list's search and filters, as CSV. Amounts in cents. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "coupons", "read");
  const query = parseListQuery(AdminListCouponsQuery, new URL(request.url));
  const rows: (string | number | boolean)[][] = [
    [
      "code",
      "campaign_name",
      "discount_type",
      "discount_value",
      "minimum_amount_cents",
      "starts_at",
      "ends_at",
      "published",
      "status",
    ],
  ];
  for (let page = 1; ; page += 1) {
    const list = await context.services.coupons.list(context.company.id, {
      ...query,
      page,
      limit: LIST_MAX_LIMIT,
    });
    for (const coupon of list.items) {
      rows.push([
        coupon.code,
        coupon.campaignName.en ?? "",
        coupon.discountType,
        coupon.discountValue,
        coupon.minimumAmountCents,
        coupon.startsAt,
        coupon.endsAt,
        coupon.published,
        coupon.status,
      ]);
    }
    if (page >= list.pages) break;
  }
  return new Response(`\uFEFF${toCsv(rows)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="coupons.csv"',
      "cache-control": "no-store",
    },
  });
}
