import { translatableFromForm } from "~/features/admin/translatable-form";
import {
  actorOf,
  formFlag,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { PAGE_SLUGS, PageInput, type PageSlug } from "~server/modules/content/content.schemas";
import type { Route } from "./+types/store-customization";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content", "read");
  const companyId = context.company.id;
  const [storefront, pages, { categories }] = await Promise.all([
    context.services.settingsAdmin.storefront(companyId),
    context.services.pages.list(companyId),
    context.services.catalog.listCategories(companyId, context.language),
  ]);
  return {
    storefront,
    pages,
    categories: categories
      .filter((category) => category.parentId === null)
      .map((category) => ({ slug: category.slug, name: category.name })),
  };
}

function parseJson(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(typeof value === "string" ? value : "[]");
  } catch {
    return [];
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, "content", "write");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const companyId = context.company.id;
  const actor = actorOf(principal);
  const languages = await context.services.editingLanguages.list(companyId);
  if (intent === "storefront") {
    const value = {
      heroTitle: translatableFromForm(form, "heroTitle", languages),
      heroText: translatableFromForm(form, "heroText", languages),
      heroImage: formText(form, "heroImage"),
      popularHeading: translatableFromForm(form, "popularHeading", languages),
      promoText: translatableFromForm(form, "promoText", languages),
      promoImage: formText(form, "promoImage"),
      featuredCategories: form.getAll("featuredCategories").map(String),
      headerLinks: parseJson(form.get("headerLinks")),
      footerColumns: parseJson(form.get("footerColumns")),
    };
    return runWrite(intent, () =>
      context.services.settingsAdmin.write(companyId, "storefront", value, actor),
    );
  }
  const slug = intent.replace(/^page:/, "") as PageSlug;
  if (!(PAGE_SLUGS as readonly string[]).includes(slug))
    return invalid(intent, [{ path: [], message: "Unknown page." }]);
  const parsed = PageInput.safeParse({
    title: translatableFromForm(form, "title", languages),
    body: translatableFromForm(form, "body", languages),
    published: formFlag(form, "published"),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  return runWrite(intent, () => context.services.pages.save(companyId, slug, parsed.data, actor));
}
