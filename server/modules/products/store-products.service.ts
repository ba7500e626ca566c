import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { containsPattern, listPage, pageOffset } from "../../lib/list-query";
import { attributes, categories } from "../catalog/catalog.tables";
import type { OrderScope } from "../checkout/visitor";
import type { Conversion } from "../currency/exchange";
import type { BlobStore } from "../media/blob-store";
import { orders } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import { variantLabel } from "./product-admin.service";
import { bundleSaving, priceExclTax, unitPrice } from "./product-prices";
import type { ProductSettingsService } from "./product-settings";
import { outerProductId, productDownloads, products, productVariants } from "./products.tables";
import type {
  ProductCard,
  ProductDetail,
  ProductList,
  StoreListProductsQuery,
} from "./store-products.schemas";

export const DOWNLOAD_LIMIT_MESSAGE = "You have used all downloads of this file.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lowest price a product sells at: its own, or its cheapest variant's. */
const fromPrice = sql<number>`coalesce(
  (select min(coalesce(v.sale_price_cents, v.price_cents)) from product_variants v where v.product_id = ${outerProductId}),
  coalesce(${products.salePriceCents}, ${products.priceCents}))`.mapWith(Number);

/** Can be ordered now: selling, and (physical) in stock or allowing out-of-stock orders. */
const inStockNow = sql<boolean>`(${products.stockStatus} = 'selling' and (
  ${products.type} <> 'physical' or ${products.allowOutOfStockOrders}
  or coalesce(${products.quantity}, 0) > 0
  or exists (select 1 from product_variants v where v.product_id = ${outerProductId} and v.quantity > 0)))`;

const SORTS = {
  "price-asc": [asc(fromPrice)],
  "price-desc": [desc(fromPrice)],
  "date-asc": [asc(products.createdAt)],
  "date-desc": [desc(products.createdAt)],
} as const;

