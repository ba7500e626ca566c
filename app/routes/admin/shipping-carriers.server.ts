import { flag, optionalCents } from "~/features/admin-catalog/action-result.server";
import {
  actorOf,
  deleteIdsOf,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { ShippingCarrierInput, ShippingSettingsInput } from "~server/modules/shipping/shipping.schemas";
import { allows } from "~shared/permissions";
import type { Route } from "./+types/shipping-carriers";

export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, "international", "read");
  const companyId = context.company.id;
  const { shipping } = context.services;
  const [carriers, zones, settings] = await Promise.all([
    shipping.listCarriers(companyId),
    shipping.listZones(companyId),
    allows(principal.permissions, "settings", "read") ? shipping.readSettings(companyId) : null,
  ]);
  return {
    carriers: carriers.items,
    zones: zones.items.map((zone) => ({ id: zone.id, name: zone.name })),
    settings,
  };
}

/** A bound typed by a person: a weight as a number, an order total in euros (as cents); "" is none. */
function bound(form: FormData, name: string, basis: string): number | null {
  const value = formText(form, name).replace(",", ".");
  if (value === "") return null;
  if (basis === "order_total") return optionalCents(form, name);
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The cost ranges of the form (`range.N.zone`, `.min`, `.max`, `.cost`), grouped by zone in the
 * order first seen: the API's `zones`.
 */
function zonesOf(form: FormData, basis: string) {
  const zones = new Map<
    string,
    { zoneId: string; ranges: { min: number; max: number | null; costCents: number }[] }
  >();
  for (let index = 0; form.has(`range.${index}.zone`); index += 1) {
    const zoneId = formText(form, `range.${index}.zone`);
    const entry = zones.get(zoneId) ?? { zoneId, ranges: [] };
    entry.ranges.push({
      min: bound(form, `range.${index}.min`, basis) ?? 0,
      max: bound(form, `range.${index}.max`, basis),
      costCents: optionalCents(form, `range.${index}.cost`) ?? Number.NaN,
    });
    zones.set(zoneId, entry);
  }
  return [...zones.values()];
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { shipping } = context.services;
  const companyId = context.company.id;
  if (intent === "cash-on-delivery") {
    const principal = await requireStaffPage(context, request, "settings", "write");
    const parsed = ShippingSettingsInput.safeParse({ cashOnDelivery: flag(form, "cashOnDelivery") });
    if (!parsed.success) return invalid(intent, parsed.error.issues);
    return runWrite(intent, () => shipping.writeSettings(companyId, parsed.data, actorOf(principal)));
  }
  const principal = await requireStaffPage(context, request, "international", "write");
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => shipping.deleteCarriers(companyId, ids, actor));
  const costBasis = formText(form, "costBasis");
  const logoUrl = formText(form, "logoUrl");
  const trackingUrlTemplate = formText(form, "trackingUrlTemplate");
  const parsed = ShippingCarrierInput.safeParse({
    name: formText(form, "name"),
    description: formText(form, "description"),
    logoUrl: logoUrl || null,
    speedGrade: formText(form, "speedGrade"),
    trackingUrlTemplate: trackingUrlTemplate || null,
    costBasis,
    disabled: flag(form, "disabled"),
    zones: zonesOf(form, costBasis),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  if (intent === "update") {
    return runWrite(intent, () =>
      shipping.updateCarrier(companyId, formText(form, "id"), parsed.data, actor),
    );
  }
  return runWrite("create", () => shipping.createCarrier(companyId, parsed.data, actor));
}
