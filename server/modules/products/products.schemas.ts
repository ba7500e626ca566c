import { z } from "zod";
import {
  LENGTH_UNITS,
  PRODUCT_TYPES,
  STOCK_REASONS,
  STOCK_STATUSES,
  UNIT_SYSTEMS,
  VOLUME_UNITS,
  WEIGHT_UNITS,
} from "~shared/product.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import { AdminListQuery, listPageSchema, pageNumber, wholeNumber } from "../../lib/list-query";
import { cents, slugInput, Translations, translatableInput } from "../catalog/catalog-admin.schemas";

/** Products belong to the catalogue's permission area. */
export { CATALOG_AREA } from "../catalog/catalog-admin.schemas";

/** At most this many variants per product (the combinations of its Variants attributes). */
export const MAX_VARIANTS = 100;

const shortText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must have at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const measure = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .nullable()
    .default(null);

export const MeasurementsInput = z.strictObject({
  length: measure("The length"),
  width: measure("The width"),
  height: measure("The height"),
  weight: measure("The weight"),
  volume: measure("The total volume"),
});

const stockQuantity = z
  .number({ message: "The quantity must be a whole number" })
  .int("The quantity must be a whole number")
  .min(0, "The quantity cannot be negative")
  .max(1_000_000, "The quantity is too large");

/** Tags and child categories: typed text, added with Enter (spec section 5). */
const typedList = (label: string, max: number) =>
  z
    .array(
      z.string().trim().min(1, `A ${label} cannot be empty`).max(60, `A ${label} has at most 60 characters`),
    )
    .max(max, `At most ${max} ${label}s`)
    .transform((values) => [...new Set(values)]);

export const VariantInput = z.strictObject({
  id: z.uuid().optional().describe("Sent back to keep a variant's stock history; left out: a new variant"),
  combination: z
    .record(z.uuid("attribute ids are UUIDs"), z.uuid("value ids are UUIDs"))
    .describe("attribute id → value id, one value of each of the product's Variants attributes"),
  sku: shortText("The SKU", 60),
  barcode: shortText("The barcode", 60),
  priceCents: cents("The variant price"),
  salePriceCents: cents("The variant sale price").nullable().optional(),
  quantity: stockQuantity.default(0),
  measurements: MeasurementsInput.nullable().optional(),
});
export type VariantInput = z.output<typeof VariantInput>;

export const ExtraInput = z.strictObject({
  id: z.uuid().optional(),
  name: translatableInput("extra name", 80),
  priceCents: cents("The extra price"),
});

export const BundleItemInput = z.strictObject({
  productId: z.uuid("Choose a product for the bundle"),
  variantId: z.uuid().nullable().optional(),
  quantity: z
    .number()
    .int("A bundle quantity is a whole number")
    .min(1, "A bundle holds at least 1 of each product")
    .max(100),
});

