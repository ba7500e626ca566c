import { attempt, text } from "~/features/admin-catalog/action-result.server";
import { listQueryFrom } from "~/features/admin-catalog/list-query.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AdminListProductsQuery, CATALOG_AREA } from "~server/modules/products/products.schemas";
import type { Route } from "./+types/products";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const query = listQueryFrom(AdminListProductsQuery, new URL(request.url));
  const { products, productSettings, settings } = context.services;
  const [list, productSetup, info] = await Promise.all([
    products.list(context.company.id, query),
    productSettings.read(context.company.id),
    settings.storeInfo(context.company.id),
  ]);
  return { list, lowStockThreshold: productSetup.lowStockThreshold, currency: info.currency };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const { products } = context.services;
  const companyId = context.company.id;
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "publish") {
    return attempt(intent, () =>
      products
        .update(companyId, actor, text(form, "id"), { published: text(form, "published") === "true" })
        .then(() => undefined),
    );
  }
  // Deleting from the list: one by one, each refused when it was ever ordered.
  const ids = form.getAll(intent === "delete" ? "id" : "ids").map(String);
  return attempt(intent, async () => {
    for (const id of ids) await products.remove(companyId, actor, id);
  });
}
