import { actorOf } from "~/features/settings-content/admin-write.server";
import { zoneFormAction } from "~/features/settings-content/zone-form.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import type { Route } from "./+types/tax-zones";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const companyId = context.company.id;
  const { taxes } = context.services;
  const [zones, taxList, places] = await Promise.all([
    taxes.listZones(companyId),
    taxes.listTaxes(companyId, {}),
    taxes.zonePlaces(companyId),
  ]);
  return {
    zones: zones.items.map((zone) => ({
      ...zone,
      taxes: taxList.items.filter((tax) => tax.zoneId === zone.id).map((tax) => tax.name),
    })),
    places,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const { taxes } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  return zoneFormAction(await request.formData(), {
    create: (input) => taxes.createZone(companyId, input, actor),
    update: (id, input) => taxes.updateZone(companyId, id, input, actor),
    delete: (ids) => taxes.deleteZones(companyId, ids, actor),
  });
}
