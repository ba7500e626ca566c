import { actorOf, formText, runWrite } from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { MAX_PAGE_SIZE } from "~server/modules/catalog/catalog.schemas";
import type { Route } from "./+types/menu-editor";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content", "read");
  const companyId = context.company.id;
  const [menus, { categories }, published] = await Promise.all([
    context.services.menus.read(companyId),
    context.services.catalog.listCategories(companyId, context.language),
    context.services.catalog.listCourses(
      companyId,
      { page: 1, limit: MAX_PAGE_SIZE, sort: "date-desc" },
      context.language,
    ),
  ]);
  return {
    menus,
    categories: categories.map((category) => ({ value: category.slug, label: category.name })),
    courses: published.courses.map((course) => ({ value: course.slug, label: course.title })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "content", "write");
  const form = await request.formData();
  let menus: unknown;
  try {
    menus = JSON.parse(formText(form, "menus") || "{}");
  } catch {
    menus = {};
  }
  return runWrite("menus", () => context.services.menus.save(context.company.id, menus, actorOf(principal)));
}
