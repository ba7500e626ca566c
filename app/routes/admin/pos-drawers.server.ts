import { data, redirect } from "react-router";
import { clientErrorStatus } from "~/features/orders/order-actions.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { DrawerListQuery, OpenDrawerBody } from "~server/modules/pos-drawer/pos-drawer.schemas";
import type { Route } from "./+types/pos-drawers";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  const url = new URL(request.url);
  const query = DrawerListQuery.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const [list, info] = await Promise.all([
    context.services.drawers.list(context.company.id, query.success ? query.data : { page: 1, limit: 20 }),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return { ...list, currency: info.currency };
}

/** Opens a drawer session, then shows it. */
export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, "pos", "write");
  const form = await request.formData();
  const parsed = OpenDrawerBody.safeParse({
    register: String(form.get("register") ?? ""),
    openingFloatCents: Number(form.get("openingFloatCents") ?? Number.NaN),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please check the form.";
    return data({ ok: false as const, message: localizeForRequest(message) }, { status: 400 });
  }
  try {
    const session = await context.services.drawers.open(context.company.id, parsed.data, {
      id: staff.staffId,
      email: staff.email,
    });
    return redirect(adminPaths.posDrawer(session.id));
  } catch (error) {
    const status = clientErrorStatus(error);
    if (!status) throw error;
    return data({ ok: false as const, message: localizeForRequest((error as Error).message) }, { status });
  }
}
