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
import { AdminListCurrenciesQuery, CurrencyInput } from "~server/modules/international/international.schemas";
import type { Route } from "./+types/currencies";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const query = listQueryFrom(AdminListCurrenciesQuery, new URL(request.url));
  return { list: await context.services.international.listCurrencies(context.company.id, query) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { international } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => international.deleteCurrencies(companyId, ids, actor));
  const parsed = CurrencyInput.safeParse({
    name: formText(form, "name"),
    symbol: formText(form, "symbol"),
    isoCode: formText(form, "isoCode"),
    exchangeRate: formText(form, "exchangeRate"),
    enabled: formFlag(form, "enabled"),
    liveExchangeRates: formFlag(form, "liveExchangeRates"),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  if (intent === "update") {
    return runWrite(intent, () =>
      international.updateCurrency(companyId, formText(form, "id"), parsed.data, actor),
    );
  }
  return runWrite("create", () => international.createCurrency(companyId, parsed.data, actor));
}
