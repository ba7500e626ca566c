import { translatableFromForm } from "~/features/admin/translatable-form";
import {
  actorOf,
  formFlag,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError, badRequest } from "~server/lib/errors";
import { MAX_PAGE_SIZE } from "~server/modules/catalog/catalog.schemas";
import { PAGE_SLUGS, PageInput, type PageSlug } from "~server/modules/content/content.schemas";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~server/modules/media/image-store";
import type { Route } from "./+types/store-customization";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content", "read");
  const companyId = context.company.id;
  const [storefront, pages, { categories }, published] = await Promise.all([
    context.services.settingsAdmin.storefront(companyId),
    context.services.pages.list(companyId),
    context.services.catalog.listCategories(companyId, context.language),
    context.services.catalog.listCourses(
      companyId,
      { page: 1, limit: MAX_PAGE_SIZE, sort: "date-desc" },
      context.language,
    ),
  ]);
  return {
    storefront,
    pages,
    courses: published.courses.map((course) => ({ id: course.id, title: course.title })),
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
    const current = await context.services.settingsAdmin.storefront(companyId);
    const value = {
      heroTitle: translatableFromForm(form, "heroTitle", languages),
      heroText: translatableFromForm(form, "heroText", languages),
      heroImage: formText(form, "heroImage"),
      popularHeading: translatableFromForm(form, "popularHeading", languages),
      popularSource: formText(form, "popularSource") || "newest",
      popularCourses: form
        .getAll("popularCourses")
        .map(String)
        .filter((id) => id !== ""),
      promoText: translatableFromForm(form, "promoText", languages),
      promoImage: formText(form, "promoImage"),
      featuredCategories: form.getAll("featuredCategories").map(String),
      // The flat lists of before the Menu Editor stay as they are (its default menus read them).
      headerLinks: current.headerLinks,
      footerColumns: current.footerColumns,
      slides: [] as unknown[],
    };
    const slides = parseJson(form.get("slides"));
    return runWrite(intent, async () => {
      // Each slide's new image, if one was chosen: checked by content, resized, stored as WebP.
      for (const [index, slide] of (Array.isArray(slides) ? slides : []).entries()) {
        const { key, ...fields } = (slide ?? {}) as { key?: unknown } & Record<string, unknown>;
        const file = typeof key === "string" ? form.get(`slideFile.${key}`) : null;
        if (file instanceof File && file.size > 0) {
          if (file.size > IMAGE_MAX_BYTES) {
            throw badRequest(IMAGE_MESSAGES.size, {
              fields: { [`slides.${index}.image`]: IMAGE_MESSAGES.size },
            });
          }
          fields.image = await context.services.images
            .store(new Uint8Array(await file.arrayBuffer()), {
              folder: "slides",
              maxWidth: 1000,
              maxHeight: 800,
            })
            .catch((error: unknown) => {
              throw error instanceof AppError
                ? badRequest(error.message, { fields: { [`slides.${index}.image`]: error.message } })
                : error;
            });
        }
        value.slides.push(fields);
      }
      return context.services.settingsAdmin.write(companyId, "storefront", value, actor);
    });
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
