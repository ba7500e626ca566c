import { translatableFromForm } from "~/features/admin/translatable-form";
import { flag, optionalCents, optionalInt, text } from "~/features/admin-catalog/action-result.server";
import type { AdminProduct, AdminProductInput } from "~server/modules/products/products.schemas";

type Languages = { code: string }[];

/** The indexes of repeated rows posted as `<prefix>.<index>.<field>`, in order. */
function rowIndexes(form: FormData, prefix: string): number[] {
  const found = new Set<number>();
  for (const name of form.keys()) {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.`).exec(name);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** A measure typed by a person ("12,5"); null when empty, NaN when not a number (validation says so). */
function measure(form: FormData, name: string): number | null {
  const value = text(form, name).replace(",", ".");
  if (value === "") return null;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

function measurements(form: FormData, prefix: string) {
  const values = {
    length: measure(form, `${prefix}.length`),
    width: measure(form, `${prefix}.width`),
    height: measure(form, `${prefix}.height`),
    weight: measure(form, `${prefix}.weight`),
    volume: measure(form, `${prefix}.volume`),
  };
  return Object.values(values).every((value) => value === null) ? null : values;
}

/** A percentage typed by a person ("21", "9,5") as basis points; null when empty. */
function basisPoints(form: FormData, name: string): number | null {
  const value = text(form, name).replace(",", ".");
  if (value === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
}

/**
 * The product editor's form as the API's input (validated by AdminProductInput or
 * AdminUpdateProduct afterwards). Variants: when the chosen Variants attributes changed, only the
 * attributes are sent (the combinations are generated again, keeping the stock of those that
 * remain); otherwise the edited variant rows.
 */
export function productFromForm(
  form: FormData,
  languages: Languages,
  existing: AdminProduct | null,
): Partial<Record<keyof AdminProductInput, unknown>> {
  const type = existing?.type ?? text(form, "type");
  const category = text(form, "categoryId");
  const attributeIds = form.getAll("variantAttributeIds").map(String).filter(Boolean);
  const attributesChanged =
    !existing ||
    JSON.stringify([...attributeIds].sort()) !== JSON.stringify([...existing.variantAttributeIds].sort());
  const variants = rowIndexes(form, "variant").map((index) => {
    const field = (name: string) => `variant.${index}.${name}`;
    let combination: unknown = {};
    try {
      combination = JSON.parse(text(form, field("combination")) || "{}");
    } catch {
      combination = {};
    }
    return {
      id: text(form, field("id")) || undefined,
      combination,
      sku: text(form, field("sku")) || null,
      barcode: text(form, field("barcode")) || null,
      priceCents: optionalCents(form, field("price")) ?? Number.NaN,
      salePriceCents: optionalCents(form, field("salePrice")),
      quantity: optionalInt(form, field("quantity")) ?? 0,
    };
  });
  const extras = rowIndexes(form, "extra")
    .map((index) => ({
      id: text(form, `extra.${index}.id`) || undefined,
      name: { en: text(form, `extra.${index}.name`) },
      priceCents: optionalCents(form, `extra.${index}.price`) ?? Number.NaN,
    }))
    .filter((extra) => extra.name.en || !Number.isNaN(extra.priceCents));
  const bundleItems = rowIndexes(form, "bundle")
    .map((index) => ({
      productId: text(form, `bundle.${index}.productId`),
      variantId: null,
      quantity: optionalInt(form, `bundle.${index}.quantity`) ?? 1,
    }))
    .filter((item) => item.productId);
  const counted =
    type === "physical" && (existing ? existing.variants.length === 0 : attributeIds.length === 0);
  const fields: Record<keyof AdminProductInput, unknown> = {
    type,
    title: translatableFromForm(form, "title", languages),
    slug: text(form, "slug"),
    description: translatableFromForm(form, "description", languages),
    sku: text(form, "sku") || null,
    barcode: text(form, "barcode") || null,
    categoryId: category && category !== "none" ? category : null,
    childCategories: form.getAll("childCategories").map(String),
    unit: text(form, "unit") || "piece",
    quantity: counted ? (optionalInt(form, "quantity") ?? 0) : undefined,
    priceCents: optionalCents(form, "price") ?? Number.NaN,
    salePriceCents: optionalCents(form, "salePrice"),
    costPriceCents: optionalCents(form, "costPrice"),
    taxName: text(form, "taxName") || null,
    taxRateBp: basisPoints(form, "taxRate"),
    taxClass: text(form, "taxClass") && text(form, "taxClass") !== "default" ? text(form, "taxClass") : null,
    tags: form.getAll("tags").map(String),
    images: undefined,
    published: flag(form, "published"),
    stockStatus: flag(form, "soldOut") ? "sold_out" : "selling",
    allowOutOfStockOrders: flag(form, "allowOutOfStockOrders"),
    sellIndividualUnits: flag(form, "sellIndividualUnits"),
    relatedProductIds: form.getAll("relatedProductIds").map(String).filter(Boolean),
    allowNotes: flag(form, "allowNotes"),
    measurements: measurements(form, "measurements"),
    extras,
    // Only there while child products are on in the settings; left out, the product keeps its master.
    parentProductId: form.has("parentProductId")
      ? text(form, "parentProductId") && text(form, "parentProductId") !== "none"
        ? text(form, "parentProductId")
        : null
      : undefined,
    variantAttributeIds: type === "physical" && attributesChanged ? attributeIds : undefined,
    variants: type === "physical" && !attributesChanged && variants.length > 0 ? variants : undefined,
    downloadLimit: type === "digital" ? optionalInt(form, "downloadLimit") : undefined,
    bundleItems: type === "bundle" ? bundleItems : undefined,
  };
  // Left-out fields stay as they are: no key at all rather than an undefined one.
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
