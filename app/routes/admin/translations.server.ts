import { formText, invalid, runWrite } from "~/features/settings-content/admin-write.server";
import { listQueryFrom } from "~/features/settings-content/list-query";
import { requireStaffPage } from "~/lib/staff-guard.server";
import {
  AdminListTranslationsQuery,
  TranslationInput,
  TranslationKeyQuery,
} from "~server/modules/translations/translations.schemas";
import type { Route } from "./+types/translations";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const url = new URL(request.url);
  // The list's search box writes `searchText` (DataTable); the API calls it `search`.
  const searchText = url.searchParams.get("searchText");
  if (searchText !== null) url.searchParams.set("search", searchText);
  url.searchParams.delete("searchText");
  url.searchParams.delete("sort");
  url.searchParams.delete("order");
  const query = listQueryFrom(AdminListTranslationsQuery, url);
  const offered = await context.services.editingLanguages.list(context.company.id);
  if (!offered.some((language) => language.code === query.language)) query.language = "en";
  return {
    list: await context.services.translations.list(context.company.id, query),
    languages: offered,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { translations } = context.services;
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  if (intent === "reset") {
    const parsed = TranslationKeyQuery.safeParse({
      language: formText(form, "language"),
      key: formText(form, "key"),
    });
    if (!parsed.success) return invalid(intent, parsed.error.issues);
    return runWrite(intent, () => translations.reset(companyId, parsed.data, actor));
  }
  const text = form.get("text");
  const parsed = TranslationInput.safeParse({
    language: formText(form, "language"),
    key: formText(form, "key"),
    text: typeof text === "string" ? text : "",
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  return runWrite(intent, () => translations.save(companyId, parsed.data, actor));
}
