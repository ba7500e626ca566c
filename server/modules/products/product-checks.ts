import { and, eq, inArray, like, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { badRequest, conflict } from "../../lib/errors";
import { attributes, categories } from "../catalog/catalog.tables";
import { firstFreeSlug, slugify } from "../catalog/slug";
import type { AdminProductInput, ProductSettings, VariantInput } from "./products.schemas";
import { MAX_VARIANTS } from "./products.schemas";
import { products, productVariants } from "./products.tables";

export const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

type ProductRow = typeof products.$inferSelect;

/** The product's values after an edit: the stored row with the sent fields over it. */
export type ProductDraft = Omit<AdminProductInput, "slug" | "variants"> & {
  id?: string;
  variants?: VariantInput[] | undefined;
};

/** The wanted slug (409 when another product has it), or one made from the title. */
export async function chooseProductSlug(
  tx: Queryable,
  companyId: string,
  wanted: string | undefined,
  title: string,
  ownId?: string,
): Promise<string> {
  if (wanted) {
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.slug, wanted)));
    if (other && other.id !== ownId) {
      throw conflict("Another product already uses this slug. Choose a different one.", "SLUG_TAKEN");
    }
    return wanted;
  }
  const base = slugify(title, "product");
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.companyId, companyId), like(products.slug, `${base}%`)));
  return firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
}

/** Every combination of one value of each attribute, in the attributes' and values' order. */
export function combinations(
  attributeValues: { attributeId: string; valueIds: string[] }[],
): Record<string, string>[] {
  let result: Record<string, string>[] = [{}];
  for (const { attributeId, valueIds } of attributeValues) {
    result = result.flatMap((combination) =>
      valueIds.map((valueId) => ({ ...combination, [attributeId]: valueId })),
    );
  }
  return attributeValues.length === 0 ? [] : result;
}

const combinationKey = (combination: Record<string, string>) =>
  Object.keys(combination)
    .sort()
    .map((key) => `${key}=${combination[key]}`)
    .join("&");

type AttributeRow = typeof attributes.$inferSelect;

/**
 * The product's variants as they will be stored: the ones sent (each must pick one value of every
 * Variants attribute, no combination twice), or, when only the attributes were sent, every
 * combination, keeping the variants that already exist for a combination (their stock and SKU).
 */
export function planVariants(
  draft: ProductDraft,
  variantAttributes: AttributeRow[],
  existing: (typeof productVariants.$inferSelect)[],
  variantsSent: boolean,
): VariantInput[] {
  const attributeIds = draft.variantAttributeIds ?? [];
  if (attributeIds.length === 0) {
    if (variantsSent && (draft.variants ?? []).length > 0) {
      throw fieldError("variants", "Choose the Variants attributes that make the combinations first.");
    }
    return [];
  }
  const byId = new Map(variantAttributes.map((attribute) => [attribute.id, attribute]));
  const ordered = attributeIds.map((id) => byId.get(id)!);
  if (!variantsSent) {
    const generated = combinations(
      ordered.map((attribute) => ({
        attributeId: attribute.id,
        valueIds: attribute.values.map((value) => value.id),
      })),
    );
    if (generated.length > MAX_VARIANTS) {
      throw fieldError("variantAttributeIds", `These attributes make more than ${MAX_VARIANTS} variants.`);
    }
    const kept = new Map(existing.map((variant) => [combinationKey(variant.combination), variant]));
    return generated.map((combination) => {
      const old = kept.get(combinationKey(combination));
      return old
        ? {
            id: old.id,
            combination,
            sku: old.sku,
            barcode: old.barcode,
            priceCents: old.priceCents,
            salePriceCents: old.salePriceCents,
            quantity: old.quantity,
            measurements: old.measurements,
          }
        : {
            combination,
            sku: null,
            barcode: null,
            priceCents: draft.priceCents,
            salePriceCents: draft.salePriceCents ?? null,
            quantity: 0,
            measurements: null,
          };
    });
  }
  const seen = new Set<string>();
  const existingIds = new Set(existing.map((variant) => variant.id));
  (draft.variants ?? []).forEach((variant, index) => {
    const keys = Object.keys(variant.combination);
    const complete =
      keys.length === ordered.length &&
      ordered.every((attribute) =>
        attribute.values.some((value) => value.id === variant.combination[attribute.id]),
      );
    if (!complete) {
      throw fieldError(
        `variants.${index}.combination`,
        "Each variant picks one value of every Variants attribute of the product.",
      );
    }
    const key = combinationKey(variant.combination);
    if (seen.has(key)) throw fieldError(`variants.${index}`, "Two variants have the same combination.");
    seen.add(key);
    if (variant.id && !existingIds.has(variant.id)) {
      throw fieldError(`variants.${index}.id`, "This variant is not one of this product's variants.");
    }
    if (variant.salePriceCents != null && variant.salePriceCents >= variant.priceCents) {
      throw fieldError(`variants.${index}.salePriceCents`, "The sale price must be lower than the price.");
    }
  });
  return draft.variants ?? [];
}

