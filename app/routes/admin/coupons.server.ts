import { parseListQuery } from "~/features/admin/parse-list-query";
import type { CouponActionResult } from "~/features/coupons-admin/coupon-action-result";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListCouponsQuery, CouponIdParams } from "~server/modules/coupons/coupons.schemas";
import type { Route } from "./+types/coupons";
import { deleteCoupons, publishCoupon, saveCoupon } from "./coupon-form.server";

const AREA = "coupons" as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, AREA, "read");
  const url = new URL(request.url);
  const query = parseListQuery(AdminListCouponsQuery, url);
  const editId = CouponIdParams.safeParse({ id: url.searchParams.get("edit") });
  const [list, info, editing, restrictions] = await Promise.all([
    context.services.coupons.list(context.company.id, query),
    context.services.settings.storeInfo(context.company.id),
    editId.success ? context.services.coupons.get(context.company.id, editId.data.id) : null,
    context.services.coupons.restrictionOptions(context.company.id),
  ]);
  return { list, editing, currency: info.currency, restrictions };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, AREA, "write");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "save") return saveCoupon(context, staff, form);
  if (intent === "delete" || intent === "bulk-delete") {
    const ids = form.getAll(intent === "delete" ? "id" : "ids").map(String);
    return deleteCoupons(context, staff, intent, ids);
  }
  if (intent === "publish") {
    return publishCoupon(context, staff, String(form.get("id") ?? ""), form.get("published") === "true");
  }
  return { intent: "delete", ok: false, error: "generic" } satisfies CouponActionResult;
}
