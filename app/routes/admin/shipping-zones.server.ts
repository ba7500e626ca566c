import { actorOf } from "~/features/settings-content/admin-write.server";
import { zoneFormAction } from "~/features/settings-content/zone-form.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import type { Route } from "./+types/shipping-zones";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const companyId = context.company.id;
  const [zones, places] = await Promise.all([
    context.services.shipping.listZones(companyId),
    context.services.taxes.zonePlaces(companyId),
  ]);
  return { zones: zones.items, places };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const { shipping } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  return zoneFormAction(await request.formData(), {
    create: (input) => shipping.createZone(companyId, input, actor),
    update: (id, input) => shipping.updateZone(companyId, id, input, actor),
    delete: (ids) => shipping.deleteZones(companyId, ids, actor),
  });
}
