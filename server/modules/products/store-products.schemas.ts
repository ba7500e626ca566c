import { z } from "zod";
import { PRODUCT_TYPES } from "~shared/product.constants";
import { pageNumber, wholeNumber } from "../../lib/list-query";
import { COURSE_SORTS } from "../catalog/catalog.schemas";
import { CurrencyParam } from "../currency/currency.schemas";

/** Text the database can hold: PostgreSQL text has no NUL character. */
const noNul = (value: string) => !value.includes("\0");

/** The shop sorts products as the course catalogue does: price or date added, either way. */
export const PRODUCT_SORTS = COURSE_SORTS;

export const StoreListProductsQuery = z
  .strictObject({
    page: pageNumber(),
    limit: wholeNumber("limit", 1, 100).default(20),
    category: z
      .string()
      .trim()
      .min(1, "category must not be empty")
      .max(120)
      .refine(noNul, "category cannot hold a NUL character")
      .optional(),
    type: z.enum(PRODUCT_TYPES, { message: "type must be physical, digital or bundle" }).optional(),
    inStock: z.enum(["true"], { message: "inStock must be true" }).optional(),
    searchText: z
      .string()
      .trim()
      .max(100, "searchText must have at most 100 characters")
      .refine(noNul, "searchText cannot hold a NUL character")
      .optional(),
    sort: z.enum(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(", ")}` }).optional(),
    lng: z.string().max(10).optional(),
    currency: CurrencyParam.optional(),
  })
  .describe("Filters, sort order and page of the shop");
export type StoreListProductsQuery = z.output<typeof StoreListProductsQuery>;

export const StoreProductParams = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(noNul, "The id cannot hold a NUL character")
    .describe("Product id (UUID) or slug"),
});
export const StoreProductQuery = z.strictObject({
  lng: z.string().max(10).optional(),
  currency: CurrencyParam.optional(),
});

export const ProductCard = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    type: z.enum(PRODUCT_TYPES),
    title: z.string(),
    image: z.string().nullable(),
    priceCents: z.number().int().describe("The lowest price (of its variants), VAT included"),
    salePriceCents: z.number().int().nullable(),
    currency: z.string(),
    inStock: z.boolean(),
    hasVariants: z.boolean(),
  })
  .meta({ id: "ProductCard" });
export type ProductCard = z.output<typeof ProductCard>;

export const ProductList = z
  .object({
    items: z.array(ProductCard),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "ProductList" });
export type ProductList = z.output<typeof ProductList>;

const Measurements = z
  .object({
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    weight: z.number().nullable(),
    volume: z.number().nullable(),
  })
  .nullable();

export const ProductDetail = ProductCard.extend({
  description: z.string(),
  images: z.array(z.string()),
  sku: z.string().nullable(),
  unit: z.string(),
  priceExclTaxCents: z.number().int(),
  quantity: z.number().int().nullable().describe("In stock now (all variants); null: not counted"),
  allowNotes: z.boolean(),
  sellIndividualUnits: z.boolean(),
  measurements: Measurements,
  units: z.object({ length: z.string(), weight: z.string(), volume: z.string() }),
  extras: z.array(z.object({ id: z.uuid(), name: z.string(), priceCents: z.number().int() })),
  options: z
    .array(
      z.object({
        attributeId: z.uuid(),
        name: z.string(),
        values: z.array(z.object({ id: z.uuid(), label: z.string() })),
      }),
    )
    .describe("The choices that make a variant, e.g. Size and Colour"),
  variants: z.array(
    z.object({
      id: z.uuid(),
      combination: z.record(z.string(), z.string()),
      label: z.string(),
      sku: z.string().nullable(),
      priceCents: z.number().int(),
      priceExclTaxCents: z.number().int(),
      salePriceCents: z.number().int().nullable(),
      quantity: z.number().int(),
      inStock: z.boolean(),
      measurements: Measurements,
    }),
  ),
  bundle: z
    .object({
      items: z.array(
        z.object({ productId: z.uuid(), slug: z.string(), title: z.string(), quantity: z.number().int() }),
      ),
      separateCents: z.number().int().describe("What the products cost one by one"),
      savingCents: z.number().int(),
    })
    .nullable(),
  download: z.object({ limit: z.number().int().nullable() }).nullable(),
  related: z.array(ProductCard),
}).meta({ id: "ProductDetail" });
export type ProductDetail = z.output<typeof ProductDetail>;

export const DownloadParams = z.strictObject({ id: z.uuid("The id must be a UUID") });
export const DownloadView = z
  .object({
    id: z.uuid(),
    productId: z.uuid(),
    title: z.string(),
    fileName: z.string(),
    orderNumber: z.number().int(),
    downloadCount: z.number().int(),
    downloadLimit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    available: z.boolean(),
  })
  .meta({ id: "Download" });
export const DownloadList = z.object({ items: z.array(DownloadView) });
