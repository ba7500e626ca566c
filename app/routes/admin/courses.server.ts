import { attempt, fieldErrorsOf, invalid, text } from "~/features/admin-catalog/action-result.server";
import { listQueryFrom } from "~/features/admin-catalog/list-query.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import {
  AdminBulkCourses,
  AdminListCoursesQuery,
  CATALOG_AREA,
} from "~server/modules/catalog/catalog-admin.schemas";
import type { Route } from "./+types/courses";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const query = listQueryFrom(AdminListCoursesQuery, new URL(request.url));
  const { catalogAdmin } = context.services;
  const [list, categories] = await Promise.all([
    catalogAdmin.courses.list(context.company.id, query),
    catalogAdmin.categories.list(context.company.id, {}),
  ]);
  return { list, categories: categories.items };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const courses = context.services.catalogAdmin.courses;
  const companyId = context.company.id;
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "publish") {
    return attempt(intent, () =>
      courses
        .update(companyId, actor, text(form, "id"), { published: text(form, "published") === "true" })
        .then(() => undefined),
    );
  }
  const bulk = AdminBulkCourses.safeParse({
    action: intent === "delete" ? "delete" : text(form, "action"),
    ids: form.getAll(intent === "delete" ? "id" : "ids").map(String),
  });
  if (!bulk.success) return invalid(intent, fieldErrorsOf(bulk.error));
  return attempt(intent, () => courses.bulk(companyId, actor, bulk.data).then(() => undefined));
}
