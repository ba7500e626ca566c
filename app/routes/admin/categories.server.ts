import { attempt, text } from "~/features/admin-catalog/action-result.server";
import { listQueryFrom } from "~/features/admin-catalog/list-query.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListCategoriesQuery, CATALOG_AREA } from "~server/modules/catalog/catalog-admin.schemas";
import type { Route } from "./+types/categories";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const query = listQueryFrom(AdminListCategoriesQuery, new URL(request.url));
  const tree = await context.services.catalogAdmin.categories.list(context.company.id, query);
  return { items: tree.items, filtered: Boolean(query.searchText || query.published) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const categories = context.services.catalogAdmin.categories;
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = text(form, "id");
  if (intent === "publish") {
    return attempt(intent, () =>
      categories
        .update(context.company.id, actor, id, { published: text(form, "published") === "true" })
        .then(() => undefined),
    );
  }
  return attempt("delete", () => categories.remove(context.company.id, actor, id));
}
