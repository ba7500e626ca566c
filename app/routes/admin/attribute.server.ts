import { data, redirect } from "react-router";
import { translatableFromForm } from "~/features/admin/translatable-form";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { attempt, fieldErrorsOf, flag, invalid, text } from "~/features/admin-catalog/action-result.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { AdminAttributeInput, CATALOG_AREA, IdParams } from "~server/modules/catalog/catalog-admin.schemas";
import type { Route } from "./+types/attribute";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  if (params.id === "new") return { attribute: null };
  if (!IdParams.safeParse({ id: params.id }).success) throw data(null, { status: 404 });
  const attribute = await context.services.catalogAdmin.attributes
    .get(context.company.id, params.id)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  return { attribute };
}

/** `values.<n>.id` and `values.<n>.label.<code>` fields, in order. */
function valuesFromForm(form: FormData, languages: { code: string }[]) {
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = /^values\.(\d+)\./.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const id = text(form, `values.${index}.id`);
      return { ...(id ? { id } : {}), label: translatableFromForm(form, `values.${index}.label`, languages) };
    });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  const attributes = context.services.catalogAdmin.attributes;
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "delete") {
    const result = await attempt(intent, () => attributes.remove(companyId, actor, params.id));
    if ((result.data as ActionResult).ok) throw redirect(adminPaths.attributes());
    return result;
  }
  const languages = await context.services.editingLanguages.list(companyId);
  const parsed = AdminAttributeInput.safeParse({
    title: translatableFromForm(form, "title", languages),
    displayName: translatableFromForm(form, "displayName", languages),
    optionType: text(form, "optionType"),
    values: valuesFromForm(form, languages),
    published: flag(form, "published"),
  });
  if (!parsed.success) return invalid("save", fieldErrorsOf(parsed.error));
  if (params.id === "new") {
    const result = await attempt("save", () =>
      attributes.create(companyId, actor, parsed.data).then(() => undefined),
    );
    if ((result.data as ActionResult).ok) throw redirect(adminPaths.attributes());
    return result;
  }
  return attempt("save", () =>
    attributes.update(companyId, actor, params.id, parsed.data).then(() => undefined),
  );
}
