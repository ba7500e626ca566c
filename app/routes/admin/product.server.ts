import { data, redirect } from "react-router";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { attempt, fieldErrorsOf, invalid, text } from "~/features/admin-catalog/action-result.server";
import { adminPaths } from "~/lib/admin-paths";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { AppError } from "~server/lib/errors";
import { IdParams } from "~server/modules/catalog/catalog-admin.schemas";
import { IMAGE_MAX_BYTES } from "~server/modules/media/upload-limits";
import {
  AdminProductInput,
  AdminUpdateProduct,
  CATALOG_AREA,
  StockAdjustBody,
} from "~server/modules/products/products.schemas";
import type { Route } from "./+types/product";
import { productFromForm } from "./product-form.server";

/** The most a digital product's file may weigh (as the API's upload route). */
const DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;

async function findProduct(context: Route.LoaderArgs["context"], id: string) {
  if (!IdParams.safeParse({ id }).success) throw data(null, { status: 404 });
  return context.services.products.get(context.company.id, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const { catalogAdmin, products, productSettings, settings } = context.services;
  const companyId = context.company.id;
  const product = params.id === "new" ? null : await findProduct(context, params.id);
  const [categories, attributes, others, setup, info, history] = await Promise.all([
    catalogAdmin.categories.list(companyId, {}),
    catalogAdmin.attributes.published(companyId),
    products.list(companyId, { page: 1, limit: 100, sort: "title", order: "asc" }),
    productSettings.read(companyId),
    settings.storeInfo(companyId),
    product ? products.stockHistory(companyId, product.id, { page: 1, limit: 20 }) : null,
  ]);
  return {
    product,
    categories: categories.items,
    variantAttributes: attributes.filter((attribute) => attribute.optionType === "variants"),
    otherProducts: others.items
      .filter((other) => other.id !== product?.id)
      .map((other) => ({ id: other.id, title: other.title, type: other.type })),
    settings: setup,
    currency: info.currency,
    history,
  };
}

/** A file field's bytes; undefined when none was chosen, null when it is larger than `max`. */
async function fileBytes(form: FormData, name: string, max: number) {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return undefined;
  if (file.size > max) return null;
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  const { products } = context.services;
  const languages = await context.services.editingLanguages.list(companyId);
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = params.id;

  if (intent === "save") {
    const existing = id === "new" ? null : await findProduct(context, id);
    const { type, ...fields } = productFromForm(form, languages, existing);
    if (!existing) {
      const parsed = AdminProductInput.safeParse({ type, ...fields });
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      let createdId = "";
      const result = await attempt(intent, async () => {
        createdId = (await products.create(companyId, actor, parsed.data)).id;
        return createdId;
      });
      // A new product opens in its own page (where images, files and stock are managed).
      if (createdId) throw redirect(adminPaths.product(createdId));
      return result;
    }
    const parsed = AdminUpdateProduct.safeParse(fields);
    if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
    return attempt(intent, () => products.update(companyId, actor, id, parsed.data).then(() => undefined));
  }
  if (id === "new") return invalid(intent, {}, "Save the product first.");

  switch (intent) {
    case "delete": {
      const result = await attempt(intent, () => products.remove(companyId, actor, id));
      if ((result.data as ActionResult).ok) throw redirect(adminPaths.products());
      return result;
    }
    case "add-image": {
      const file = await fileBytes(form, "image", IMAGE_MAX_BYTES);
      if (file === null) return invalid(intent, { image: "The image may be at most 5 MB." });
      if (!file) return invalid(intent, { image: "Choose an image to upload." });
      return attempt(intent, () => products.addImage(companyId, actor, id, file.bytes).then(() => undefined));
    }
    case "remove-image": {
      const product = await findProduct(context, id);
      const image = text(form, "image");
      return attempt(intent, () =>
        products
          .update(companyId, actor, id, { images: product.images.filter((other) => other !== image) })
          .then(() => undefined),
      );
    }
    case "upload-file": {
      const file = await fileBytes(form, "file", DOWNLOAD_MAX_BYTES);
      if (file === null) return invalid(intent, { file: "The file may be at most 50 MB." });
      if (!file) return invalid(intent, { file: "Choose a file to upload." });
      const name = file.name.replace(/[/\\\0]/g, "_").slice(0, 120) || "download";
      return attempt(intent, () =>
        products
          .setDownload(companyId, actor, id, {
            bytes: file.bytes,
            name,
            contentType: /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : "application/octet-stream",
          })
          .then(() => undefined),
      );
    }
    case "adjust-stock": {
      const parsed = StockAdjustBody.safeParse({
        variantId: text(form, "variantId") || null,
        change: Number(text(form, "change") || Number.NaN),
        note: text(form, "note") || null,
      });
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        products.adjustStock(companyId, actor, id, parsed.data).then(() => undefined),
      );
    }
    default:
      return invalid(intent, {}, "Unknown action.");
  }
}
