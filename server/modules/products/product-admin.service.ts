import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import { attributes } from "../catalog/catalog.tables";
import type { Actor } from "../catalog/course-admin.service";
import type { BlobStore } from "../media/blob-store";
import type { ImageStore } from "../media/image-store";
import { orderLines, orders } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import { type LowStockNotice, lowStockCondition, reviewLowStock } from "./low-stock";
import {
  checkProduct,
  chooseProductSlug,
  fieldError,
  type ProductDraft,
  planVariants,
} from "./product-checks";
import { priceExclTax } from "./product-prices";
import type { ProductSettingsService } from "./product-settings";
import type {
  AdminListProductsQuery,
  AdminProduct,
  AdminProductInput,
  AdminProductRow,
  AdminUpdateProduct,
  ProductSettings,
  StockAdjustBody,
  VariantInput,
} from "./products.schemas";
import { outerProductId, products, productVariants, stockMovements } from "./products.tables";
import { adjustStock } from "./stock";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
interface ViewContext {
  vatRateBp: number;
  settings: ProductSettings;
}

/** The stock a product shows: its own quantity, or the sum of its variants'; null when not counted. */
export const stockQuantity = sql<number | null>`case when ${products.type} <> 'physical' then null
  when exists (select 1 from product_variants v where v.product_id = ${outerProductId})
  then (select sum(v.quantity) from product_variants v where v.product_id = ${outerProductId})::int
  else ${products.quantity} end`;

const SORTS = {
  title: sql`lower(${products.title}->>'en')`,
  price: sql`coalesce(${products.salePriceCents}, ${products.priceCents})`,
  quantity: stockQuantity,
  updatedAt: products.updatedAt,
  createdAt: products.createdAt,
} as const;

/** A variant's label: its values in the attributes' order, e.g. "M / Blue". */
export function variantLabel(
  combination: Record<string, string>,
  attributeRows: { id: string; values: { id: string; label: Record<string, string> }[] }[],
  order: string[],
  language = "en",
): string {
  const byId = new Map(attributeRows.map((row) => [row.id, row]));
  return order
    .map((attributeId) => {
      const value = byId.get(attributeId)?.values.find((v) => v.id === combination[attributeId]);
      return value ? translate(value.label as { en: string }, language) : "";
    })
    .filter(Boolean)
    .join(" / ");
}

/** The Variants-type attributes (with their values) that the variants of `rows` combine. */
export async function variantAttributesOf(
  tx: Queryable,
  companyId: string,
  rows: { variantAttributeIds: string[] }[],
) {
  const ids = [...new Set(rows.flatMap((row) => row.variantAttributeIds))];
  if (ids.length === 0) return [];
  return tx
    .select({ id: attributes.id, values: attributes.values })
    .from(attributes)
    .where(and(eq(attributes.companyId, companyId), inArray(attributes.id, ids)));
}

