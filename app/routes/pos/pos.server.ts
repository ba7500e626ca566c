import { requireStaffPage } from "~/lib/staff-guard.server";
import type { Route } from "./+types/pos";

/** The point of sale: the device's staff member needs POS access; the cashier then identifies by PIN. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, "pos", "read");
  const companyId = context.company.id;
  const [state, catalog, store] = await Promise.all([
    context.services.pos.state({ companyId, principal }),
    context.services.pos.catalog(companyId, context.language, {}),
    context.services.settings.storeInfo(companyId),
  ]);
  return { state, catalog, shopName: store.shopName, currency: store.currency, language: context.language };
}
