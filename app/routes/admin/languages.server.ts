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
import { AdminListLanguagesQuery, LanguageInput } from "~server/modules/international/international.schemas";
import type { Route } from "./+types/languages";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "international", "read");
  const query = listQueryFrom(AdminListLanguagesQuery, new URL(request.url));
  return { list: await context.services.international.listLanguages(context.company.id, query) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "international", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { international } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => international.deleteLanguages(companyId, ids, actor));
  const parsed = LanguageInput.safeParse({
    name: formText(form, "name"),
    isoCode: formText(form, "isoCode"),
    languageCode: formText(form, "languageCode"),
    flag: formText(form, "flag"),
    published: formFlag(form, "published"),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  if (intent === "update") {
    return runWrite(intent, () =>
      international.updateLanguage(companyId, formText(form, "id"), parsed.data, actor),
    );
  }
  return runWrite("create", () => international.createLanguage(companyId, parsed.data, actor));
}
