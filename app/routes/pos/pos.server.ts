import { requireStaffPage } from "~/lib/staff-guard.server";
import { allows } from "~shared/permissions";
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
  return {
    state,
    catalog,
    shopName: store.shopName,
    currency: store.currency,
    language: context.language,
    /** POS read only (the CEO, the Accountant): the counter is shown, but nobody signs in as cashier here. */
    canSell: allows(principal.permissions, "pos", "write"),
  };
}