/** The shop: published products for visitors (list with search, filters, sort and pages; product pages; downloads). */
export function createStoreProductService(
  db: Db,
  deps: { settings: SettingsService; productSettings: ProductSettingsService; blobs: BlobStore },
) {
  async function cards(
    companyId: string,
    where: SQL | undefined,
    language: string,
    conversion: Conversion,
    page?: { order: SQL[]; limit: number; offset: number },
  ): Promise<ProductCard[]> {
    const query = db
      .select({
        id: products.id,
        slug: products.slug,
        type: products.type,
        title: products.title,
        images: products.images,
        priceCents: products.priceCents,
        salePriceCents: products.salePriceCents,
        fromPrice,
        inStock: inStockNow,
        hasVariants: sql<boolean>`exists (select 1 from product_variants v where v.product_id = ${outerProductId})`,
      })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.published, true), where));
    const rows = page
      ? await query
          .orderBy(...page.order, asc(products.id))
          .limit(page.limit)
          .offset(page.offset)
      : await query;
    return rows.map((row) => {
      const hasVariants = Boolean(row.hasVariants);
      const own = unitPrice(row);
      return {
        id: row.id,
        slug: row.slug,
        type: row.type,
        title: translate(row.title, language),
        image: row.images[0] ?? null,
        priceCents: conversion.fromBase(hasVariants ? row.fromPrice : row.priceCents),
        salePriceCents: hasVariants || row.salePriceCents === null ? null : conversion.fromBase(own),
        currency: conversion.currency,
        inStock: Boolean(row.inStock),
        hasVariants,
      };
    });
  }

  return {
    async list(
      companyId: string,
      query: StoreListProductsQuery,
      language: string,
      conversion: Conversion,
    ): Promise<ProductList> {
      const conditions: SQL[] = [];
      if (query.type) conditions.push(eq(products.type, query.type));
      if (query.inStock) conditions.push(inStockNow);
      if (query.searchText) {
        conditions.push(like(products.searchText, containsPattern(query.searchText.toLowerCase())));
      }
      if (query.category) {
        const category = UUID.test(query.category)
          ? eq(categories.id, query.category)
          : eq(categories.slug, query.category);
        conditions.push(
          inArray(
            products.categoryId,
            db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.companyId, companyId), category)),
          ),
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [items, [total]] = await Promise.all([
        cards(companyId, where, language, conversion, {
          order: [...(query.sort ? SORTS[query.sort] : SORTS["date-desc"])],
          limit: query.limit,
          offset: pageOffset(query),
        }),
        db
          .select({ value: count() })
          .from(products)
          .where(and(eq(products.companyId, companyId), eq(products.published, true), where)),
      ]);
      return listPage(items, total?.value ?? 0, query);
    },

    async get(
      companyId: string,
      idOrSlug: string,
      language: string,
      conversion: Conversion,
    ): Promise<ProductDetail> {
      const [row] = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.published, true),
            UUID.test(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug),
          ),
        );
      if (!row) throw notFound(`No product "${idOrSlug}" exists.`, "PRODUCT_NOT_FOUND");
      const [card] = await cards(companyId, eq(products.id, row.id), language, conversion);
      const [variants, attributeRows, tax, settings, parts, related] = await Promise.all([
        db
          .select()
          .from(productVariants)
          .where(eq(productVariants.productId, row.id))
          .orderBy(asc(productVariants.position)),
        row.variantAttributeIds.length > 0
          ? db
              .select()
              .from(attributes)
              .where(
                and(eq(attributes.companyId, companyId), inArray(attributes.id, row.variantAttributeIds)),
              )
          : Promise.resolve([]),
        deps.settings.tax(companyId),
        deps.productSettings.read(companyId),
        row.bundleItems.length > 0
          ? db
              .select()
              .from(products)
              .where(
                and(
                  eq(products.companyId, companyId),
                  inArray(
                    products.id,
                    row.bundleItems.map((item) => item.productId),
                  ),
                ),
              )
          : Promise.resolve([]),
        row.relatedProductIds.length > 0
          ? cards(companyId, inArray(products.id, row.relatedProductIds), language, conversion)
          : Promise.resolve([]),
      ]);
      const rate = row.taxRateBp ?? tax.vatRateBp;
      const counted = row.type === "physical";
      const byId = new Map(attributeRows.map((attribute) => [attribute.id, attribute]));
      const bundleItems = row.bundleItems.flatMap((item) => {
        const part = parts.find((candidate) => candidate.id === item.productId);
        return part ? [{ part, item }] : [];
      });
      return {
        ...card!,
        description: translate(row.description, language),
        images: row.images,
        sku: row.sku,
        unit: row.unit,
        priceExclTaxCents: conversion.fromBase(priceExclTax(unitPrice(row), rate)),
        quantity: counted
          ? variants.length > 0
            ? variants.reduce((sum, variant) => sum + variant.quantity, 0)
            : (row.quantity ?? 0)
          : null,
        allowNotes: row.allowNotes,
        sellIndividualUnits: row.sellIndividualUnits,
        measurements: row.measurements,
        units: { length: settings.lengthUnit, weight: settings.weightUnit, volume: settings.volumeUnit },
        extras: row.extras.map((extra) => ({
          id: extra.id,
          name: translate(extra.name, language),
          priceCents: conversion.fromBase(extra.priceCents),
        })),
        options: row.variantAttributeIds.flatMap((attributeId) => {
          const attribute = byId.get(attributeId);
          if (!attribute) return [];
          return [
            {
              attributeId,
              name: translate(attribute.displayName, language) || translate(attribute.title, language),
              values: attribute.values.map((value) => ({
                id: value.id,
                label: translate(value.label as { en: string }, language),
              })),
            },
          ];
        }),
        variants: variants.map((variant) => ({
          id: variant.id,
          combination: variant.combination,
          label: variantLabel(variant.combination, attributeRows, row.variantAttributeIds, language),
          sku: variant.sku,
          priceCents: conversion.fromBase(variant.priceCents),
          priceExclTaxCents: conversion.fromBase(priceExclTax(variant.priceCents, rate)),
          salePriceCents:
            variant.salePriceCents === null ? null : conversion.fromBase(variant.salePriceCents),
          quantity: variant.quantity,
          inStock: row.stockStatus === "selling" && (variant.quantity > 0 || row.allowOutOfStockOrders),
          measurements: variant.measurements,
        })),
        bundle:
          row.type === "bundle"
            ? {
                items: bundleItems.map(({ part, item }) => ({
                  productId: part.id,
                  slug: part.slug,
                  title: translate(part.title, language),
                  quantity: item.quantity,
                })),
                ...(() => {
                  const saving = bundleSaving(
                    unitPrice(row),
                    bundleItems.map(({ part, item }) => ({
                      unitPriceCents: unitPrice(part),
                      quantity: item.quantity,
                    })),
                  );
                  return {
                    separateCents: conversion.fromBase(saving.separateCents),
                    savingCents: conversion.fromBase(saving.savingCents),
                  };
                })(),
              }
            : null,
        download: row.type === "digital" ? { limit: row.downloadLimit } : null,
        related,
      };
    },

    /** The files a customer bought, with the downloads left. */
    /** The files the owner bought (a guest session: only through orders it placed itself). */
    async downloads(companyId: string, owner: OrderScope, language: string) {
      const rows = await db
        .select({
          grant: productDownloads,
          title: products.title,
          fileName: products.downloadName,
          orderNumber: orders.number,
        })
        .from(productDownloads)
        .innerJoin(products, eq(products.id, productDownloads.productId))
        .innerJoin(orders, eq(orders.id, productDownloads.orderId))
        .where(and(eq(productDownloads.companyId, companyId), ownDownloads(owner)))
        .orderBy(desc(productDownloads.createdAt));
      return {
        items: rows.map(({ grant, title, fileName, orderNumber }) => {
          const remaining =
            grant.downloadLimit === null ? null : Math.max(grant.downloadLimit - grant.downloadCount, 0);
          return {
            id: grant.id,
            productId: grant.productId,
            title: translate(title, language),
            fileName: fileName ?? "download",
            orderNumber,
            downloadCount: grant.downloadCount,
            downloadLimit: grant.downloadLimit,
            remaining,
            available: grant.revokedAt === null && remaining !== 0,
          };
        }),
      };
    },

    /**
     * Counts one download of a customer's file and opens it: the count goes up only while it is
     * below the limit (one conditional update, so parallel requests never pass it). 403 once the
     * limit is used or the order was returned or cancelled.
     */
    async openDownload(companyId: string, owner: OrderScope, id: string) {
      const where = and(
        eq(productDownloads.id, id),
        eq(productDownloads.companyId, companyId),
        ownDownloads(owner),
      );
      const [grant] = await db
        .select({
          key: products.downloadKey,
          name: products.downloadName,
          revokedAt: productDownloads.revokedAt,
        })
        .from(productDownloads)
        .innerJoin(products, eq(products.id, productDownloads.productId))
        .where(where);
      if (!grant) throw notFound("This download does not exist.", "DOWNLOAD_NOT_FOUND");
      if (grant.revokedAt || !grant.key) {
        throw new AppError(403, "DOWNLOAD_REVOKED", "This file is no longer available to you.");
      }
      const info = await deps.blobs.head(grant.key);
      if (!info)
        throw new AppError(503, "MEDIA_UNAVAILABLE", "The file cannot be read right now. Try again soon.");
      const counted = await db
        .update(productDownloads)
        .set({ downloadCount: sql`${productDownloads.downloadCount} + 1` })
        .where(
          and(
            where,
            isNull(productDownloads.revokedAt),
            or(
              isNull(productDownloads.downloadLimit),
              sql`${productDownloads.downloadCount} < ${productDownloads.downloadLimit}`,
            ),
          ),
        )
        .returning({ id: productDownloads.id });
      if (counted.length === 0) throw new AppError(403, "DOWNLOAD_LIMIT_REACHED", DOWNLOAD_LIMIT_MESSAGE);
      const body = await deps.blobs.read(grant.key);
      if (!body)
        throw new AppError(503, "MEDIA_UNAVAILABLE", "The file cannot be read right now. Try again soon.");
      return { body, size: info.size, name: grant.name ?? "download" };
    },
  };
}

export type StoreProductService = ReturnType<typeof createStoreProductService>;

/** The download grants of an owner; a guest session's only through the orders it placed. */
function ownDownloads(owner: OrderScope): SQL {
  const mine = eq(productDownloads.customerId, owner.customerId);
  if (!owner.guestSessionId) return mine;
  return and(
    mine,
    inArray(
      productDownloads.orderId,
      sql`(select ${orders.id} from ${orders} where ${orders.guestSessionId} = ${owner.guestSessionId})`,
    ),
  )!;
}
