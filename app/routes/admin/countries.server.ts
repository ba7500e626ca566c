import { actorOf, formText, runWrite } from "~/features/settings-content/admin-write.server";
import { listQueryFrom } from "~/features/settings-content/list-query";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListCountriesQuery } from "~server/modules/taxes/taxes.schemas";
import type { Route } from "./+types/countries";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const query = listQueryFrom(AdminListCountriesQuery, new URL(request.url));
  return { list: await context.services.taxes.listCountries(context.company.id, query) };
}

/** Enables or disables one country (intent "set-enabled", `id`, `enabled` "true" | "false"). */
export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const enabled = formText(form, "enabled") === "true";
  return runWrite(intent, () =>
    context.services.taxes.setCountryEnabled(
      context.company.id,
      formText(form, "id"),
      enabled,
      actorOf(principal),
    ),
  );
}
