import { attempt, text } from "~/features/admin-catalog/action-result.server";
import { listQueryFrom } from "~/features/admin-catalog/list-query.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListAttributesQuery, CATALOG_AREA } from "~server/modules/catalog/catalog-admin.schemas";
import type { Route } from "./+types/attributes";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const query = listQueryFrom(AdminListAttributesQuery, new URL(request.url));
  return { list: await context.services.catalogAdmin.attributes.list(context.company.id, query) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const attributes = context.services.catalogAdmin.attributes;
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "publish") {
    return attempt(intent, () =>
      attributes
        .update(context.company.id, actor, text(form, "id"), {
          published: text(form, "published") === "true",
        })
        .then(() => undefined),
    );
  }
  const ids = [...form.getAll("ids"), ...form.getAll("id")].map(String);
  return attempt("delete", async () => {
    for (const id of ids) await attributes.remove(context.company.id, actor, id);
  });
}
