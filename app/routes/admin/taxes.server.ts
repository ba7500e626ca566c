import {
  actorOf,
  deleteIdsOf,
  formFlag,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { listQueryFrom } from "~/features/settings-content/list-query";
import { requireStaffPage } from "~/lib/staff-guard.server";
import {
  AdminListTaxesQuery,
  TaxInput,
  TaxSettingsInput,
  TaxUpdate,
} from "~server/modules/taxes/taxes.schemas";
import { allows } from "~shared/permissions";
import type { Route } from "./+types/taxes";

export async function loader({ context, request }: Route.LoaderArgs) {
  const principal = await requireStaffPage(context, request, "international", "read");
  const companyId = context.company.id;
  const { taxes } = context.services;
  const query = listQueryFrom(AdminListTaxesQuery, new URL(request.url));
  const withSettings = allows(principal.permissions, "settings", "read");
  const [list, zones, settings, countries] = await Promise.all([
    taxes.listTaxes(companyId, query),
    taxes.listZones(companyId),
    withSettings ? taxes.readSettings(companyId) : null,
    withSettings ? taxes.countryOptions(companyId) : [],
  ]);
  return {
    taxes: list.items,
    zones: zones.items.map((zone) => ({ id: zone.id, name: zone.name })),
    settings,
    countries: countries.map((country) => ({ value: country.isoCode, label: country.name })),
  };
}

const RATE_MESSAGE = "Enter the rate as a percentage, e.g. 21 or 5.5";

/** A percentage as typed ("21", "5,5") in basis points; null when it is not a number. */
function basisPoints(text: string): number | null {
  const value = text.replace(",", ".").replace("%", "").trim();
  return /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 100) : null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { taxes } = context.services;
  const companyId = context.company.id;
  if (intent === "tax-settings") {
    const principal = await requireStaffPage(context, request, "settings", "write");
    const parsed = TaxSettingsInput.safeParse({
      country: formText(form, "country"),
      pricesIncludeTax: formFlag(form, "pricesIncludeTax"),
    });
    if (!parsed.success) return invalid(intent, parsed.error.issues);
    return runWrite(intent, () => taxes.writeSettings(companyId, parsed.data, actorOf(principal)));
  }
  const principal = await requireStaffPage(context, request, "international", "write");
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => taxes.deleteTaxes(companyId, ids, actor));
  const rateBp = basisPoints(formText(form, "rate"));
  const fields = { name: formText(form, "name"), rateBp: rateBp ?? Number.NaN };
  if (intent === "update") {
    const parsed = TaxUpdate.safeParse(fields);
    if (!parsed.success || rateBp === null) return refused(intent, parsed.error?.issues ?? [], rateBp);
    return runWrite(intent, () => taxes.updateTax(companyId, formText(form, "id"), parsed.data, actor));
  }
  const parsed = TaxInput.safeParse({
    ...fields,
    zoneId: formText(form, "zoneId"),
    taxClass: formText(form, "taxClass"),
  });
  if (!parsed.success || rateBp === null) return refused(intent, parsed.error?.issues ?? [], rateBp);
  return runWrite("create", () => taxes.createTax(companyId, parsed.data, actor));
}

/** The form's errors; a rate that is not a percentage gets that message instead of the schema's. */
function refused(intent: string, issues: { path: PropertyKey[]; message: string }[], rateBp: number | null) {
  if (rateBp !== null) return invalid(intent, issues);
  return invalid(intent, [
    ...issues.filter((issue) => issue.path[0] !== "rateBp"),
    { path: ["rateBp"], message: RATE_MESSAGE },
  ]);
}
