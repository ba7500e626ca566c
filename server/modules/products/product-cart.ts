import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { TaxClass } from "~shared/tax-classes";
import { type Translatable, translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { businessRule } from "../../lib/errors";
import { isDigitalContent } from "./digital-content";
import { variantAttributesOf, variantLabel } from "./product-admin.service";
import { unitPrice } from "./product-prices";
import { type BundleItem, products, productVariants } from "./products.tables";
import type { StockItem } from "./stock";

export const MAX_CART_PRODUCTS = 20;

/** A product in the cart: which one (and which variant), how many, paid extras and a note. */
export const CartProduct = z.strictObject({
  productId: z.uuid({ message: "each product id must be a UUID" }),
  variantId: z.uuid({ message: "variantId must be a UUID" }).nullable().optional(),
  quantity: z
    .number({ message: "The quantity must be a whole number" })
    .int("The quantity must be a whole number")
    .min(1, "The quantity must be at least 1")
    .max(100, "At most 100 of one product per order")
    .default(1),
  extraIds: z.array(z.uuid()).max(10).default([]),
  note: z
    .string()
    .trim()
    .max(500, "The note has at most 500 characters")
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CartProduct = z.output<typeof CartProduct>;

export const cartProducts = z
  .array(CartProduct, { message: "items must be a list of products" })
  .max(MAX_CART_PRODUCTS, `A checkout holds at most ${MAX_CART_PRODUCTS} products.`)
  .refine(
    (items) =>
      new Set(items.map((item) => `${item.productId}/${item.variantId ?? ""}`)).size === items.length,
    { message: "A product (or variant) can be in the cart only once: change its quantity instead." },
  )
  .default([]);

export const ProductQuoteLine = z.object({
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  type: z.enum(["physical", "digital", "bundle"]),
  slug: z.string(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int().describe("One unit with its extras, VAT included"),
  totalCents: z.number().int(),
  extras: z.array(z.object({ id: z.uuid(), name: z.string(), priceCents: z.number().int() })),
  note: z.string().nullable(),
  soldOut: z.boolean().describe("Not enough stock (or marked Sold Out): it cannot be ordered now"),
});
export type ProductQuoteLine = z.output<typeof ProductQuoteLine>;

/** A product line as the order keeps it: its title in every language and the stock it takes. */
export interface PricedProductLine extends ProductQuoteLine {
  titles: Translatable;
  /** How the line is taxed: the product's class, else digital services for downloads, standard otherwise. */
  taxClass: TaxClass;
  /** The rows of stock one order of this line takes (a bundle takes each of its products). */
  stock: StockItem[];
  /** What the line weighs in the shop's weight unit (the variant's weight, else the product's; none given: 0). */
  weight: number;
  /** A download, or a bundle holding one (digital content: the right of withdrawal is waived). */
  digital: boolean;
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** Published products and their variants, with the products their bundles hold. */
async function loadProducts(db: Queryable, companyId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.published, true), inArray(products.id, ids)));
  const parts = [...new Set(rows.flatMap((row) => row.bundleItems.map((item) => item.productId)))].filter(
    (id) => !rows.some((row) => row.id === id),
  );
  const partRows =
    parts.length > 0
      ? await db
          .select()
          .from(products)
          .where(and(eq(products.companyId, companyId), inArray(products.id, parts)))
      : [];
  const all = [...rows, ...partRows];
  const variants =
    all.length > 0
      ? await db
          .select()
          .from(productVariants)
          .where(
            and(
              eq(productVariants.companyId, companyId),
              inArray(
                productVariants.productId,
                all.map((row) => row.id),
              ),
            ),
          )
      : [];
  const attributeRows = await variantAttributesOf(db, companyId, rows);
  return {
    published: new Map(rows.map((row) => [row.id, row])),
    any: new Map(all.map((row) => [row.id, row])),
    variants,
    attributeRows,
  };
}

/** Whether `quantity` of a row can be sold now (stock, or out-of-stock orders allowed). */
function inStock(product: ProductRow, variant: VariantRow | undefined, quantity: number): boolean {
  if (product.stockStatus === "sold_out") return false;
  if (product.type !== "physical" || product.allowOutOfStockOrders) return true;
  const available = variant ? variant.quantity : (product.quantity ?? 0);
  return available >= quantity;
}

/**
 * Prices the products of a cart in the buyer's currency: each line's unit price is the variant's
 * (or product's) sale or normal price plus its chosen extras, converted and rounded. Unknown or
 * unpublished products (and variants that are not theirs) are `unavailable`; lines without
 * enough stock are flagged `soldOut`. 422 for a product with variants but none chosen, more than
 * one of a product sold singly, an extra it does not offer, or a note it does not take.
 */
export async function priceProductLines(
  db: Queryable,
  companyId: string,
  items: CartProduct[],
  convert: (cents: number) => number,
  language: string,
  /** overrideStock: a counter sale the cashier may make without the stock (never flagged sold out). */
  options: { overrideStock?: boolean } = {},
): Promise<{ lines: PricedProductLine[]; unavailable: string[] }> {
  if (items.length === 0) return { lines: [], unavailable: [] };
  const found = await loadProducts(
    db,
    companyId,
    items.map((item) => item.productId),
  );
  const lines: PricedProductLine[] = [];
  const unavailable: string[] = [];
  for (const item of items) {
    const product = found.published.get(item.productId);
    const own = found.variants.filter((variant) => variant.productId === item.productId);
    const variant = own.find((row) => row.id === item.variantId);
    const noFile = product?.type === "digital" && !product.downloadKey;
    if (!product || (item.variantId && !variant) || noFile) {
      unavailable.push(item.productId);
      continue;
    }
    const title = translate(product.title, language);
    if (own.length > 0 && !variant) {
      throw businessRule(`Choose a variant of ${title}.`, "VARIANT_REQUIRED", { productId: product.id });
    }
    if (!product.sellIndividualUnits && item.quantity > 1) {
      throw businessRule(`${title} can be bought one at a time.`, "SINGLE_UNIT_ONLY", {
        productId: product.id,
      });
    }
    if (item.note && !product.allowNotes) {
      throw businessRule(`${title} does not take a note.`, "NOTES_NOT_ALLOWED", { productId: product.id });
    }
    const extras = item.extraIds.map((id) => {
      const extra = product.extras.find((offered) => offered.id === id);
      if (!extra) {
        throw businessRule(`This extra is not offered with ${title}.`, "UNKNOWN_EXTRA", {
          productId: product.id,
        });
      }
      return { id: extra.id, name: translate(extra.name, language), priceCents: convert(extra.priceCents) };
    });
    const stock = stockOf(product, variant, found.any, found.variants);
    const soldOut =
      options.overrideStock !== true &&
      (!inStock(product, variant, item.quantity) ||
        (product.type === "bundle" &&
          product.bundleItems.some((part) => {
            const partProduct = found.any.get(part.productId);
            const partVariant = found.variants.find((row) => row.id === part.variantId);
            return !partProduct || !inStock(partProduct, partVariant, part.quantity * item.quantity);
          })));
    const label = variant
      ? variantLabel(variant.combination, found.attributeRows, product.variantAttributeIds, language)
      : null;
    const unitPriceCents =
      convert(unitPrice(variant ?? product)) + extras.reduce((sum, extra) => sum + extra.priceCents, 0);
    lines.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      type: product.type,
      taxClass: product.taxClass ?? (product.type === "digital" ? "digital_services" : "standard"),
      slug: product.slug,
      title,
      titles: label
        ? (Object.fromEntries(
            Object.entries(product.title).map(([code, text]) => [
              code,
              `${text} (${variantLabel(variant!.combination, found.attributeRows, product.variantAttributeIds, code)})`,
            ]),
          ) as Translatable)
        : product.title,
      variantLabel: label,
      image: product.images[0] ?? null,
      quantity: item.quantity,
      unitPriceCents,
      totalCents: unitPriceCents * item.quantity,
      extras,
      note: item.note ?? null,
      soldOut,
      stock: stock.map((need) => ({ ...need, quantity: need.quantity * item.quantity })),
      weight: (variant?.measurements?.weight ?? product.measurements?.weight ?? 0) * item.quantity,
      digital: isDigitalContent(product, (id) => found.any.get(id)?.type),
    });
  }
  return { lines, unavailable };
}

/** The stock rows one unit of a product takes: itself (or its variant), or each product of a bundle. */
function stockOf(
  product: ProductRow,
  variant: VariantRow | undefined,
  all: Map<string, ProductRow>,
  variants: VariantRow[],
): StockItem[] {
  if (product.type === "physical")
    return [{ productId: product.id, variantId: variant?.id ?? null, quantity: 1 }];
  if (product.type === "digital") return [];
  return product.bundleItems
    .filter((part: BundleItem) => all.get(part.productId)?.type === "physical")
    .map((part) => ({
      productId: part.productId,
      variantId: variants.some((row) => row.id === part.variantId) ? part.variantId : null,
      quantity: part.quantity,
    }));
}
