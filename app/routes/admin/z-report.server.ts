import { data } from "react-router";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { DrawerSessionParams } from "~server/modules/pos-drawer/pos-drawer.schemas";
import type { Route } from "./+types/z-report";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "pos", "read");
  const id = DrawerSessionParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  const [session, store] = await Promise.all([
    context.services.drawers.get(context.company.id, id.data.id).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
      throw error;
    }),
    context.services.settings.storeInfo(context.company.id),
  ]);
  return {
    session,
    store: {
      name: store.companyName || store.shopName,
      addressLines: store.addressLines,
      vatNumber: store.vatNumber,
    },
    printedAt: new Date().toISOString(),
  };
}
