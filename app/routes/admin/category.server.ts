import { data, redirect } from "react-router";
import { translatableFromForm } from "~/features/admin/translatable-form";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { attempt, fieldErrorsOf, flag, invalid, text } from "~/features/admin-catalog/action-result.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { AdminCategoryInput, CATALOG_AREA, IdParams } from "~server/modules/catalog/catalog-admin.schemas";
import { IMAGE_MAX_BYTES } from "~server/modules/media/upload-limits";
import type { Route } from "./+types/category";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const { items } = await context.services.catalogAdmin.categories.list(context.company.id, {});
  if (params.id === "new") return { category: null, all: items };
  const category = IdParams.safeParse({ id: params.id }).success
    ? items.find((item) => item.id === params.id)
    : undefined;
  if (!category) throw data(null, { status: 404 });
  return { category, all: items };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  const categories = context.services.catalogAdmin.categories;
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "delete") {
    const result = await attempt(intent, () => categories.remove(companyId, actor, params.id));
    if ((result.data as ActionResult).ok) throw redirect(adminPaths.categories());
    return result;
  }
  const languages = await context.services.editingLanguages.list(companyId);
  const parent = text(form, "parentId");
  const icon = form.get("iconFile");
  const parsed = AdminCategoryInput.safeParse({
    name: translatableFromForm(form, "name", languages),
    description: translatableFromForm(form, "description", languages),
    slug: text(form, "slug"),
    parentId: parent && parent !== "none" ? parent : null,
    published: flag(form, "published"),
    // An empty icon name keeps an uploaded icon image; otherwise it clears the icon.
    ...(text(form, "iconName") || text(form, "iconIsImage") !== "true"
      ? { icon: text(form, "iconName") || null }
      : {}),
  });
  if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
  if (icon instanceof File && icon.size > IMAGE_MAX_BYTES) {
    return invalid(intent, { icon: "The image may be at most 5 MB." });
  }
  const iconBytes = icon instanceof File && icon.size > 0 ? Buffer.from(await icon.arrayBuffer()) : null;
  // A refused icon image is the icon field's error (and, for a new category, nothing is created).
  const atIcon = (error: unknown) => {
    throw error instanceof AppError
      ? new AppError(error.status, error.code, error.message, [{ path: "icon", message: error.message }])
      : error;
  };
  let createdId: string | undefined;
  const result = await attempt("save", async () => {
    if (params.id === "new") {
      const saved = iconBytes
        ? await categories.createWithIcon(companyId, actor, parsed.data, iconBytes).catch(atIcon)
        : await categories.create(companyId, actor, parsed.data);
      createdId = saved.id;
      return saved.id;
    }
    const saved = await categories.update(companyId, actor, params.id, parsed.data);
    if (iconBytes) await categories.setIcon(companyId, actor, saved.id, iconBytes).catch(atIcon);
    return saved.id;
  });
  if (createdId) throw redirect(adminPaths.categories());
  return result;
}