/**
 * The rules that need the database or the settings: sale below price, category, images per
 * product, the type's own fields (variants only for physical products; a bundle of at least one
 * other non-bundle product), related products, and a master product only with the setting on.
 * Returns the Variants attributes the draft names.
 */
export async function checkProduct(
  tx: Queryable,
  companyId: string,
  draft: ProductDraft,
  settings: ProductSettings,
): Promise<AttributeRow[]> {
  if (draft.salePriceCents != null && draft.salePriceCents >= draft.priceCents) {
    throw fieldError("salePriceCents", "The sale price must be lower than the price.");
  }
  if ((draft.images ?? []).length > settings.imagesPerProduct) {
    throw fieldError("images", `A product can have at most ${settings.imagesPerProduct} images.`);
  }
  if (draft.categoryId) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.companyId, companyId), eq(categories.id, draft.categoryId)));
    if (!category) throw fieldError("categoryId", "This category does not exist.");
  }
  const attributeIds = draft.variantAttributeIds ?? [];
  if (draft.type !== "physical" && attributeIds.length > 0) {
    throw fieldError("variantAttributeIds", "Only physical products have variants.");
  }
  if (draft.type !== "bundle" && (draft.bundleItems ?? []).length > 0) {
    throw fieldError("bundleItems", "Only a bundle holds other products.");
  }
  if (draft.type === "bundle") await checkBundle(tx, companyId, draft);
  const related = (draft.relatedProductIds ?? []).filter((id) => id !== draft.id);
  if (related.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), inArray(products.id, related)));
    if (found.length !== new Set(related).size) {
      throw fieldError("relatedProductIds", "Some related products do not exist.");
    }
  }
  if (draft.parentProductId) {
    if (!settings.childProducts) {
      throw fieldError("parentProductId", "Turn on child products in the product settings first.");
    }
    const [parent] = await tx
      .select({ id: products.id, parentProductId: products.parentProductId })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, draft.parentProductId)));
    if (!parent || parent.id === draft.id) {
      throw fieldError("parentProductId", "Choose another product as the master product.");
    }
    if (parent.parentProductId) {
      throw fieldError("parentProductId", "A child product cannot be a master product.");
    }
  }
  if (attributeIds.length === 0) return [];
  const found = await tx
    .select()
    .from(attributes)
    .where(and(eq(attributes.companyId, companyId), inArray(attributes.id, attributeIds)));
  if (found.length !== new Set(attributeIds).size || found.some((row) => row.optionType !== "variants")) {
    throw fieldError("variantAttributeIds", "Only attributes of option type Variants make variants.");
  }
  if (found.some((row) => row.values.length === 0)) {
    throw fieldError("variantAttributeIds", "A Variants attribute needs at least one value.");
  }
  return found;
}

async function checkBundle(tx: Queryable, companyId: string, draft: ProductDraft): Promise<void> {
  const items = draft.bundleItems ?? [];
  if (items.length === 0) throw fieldError("bundleItems", "A bundle holds at least one product.");
  const ids = [...new Set(items.map((item) => item.productId))];
  const found = await tx
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(products.id, ids),
        draft.id ? ne(products.id, draft.id) : undefined,
      ),
    );
  if (found.length !== ids.length)
    throw fieldError("bundleItems", "Some products of the bundle do not exist.");
  if (found.some((row) => row.type === "bundle")) {
    throw fieldError("bundleItems", "A bundle cannot hold another bundle.");
  }
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.productId, ids)));
  items.forEach((item, index) => {
    const own = variants.filter((variant) => variant.productId === item.productId);
    if (own.length > 0 && !own.some((variant) => variant.id === item.variantId)) {
      throw fieldError(
        `bundleItems.${index}.variantId`,
        "Choose which variant of this product the bundle holds.",
      );
    }
    if (own.length === 0 && item.variantId) {
      throw fieldError(`bundleItems.${index}.variantId`, "This product has no variants.");
    }
  });
}

export type { ProductRow };
