import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PRODUCT_TYPES, STOCK_REASONS, STOCK_STATUSES } from "~shared/product.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import type { Translatable } from "~shared/translatable";
import { companyId, id, timestamps, translatable } from "../../db/columns";
import { categories } from "../catalog/catalog.tables";
import { orderLines, orders } from "../orders/orders.tables";

/** Length, width, height (length unit), weight (weight unit) and total volume (volume unit); null: not given. */
export interface Measurements {
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  volume: number | null;
}

/** A paid add-on a buyer can pick at checkout (gift wrap). */
export interface ProductExtra {
  id: string;
  name: Translatable;
  priceCents: number;
}

/** One product of a bundle and how many of it the bundle holds. */
export interface BundleItem {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * Products sold beside courses: physical goods (stocked), digital downloads and bundles. Stock of a
 * product without variants is `quantity`; with variants each variant has its own. Null quantity:
 * stock is not counted (digital files).
 */
export const products = pgTable(
  "products",
  {
    id: id(),
    companyId: companyId(),
    type: text("type", { enum: PRODUCT_TYPES }).notNull(),
    slug: text("slug").notNull(),
    title: translatable("title"),
    description: translatable("description"),
    sku: text("sku"),
    barcode: text("barcode"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** Child categories, typed by staff and added with Enter. */
    childCategories: jsonb("child_categories").$type<string[]>().notNull().default([]),
    /** The unit a quantity counts in ("piece", "box", "kg"…). */
    unit: text("unit").notNull().default("piece"),
    quantity: integer("quantity"),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    costPriceCents: integer("cost_price_cents"),
    /** The tax of this product; null: the shop's VAT rate. */
    taxName: text("tax_name"),
    taxRateBp: integer("tax_rate_bp"),
    /** How this product is taxed by the buyer's country (null: digital services for downloads, else standard). */
    taxClass: text("tax_class", { enum: TAX_CLASSES }),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    published: boolean("published").notNull().default(true),
    stockStatus: text("stock_status", { enum: STOCK_STATUSES }).notNull().default("selling"),
    allowOutOfStockOrders: boolean("allow_out_of_stock_orders").notNull().default(false),
    /** Off: one per order. */
    sellIndividualUnits: boolean("sell_individual_units").notNull().default(true),
    relatedProductIds: jsonb("related_product_ids").$type<string[]>().notNull().default([]),
    allowNotes: boolean("allow_notes").notNull().default(false),
    measurements: jsonb("measurements").$type<Measurements | null>(),
    extras: jsonb("extras").$type<ProductExtra[]>().notNull().default([]),
    /** Master product of a child product (behind the child-products setting). */
    parentProductId: uuid("parent_product_id").references((): AnyPgColumn => products.id, {
      onDelete: "set null",
    }),
    /** The attributes of option type Variants its variants combine. */
    variantAttributeIds: jsonb("variant_attribute_ids").$type<string[]>().notNull().default([]),
    /** Digital: the file's key in the media store, its name, and how often a buyer may download it. */
    downloadKey: text("download_key"),
    downloadName: text("download_name"),
    downloadLimit: integer("download_limit"),
    bundleItems: jsonb("bundle_items").$type<BundleItem[]>().notNull().default([]),
    /** When staff were mailed that the stock is low; cleared when it is above the threshold again. */
    lowStockNotifiedAt: timestamp("low_stock_notified_at", { withTimezone: true }),
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(jsonb_path_query_array(title, '$.*')::text || ' ' || coalesce(sku, '') || ' ' || tags::text)`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("products_company_slug_key").on(t.companyId, t.slug),
    index("products_company_created_idx").on(t.companyId, t.published, t.createdAt),
    index("products_category_idx").on(t.categoryId),
    index("products_parent_idx").on(t.parentProductId),
  ],
);

/**
 * `products.id` written out with its table, for correlated subqueries over `product_variants v`:
 * a query on one table renders `${products.id}` as a bare "id", which inside the subquery means v.id.
 */
export const outerProductId = sql.raw(`"products"."id"`);

/** A combination of Variants-type attribute values of a product, with its own SKU, price and stock. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    companyId: companyId(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** attribute id → value id. */
    combination: jsonb("combination").$type<Record<string, string>>().notNull(),
    position: integer("position").notNull().default(0),
    sku: text("sku"),
    barcode: text("barcode"),
    /** Tax included. */
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    quantity: integer("quantity").notNull().default(0),
    measurements: jsonb("measurements").$type<Measurements | null>(),
    ...timestamps(),
  },
  (t) => [index("product_variants_product_idx").on(t.productId, t.position)],
);

/** Every change of a product's (or variant's) stock: who or which order, by how much, and what was left. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    companyId: companyId(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    change: integer("change").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The order line that sold (or gave back) this stock: returns give back per line. */
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    staffId: uuid("staff_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.createdAt),
    index("stock_movements_order_idx").on(t.orderId),
  ],
);

/** A buyer's right to download a digital product of a paid order, at most `downloadLimit` times. */
export const productDownloads = pgTable(
  "product_downloads",
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    downloadLimit: integer("download_limit"),
    downloadCount: integer("download_count").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_downloads_line_product_key").on(t.orderLineId, t.productId),
    index("product_downloads_customer_idx").on(t.companyId, t.customerId),
  ],
);