/** Products, their variants and stock for the back office. Every write is audited in its transaction. */
export function createProductAdminService(
  db: Db,
  deps: {
    audit: AuditService;
    settings: SettingsService;
    productSettings: ProductSettingsService;
    images: ImageStore;
    blobs: BlobStore;
    /** Staff are mailed (a durable job in the same transaction) when stock falls to the low-stock value. */
    lowStock: LowStockNotice;
  },
) {
  const { audit } = deps;

  async function findRow(tx: Queryable, companyId: string, id: string): Promise<ProductRow> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, id)));
    if (!row) throw notFound(`No product "${id}" exists.`, "PRODUCT_NOT_FOUND");
    return row;
  }

  const variantsOf = (tx: Queryable, productId: string) =>
    tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position));

  /** What a product's view needs besides its rows; read before a transaction (PGlite has one connection). */
  async function viewContext(companyId: string): Promise<ViewContext> {
    const [tax, settings] = await Promise.all([
      deps.settings.tax(companyId),
      deps.productSettings.read(companyId),
    ]);
    return { vatRateBp: tax.vatRateBp, settings };
  }

  async function view(
    tx: Queryable,
    companyId: string,
    row: ProductRow,
    context: ViewContext,
  ): Promise<AdminProduct> {
    const variants = await variantsOf(tx, row.id);
    const { settings } = context;
    const tax = { vatRateBp: context.vatRateBp };
    const attributeRows =
      row.variantAttributeIds.length > 0
        ? await tx
            .select({ id: attributes.id, values: attributes.values })
            .from(attributes)
            .where(and(eq(attributes.companyId, companyId), inArray(attributes.id, row.variantAttributeIds)))
        : [];
    const rate = row.taxRateBp ?? tax.vatRateBp;
    const quantity =
      row.type !== "physical"
        ? null
        : variants.length > 0
          ? variants.reduce((sum, variant) => sum + variant.quantity, 0)
          : row.quantity;
    const threshold = settings.lowStockThreshold;
    const lowStock =
      row.type === "physical" &&
      (variants.length > 0
        ? variants.some((variant) => variant.quantity <= threshold)
        : row.quantity !== null && row.quantity <= threshold);
    return {
      id: row.id,
      type: row.type,
      slug: row.slug,
      title: row.title,
      description: row.description,
      sku: row.sku,
      barcode: row.barcode,
      categoryId: row.categoryId,
      childCategories: row.childCategories,
      unit: row.unit,
      quantity,
      priceCents: row.priceCents,
      priceExclTaxCents: priceExclTax(row.priceCents, rate),
      salePriceCents: row.salePriceCents,
      costPriceCents: row.costPriceCents,
      taxName: row.taxName,
      taxRateBp: row.taxRateBp,
      taxClass: row.taxClass,
      tags: row.tags,
      images: row.images,
      published: row.published,
      stockStatus: row.stockStatus,
      allowOutOfStockOrders: row.allowOutOfStockOrders,
      sellIndividualUnits: row.sellIndividualUnits,
      relatedProductIds: row.relatedProductIds,
      allowNotes: row.allowNotes,
      measurements: row.measurements,
      extras: row.extras,
      parentProductId: row.parentProductId,
      variantAttributeIds: row.variantAttributeIds,
      variants: variants.map((variant) => ({
        id: variant.id,
        combination: variant.combination,
        label: variantLabel(variant.combination, attributeRows, row.variantAttributeIds),
        sku: variant.sku,
        barcode: variant.barcode,
        priceCents: variant.priceCents,
        priceExclTaxCents: priceExclTax(variant.priceCents, rate),
        salePriceCents: variant.salePriceCents,
        quantity: variant.quantity,
        measurements: variant.measurements,
      })),
      download: row.downloadKey ? { name: row.downloadName ?? "download", limit: row.downloadLimit } : null,
      downloadLimit: row.downloadLimit,
      bundleItems: row.bundleItems,
      lowStock,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Writes the planned variants: kept ones updated (stock changes recorded), new ones added, the rest removed. */
  async function saveVariants(
    tx: Queryable,
    companyId: string,
    actor: Actor,
    productId: string,
    planned: VariantInput[],
    existing: VariantRow[],
  ): Promise<void> {
    const keep = new Set(planned.flatMap((variant) => (variant.id ? [variant.id] : [])));
    const gone = existing.filter((variant) => !keep.has(variant.id)).map((variant) => variant.id);
    if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
    const before = new Map(existing.map((variant) => [variant.id, variant]));
    for (const [position, variant] of planned.entries()) {
      const fields = {
        combination: variant.combination,
        position,
        sku: variant.sku,
        barcode: variant.barcode,
        priceCents: variant.priceCents,
        salePriceCents: variant.salePriceCents ?? null,
        measurements: variant.measurements ?? null,
      };
      const old = variant.id ? before.get(variant.id) : undefined;
      if (old) {
        await tx.update(productVariants).set(fields).where(eq(productVariants.id, old.id));
        const change = variant.quantity - old.quantity;
        if (change !== 0) {
          await adjustStock(tx, companyId, { productId, variantId: old.id }, change, { staffId: actor.id });
        }
      } else {
        const [row] = await tx
          .insert(productVariants)
          .values({ companyId, productId, ...fields, id: randomUUID(), quantity: 0 })
          .returning({ id: productVariants.id });
        if (variant.quantity > 0) {
          await adjustStock(tx, companyId, { productId, variantId: row!.id }, variant.quantity, {
            reason: "initial",
            staffId: actor.id,
          });
        }
      }
    }
  }

  /** Fields of the row from a draft (the slug and variants are handled apart). */
  function rowFields(draft: ProductDraft) {
    return {
      title: draft.title,
      description: draft.description ?? { en: "" },
      sku: draft.sku ?? null,
      barcode: draft.barcode ?? null,
      categoryId: draft.categoryId ?? null,
      childCategories: draft.childCategories ?? [],
      unit: draft.unit ?? "piece",
      priceCents: draft.priceCents,
      salePriceCents: draft.salePriceCents ?? null,
      costPriceCents: draft.costPriceCents ?? null,
      taxName: draft.taxName ?? null,
      taxRateBp: draft.taxRateBp ?? null,
      taxClass: draft.taxClass ?? null,
      tags: draft.tags ?? [],
      images: draft.images ?? [],
      published: draft.published ?? true,
      stockStatus: draft.stockStatus ?? "selling",
      allowOutOfStockOrders: draft.allowOutOfStockOrders ?? false,
      sellIndividualUnits: draft.sellIndividualUnits ?? true,
      relatedProductIds: (draft.relatedProductIds ?? []).filter((id) => id !== draft.id),
      allowNotes: draft.allowNotes ?? false,
      measurements: draft.measurements ?? null,
      extras: (draft.extras ?? []).map((extra) => ({ ...extra, id: extra.id ?? randomUUID() })),
      parentProductId: draft.parentProductId ?? null,
      variantAttributeIds: draft.variantAttributeIds ?? [],
      downloadLimit: draft.type === "digital" ? (draft.downloadLimit ?? null) : null,
      bundleItems: (draft.bundleItems ?? []).map((item) => ({ ...item, variantId: item.variantId ?? null })),
    };
  }

  const draftOf = (row: ProductRow, variants: VariantRow[]): ProductDraft => ({
    ...row,
    quantity: row.quantity,
    variants: variants.map((variant) => ({ ...variant, salePriceCents: variant.salePriceCents })),
  });

  return {
    async list(companyId: string, query: AdminListProductsQuery): Promise<ListPage<AdminProductRow>> {
      const settings = await deps.productSettings.read(companyId);
      const conditions: SQL[] = [eq(products.companyId, companyId)];
      if (query.type) conditions.push(eq(products.type, query.type));
      if (query.published) conditions.push(eq(products.published, query.published === "true"));
      if (query.lowStock) conditions.push(lowStockCondition(settings.lowStockThreshold));
      if (query.searchText) {
        const pattern = containsPattern(query.searchText.toLowerCase());
        conditions.push(
          or(
            like(products.searchText, pattern),
            ilike(products.slug, pattern),
            ilike(products.barcode, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "asc" ? asc : desc;
      const order = query.sort
        ? [direction(SORTS[query.sort]), asc(products.id)]
        : [desc(products.updatedAt), desc(products.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: products.id,
            type: products.type,
            slug: products.slug,
            title: products.title,
            sku: products.sku,
            images: products.images,
            priceCents: products.priceCents,
            salePriceCents: products.salePriceCents,
            quantity: stockQuantity,
            published: products.published,
            stockStatus: products.stockStatus,
            lowStock: sql<boolean>`${lowStockCondition(settings.lowStockThreshold)}`,
            variantCount:
              sql<number>`(select count(*) from product_variants v where v.product_id = ${outerProductId})`.mapWith(
                Number,
              ),
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(products).where(where),
      ]);
      return listPage(
        rows.map(({ images, updatedAt, quantity, ...row }) => ({
          ...row,
          quantity: quantity === null ? null : Number(quantity),
          lowStock: Boolean(row.lowStock),
          image: images[0] ?? null,
          updatedAt: updatedAt.toISOString(),
        })),
        total?.value ?? 0,
        query,
      );
    },

    async get(companyId: string, id: string): Promise<AdminProduct> {
      return view(db, companyId, await findRow(db, companyId, id), await viewContext(companyId));
    },

    async create(companyId: string, actor: Actor, input: AdminProductInput): Promise<AdminProduct> {
      const context = await viewContext(companyId);
      const { settings } = context;
      return db.transaction(async (tx) => {
        const draft: ProductDraft = { ...input };
        const variantAttributes = await checkProduct(tx, companyId, draft, settings);
        const planned = planVariants(draft, variantAttributes, [], input.variants !== undefined);
        const slug = await chooseProductSlug(tx, companyId, input.slug, input.title.en);
        const [row] = await tx
          .insert(products)
          .values({
            companyId,
            type: input.type,
            slug,
            ...rowFields(draft),
            quantity: input.type === "physical" && planned.length === 0 ? 0 : null,
          })
          .returning();
        const initial = input.type === "physical" && planned.length === 0 ? (input.quantity ?? 0) : 0;
        if (initial > 0) {
          await adjustStock(tx, companyId, { productId: row!.id, variantId: null }, initial, {
            reason: "initial",
            staffId: actor.id,
          });
        }
        await saveVariants(tx, companyId, actor, row!.id, planned, []);
        await reviewLowStock(tx, companyId, [row!.id], deps.lowStock);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "product",
          entityId: row!.id,
          summary: input.title.en,
        });
        return view(tx, companyId, await findRow(tx, companyId, row!.id), context);
      });
    },

    async update(
      companyId: string,
      actor: Actor,
      id: string,
      input: AdminUpdateProduct,
    ): Promise<AdminProduct> {
      const context = await viewContext(companyId);
      const { settings } = context;
      return db.transaction(async (tx) => {
        const before = await findRow(tx, companyId, id);
        const existing = await variantsOf(tx, id);
        const { slug: wantedSlug, ...sent } = input;
        const draft: ProductDraft = { ...draftOf(before, existing), ...sent, id };
        if (input.variantAttributeIds !== undefined && input.variants === undefined) delete draft.variants;
        const variantAttributes = await checkProduct(tx, companyId, draft, settings);
        const regenerate = input.variants === undefined && input.variantAttributeIds !== undefined;
        const planned = planVariants(
          draft,
          variantAttributes,
          existing,
          !regenerate && (input.variants !== undefined || existing.length > 0),
        );
        const slug =
          wantedSlug !== undefined
            ? await chooseProductSlug(tx, companyId, wantedSlug, draft.title.en, id)
            : before.slug;
        const counted = before.type === "physical" && planned.length === 0;
        await tx
          .update(products)
          .set({
            slug,
            ...rowFields(draft),
            // A product that gets variants keeps its stock on them; one that loses them starts at 0.
            quantity: counted ? (before.quantity ?? 0) : null,
            updatedAt: new Date(),
          })
          .where(eq(products.id, id));
        if (counted && input.quantity != null && input.quantity !== (before.quantity ?? 0)) {
          await adjustStock(
            tx,
            companyId,
            { productId: id, variantId: null },
            input.quantity - (before.quantity ?? 0),
            { staffId: actor.id },
          );
        }
        await saveVariants(tx, companyId, actor, id, planned, existing);
        await reviewLowStock(tx, companyId, [id], deps.lowStock);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, to] of Object.entries(sent)) {
          const from = (before as Record<string, unknown>)[key];
          if (key !== "variants" && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "product",
          entityId: id,
          summary: draft.title.en,
          changes,
        });
        return view(tx, companyId, await findRow(tx, companyId, id), context);
      });
    },

    async remove(companyId: string, actor: Actor, id: string): Promise<void> {
      const row = await findRow(db, companyId, id);
      const [ordered] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(eq(orderLines.companyId, companyId), eq(orderLines.productId, id)))
        .limit(1);
      if (ordered) {
        throw conflict(
          "This product has been ordered: unpublish it instead of deleting it.",
          "PRODUCT_ORDERED",
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(products).where(eq(products.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "product",
          entityId: id,
          summary: row.title.en,
        });
      });
      for (const image of row.images) await deps.images.remove(image);
      if (row.downloadKey) await deps.blobs.remove(row.downloadKey);
    },

    /** Adds an uploaded image (checked by content: JPEG, WebP or PNG only) within the images-per-product setting. */
    async addImage(companyId: string, actor: Actor, id: string, bytes: Buffer): Promise<AdminProduct> {
      const settings = await deps.productSettings.read(companyId);
      const row = await findRow(db, companyId, id);
      if (row.images.length >= settings.imagesPerProduct) {
        throw businessRule(
          `A product can have at most ${settings.imagesPerProduct} images.`,
          "TOO_MANY_IMAGES",
        );
      }
      const address = await deps.images.store(bytes, { folder: "products", maxWidth: 1200, maxHeight: 1200 });
      await db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({
            images: sql`${products.images} || ${JSON.stringify([address])}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(products.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "product",
          entityId: id,
          summary: `${row.title.en}: image added`,
        });
      });
      return view(db, companyId, await findRow(db, companyId, id), await viewContext(companyId));
    },

    /** Stores the file a digital product delivers (replacing an earlier one). */
    async setDownload(
      companyId: string,
      actor: Actor,
      id: string,
      file: { bytes: Buffer; name: string; contentType: string },
    ): Promise<AdminProduct> {
      const row = await findRow(db, companyId, id);
      if (row.type !== "digital") {
        throw businessRule("Only a digital product has a file to download.", "NOT_DIGITAL");
      }
      if (file.bytes.length === 0) throw fieldError("file", "The upload is empty: choose a file.");
      const key = `downloads/${randomUUID()}`;
      await deps.blobs.put(key, { bytes: file.bytes }, file.contentType);
      await db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ downloadKey: key, downloadName: file.name, updatedAt: new Date() })
          .where(eq(products.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "product",
          entityId: id,
          summary: `${row.title.en}: file ${file.name}`,
        });
      });
      if (row.downloadKey) await deps.blobs.remove(row.downloadKey);
      return view(db, companyId, await findRow(db, companyId, id), await viewContext(companyId));
    },

    async adjustStock(
      companyId: string,
      actor: Actor,
      id: string,
      body: StockAdjustBody,
    ): Promise<AdminProduct> {
      const row = await findRow(db, companyId, id);
      if (row.type !== "physical") {
        throw businessRule("Only physical products count stock.", "STOCK_NOT_COUNTED");
      }
      const variants = await variantsOf(db, id);
      if (variants.length > 0 && !variants.some((variant) => variant.id === body.variantId)) {
        throw fieldError("variantId", "Choose the variant whose stock changes.");
      }
      if (variants.length === 0 && body.variantId)
        throw fieldError("variantId", "This product has no variants.");
      await db.transaction(async (tx) => {
        const after = await adjustStock(
          tx,
          companyId,
          { productId: id, variantId: body.variantId ?? null },
          body.change,
          {
            staffId: actor.id,
            note: body.note,
          },
        );
        await reviewLowStock(tx, companyId, [id], deps.lowStock);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "product",
          entityId: id,
          summary: `${row.title.en}: stock ${body.change > 0 ? "+" : ""}${body.change} → ${after}`,
        });
      });
      return view(db, companyId, await findRow(db, companyId, id), await viewContext(companyId));
    },

    async stockHistory(companyId: string, id: string, query: { page: number; limit: number }) {
      await findRow(db, companyId, id);
      const where = and(eq(stockMovements.companyId, companyId), eq(stockMovements.productId, id));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: stockMovements.id,
            variantId: stockMovements.variantId,
            reason: stockMovements.reason,
            change: stockMovements.change,
            quantityAfter: stockMovements.quantityAfter,
            orderId: stockMovements.orderId,
            orderNumber: orders.number,
            note: stockMovements.note,
            createdAt: stockMovements.createdAt,
          })
          .from(stockMovements)
          .leftJoin(orders, eq(orders.id, stockMovements.orderId))
          .where(where)
          .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(stockMovements).where(where),
      ]);
      return listPage(
        rows.map((row) => ({
          ...row,
          orderNumber: row.orderNumber !== null && row.orderNumber > 0 ? row.orderNumber : null,
          createdAt: row.createdAt.toISOString(),
        })),
        total?.value ?? 0,
        query,
      );
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