const productFields = {
  type: z.enum(PRODUCT_TYPES, { message: "The product type must be physical, digital or bundle" }),
  title: translatableInput("title", 200),
  slug: slugInput.optional().describe("Empty or left out: made from the English title"),
  description: translatableInput("description", 20_000, false).optional(),
  sku: shortText("The SKU", 60),
  barcode: shortText("The barcode", 60),
  categoryId: z.uuid("Choose a category").nullable().optional(),
  childCategories: typedList("child category", 20).optional(),
  unit: z
    .string()
    .trim()
    .min(1, "Please enter a unit")
    .max(30, "The unit has at most 30 characters")
    .optional(),
  quantity: stockQuantity.nullable().optional(),
  priceCents: cents("The price"),
  salePriceCents: cents("The sale price").nullable().optional(),
  costPriceCents: cents("The cost price").nullable().optional(),
  taxName: shortText("The tax name", 60),
  taxRateBp: z
    .number({ message: "The tax rate is in basis points (2100 = 21 %)" })
    .int("The tax rate is in basis points (2100 = 21 %)")
    .min(0, "The tax rate cannot be negative")
    .max(10_000, "The tax rate is at most 100 %")
    .nullable()
    .optional(),
  taxClass: z
    .enum(TAX_CLASSES, { message: `The tax class must be one of ${TAX_CLASSES.join(", ")}` })
    .nullable()
    .optional(),
  tags: typedList("tag", 30).optional(),
  images: z
    .array(
      z
        .string()
        .max(120, "Upload product images first, then send their addresses")
        // Uploaded images, or the demo school's own pictures shipped with the app.
        .regex(
          /^(\/media\/images\/products\/[0-9a-f-]{36}\.webp|\/images\/products\/[a-z0-9-]{1,80}\.svg)$/,
          "Upload product images first, then send their addresses",
        ),
    )
    .max(20, "A product has at most 20 images")
    .optional(),
  published: z.boolean().optional(),
  stockStatus: z.enum(STOCK_STATUSES, { message: "The stock status is selling or sold_out" }).optional(),
  allowOutOfStockOrders: z.boolean().optional(),
  sellIndividualUnits: z.boolean().optional(),
  relatedProductIds: z.array(z.uuid()).max(20, "At most 20 related products").optional(),
  allowNotes: z.boolean().optional(),
  measurements: MeasurementsInput.nullable().optional(),
  extras: z.array(ExtraInput).max(10, "At most 10 extras").optional(),
  parentProductId: z.uuid("Choose a master product").nullable().optional(),
  variantAttributeIds: z.array(z.uuid()).max(3, "Combine at most 3 attributes into variants").optional(),
  variants: z
    .array(VariantInput)
    .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`)
    .optional()
    .describe("Left out with variantAttributeIds: every combination is generated at the product's price"),
  downloadLimit: z
    .number({ message: "The download limit must be a whole number" })
    .int("The download limit must be a whole number")
    .min(1, "The download limit must be at least 1 (leave it empty for no limit)")
    .max(1000, "The download limit is at most 1000")
    .nullable()
    .optional(),
  bundleItems: z.array(BundleItemInput).max(20, "A bundle holds at most 20 products").optional(),
};

export const AdminProductInput = z.strictObject(productFields);
export type AdminProductInput = z.output<typeof AdminProductInput>;
export const AdminUpdateProduct = z.strictObject(productFields).partial().omit({ type: true });
export type AdminUpdateProduct = z.output<typeof AdminUpdateProduct>;

export const PRODUCT_ADMIN_SORTS = ["title", "price", "quantity", "updatedAt", "createdAt"] as const;
export const AdminListProductsQuery = AdminListQuery.extend({
  sort: z
    .enum(PRODUCT_ADMIN_SORTS, { message: `sort must be one of ${PRODUCT_ADMIN_SORTS.join(", ")}` })
    .optional(),
  type: z.enum(PRODUCT_TYPES, { message: "type must be physical, digital or bundle" }).optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
  lowStock: z.enum(["true"], { message: "lowStock must be true" }).optional(),
});
export type AdminListProductsQuery = z.output<typeof AdminListProductsQuery>;

const Measurements = z
  .object({
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    weight: z.number().nullable(),
    volume: z.number().nullable(),
  })
  .nullable();

export const AdminVariant = z.object({
  id: z.uuid(),
  combination: z.record(z.string(), z.string()),
  label: z.string().describe("The combination's values in English, e.g. 'M / Blue'"),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  priceCents: z.number().int().describe("Tax included"),
  priceExclTaxCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  quantity: z.number().int(),
  measurements: Measurements,
});
export type AdminVariant = z.output<typeof AdminVariant>;

export const AdminProduct = z
  .object({
    id: z.uuid(),
    type: z.enum(PRODUCT_TYPES),
    slug: z.string(),
    title: Translations,
    description: Translations,
    sku: z.string().nullable(),
    barcode: z.string().nullable(),
    categoryId: z.uuid().nullable(),
    childCategories: z.array(z.string()),
    unit: z.string(),
    quantity: z.number().int().nullable().describe("The stock; with variants, their sum; null: not counted"),
    priceCents: z.number().int(),
    priceExclTaxCents: z.number().int(),
    salePriceCents: z.number().int().nullable(),
    costPriceCents: z.number().int().nullable(),
    taxName: z.string().nullable(),
    taxRateBp: z.number().int().nullable(),
    taxClass: z.enum(TAX_CLASSES).nullable().describe("null: digital services for downloads, else standard"),
    tags: z.array(z.string()),
    images: z.array(z.string()),
    published: z.boolean(),
    stockStatus: z.enum(STOCK_STATUSES),
    allowOutOfStockOrders: z.boolean(),
    sellIndividualUnits: z.boolean(),
    relatedProductIds: z.array(z.uuid()),
    allowNotes: z.boolean(),
    measurements: Measurements,
    extras: z.array(z.object({ id: z.uuid(), name: Translations, priceCents: z.number().int() })),
    parentProductId: z.uuid().nullable(),
    variantAttributeIds: z.array(z.uuid()),
    variants: z.array(AdminVariant),
    download: z
      .object({ name: z.string(), limit: z.number().int().nullable() })
      .nullable()
      .describe("Digital: the uploaded file"),
    downloadLimit: z.number().int().nullable(),
    bundleItems: z.array(
      z.object({ productId: z.uuid(), variantId: z.uuid().nullable(), quantity: z.number().int() }),
    ),
    lowStock: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProduct" });
export type AdminProduct = z.output<typeof AdminProduct>;

export const AdminProductRow = AdminProduct.pick({
  id: true,
  type: true,
  slug: true,
  title: true,
  sku: true,
  priceCents: true,
  salePriceCents: true,
  quantity: true,
  published: true,
  stockStatus: true,
  lowStock: true,
  updatedAt: true,
})
  .extend({ image: z.string().nullable(), variantCount: z.number().int() })
  .meta({ id: "AdminProductRow" });
export type AdminProductRow = z.output<typeof AdminProductRow>;
export const AdminProductList = listPageSchema(AdminProductRow);

export const StockAdjustBody = z.strictObject({
  variantId: z.uuid().nullable().optional(),
  change: z
    .number({ message: "The change must be a whole number" })
    .int("The change must be a whole number")
    .min(-1_000_000)
    .max(1_000_000)
    .refine((value) => value !== 0, "The change cannot be 0"),
  note: shortText("The note", 200),
});
export type StockAdjustBody = z.output<typeof StockAdjustBody>;

export const StockMovementView = z.object({
  id: z.uuid(),
  variantId: z.uuid().nullable(),
  reason: z.enum(STOCK_REASONS),
  change: z.number().int(),
  quantityAfter: z.number().int(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const StockHistoryQuery = z.strictObject({
  page: pageNumber(),
  limit: wholeNumber("limit", 1, 100).default(20),
});
export const StockHistory = listPageSchema(StockMovementView);

export const ProductSettings = z
  .strictObject({
    unitSystem: z.enum(UNIT_SYSTEMS, { message: "The unit system is metric, imperial or custom" }),
    lengthUnit: z.enum(LENGTH_UNITS, { message: `The length unit is one of ${LENGTH_UNITS.join(", ")}` }),
    weightUnit: z.enum(WEIGHT_UNITS, { message: `The weight unit is one of ${WEIGHT_UNITS.join(", ")}` }),
    volumeUnit: z.enum(VOLUME_UNITS, { message: `The volume unit is one of ${VOLUME_UNITS.join(", ")}` }),
    imagesPerProduct: wholeNumber("The number of images per product", 1, 20),
    lowStockThreshold: wholeNumber("The low-stock value", 0, 100_000),
    childProducts: z.boolean({ message: "childProducts must be true or false" }),
  })
  .meta({ id: "ProductSettings" });
export type ProductSettings = z.output<typeof ProductSettings>;

export const ProductSettingsBody = ProductSettings.extend({
  confirm: z
    .boolean()
    .optional()
    .describe("true after the person agreed to the unit-change or child-products question"),
});
