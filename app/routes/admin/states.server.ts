import { z } from "zod";
import {
  actorOf,
  deleteIdsOf,
  formFlag,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { StateInput } from "~server/modules/taxes/taxes.schemas";
import type { Route } from "./+types/states";

const CountryId = z.uuid({ message: "Choose a country" });

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const companyId = context.company.id;
  const chosen = CountryId.safeParse(new URL(request.url).searchParams.get("countryId"));
  const countryId = chosen.success ? chosen.data : undefined;
  const [states, countries] = await Promise.all([
    context.services.taxes.listAllStates(companyId, { countryId }),
    context.services.taxes.countryOptions(companyId),
  ]);
  return { states: states.items, countries, countryId: countryId ?? null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { taxes } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => taxes.deleteStates(companyId, ids, actor));
  const parsed = StateInput.safeParse({
    name: formText(form, "name"),
    code: formText(form, "code"),
    enabled: formFlag(form, "enabled"),
  });
  const country = intent === "create" ? CountryId.safeParse(formText(form, "countryId")) : null;
  if (!parsed.success || country?.success === false) {
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...(country?.success === false ? [{ path: ["countryId"], message: "Choose a country" }] : []),
    ];
    return invalid(intent, issues);
  }
  if (intent === "update") {
    return runWrite(intent, () => taxes.updateState(companyId, formText(form, "id"), parsed.data, actor));
  }
  return runWrite("create", () => taxes.createState(companyId, country?.data ?? "", parsed.data, actor));
}
