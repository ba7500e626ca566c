import { translatableFromForm } from "~/features/admin/translatable-form";
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
import { AdminListFaqsQuery, FaqInput } from "~server/modules/content/content.schemas";
import type { Route } from "./+types/faq";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content", "read");
  const query = listQueryFrom(AdminListFaqsQuery, new URL(request.url));
  return { list: await context.services.faqs.list(context.company.id, query) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "content", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { faqs, editingLanguages } = context.services;
  const companyId = context.company.id;
  const actor = actorOf(principal);
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => faqs.remove(companyId, ids, actor));
  if (intent === "move") {
    const direction = formText(form, "direction") === "down" ? "down" : "up";
    return runWrite(intent, () => faqs.move(companyId, formText(form, "id"), direction, actor));
  }
  const languages = await editingLanguages.list(companyId);
  const parsed = FaqInput.safeParse({
    question: translatableFromForm(form, "question", languages),
    answer: translatableFromForm(form, "answer", languages),
    published: formFlag(form, "published"),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  if (intent === "update")
    return runWrite(intent, () => faqs.update(companyId, formText(form, "id"), parsed.data, actor));
  return runWrite("create", () => faqs.create(companyId, parsed.data, actor));
}
