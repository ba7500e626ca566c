import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { CouponStatus } from "~shared/coupon-enums";
import type { Language } from "~shared/language";
import { type Translatable, translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { AppError, conflict, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import { fieldChanges } from "../audit/audit-changes";
import { categories, courses } from "../catalog/catalog.tables";
import { coupons } from "../orders/orders.tables";
import { products } from "../products/products.tables";
import { couponUseCounts } from "./coupon-uses";
import type { AdminListCouponsQuery, Coupon, CouponBody } from "./coupons.schemas";

/** A coupon as the storefront's Offers page shows it. */
export interface StoreOffer {
  code: string;
  campaignName: string;
  bannerImage: string | null;
  discountType: "percentage" | "fixed";
  /** Percentage points, or cents of the shop currency. */
  discountValue: number;
  minimumAmountCents: number;
  endsAt: string;
  /** Only for some courses, categories or products. */
  restricted: boolean;
}

/** The staff member making a change (recorded in the audit log). */
export interface CouponActor {
  id: string;
  email: string;
}

type Row = typeof coupons.$inferSelect;

export const DUPLICATE_CODE = "A coupon with this code already exists.";

/** Where a coupon stands at `now`: not started, running, or over. */
export function couponStatus(row: { startsAt: Date; endsAt: Date }, now = new Date()): CouponStatus {
  if (row.startsAt > now) return "scheduled";
  if (row.endsAt <= now) return "expired";
  return "active";
}

const toCoupon = (row: Row, usedCount: number, now = new Date()): Coupon => ({
  id: row.id,
  code: row.code,
  campaignName: row.campaignName as Record<string, string>,
  bannerImage: row.bannerImage,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  discountType: row.discountType,
  discountValue: row.discountValue,
  minimumAmountCents: row.minimumAmountCents,
  published: row.published,
  usageLimit: row.usageLimit,
  usageLimitPerCustomer: row.usageLimitPerCustomer,
  courseIds: row.courseIds,
  categoryIds: row.categoryIds,
  productIds: row.productIds,
  usedCount,
  status: couponStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A date-only value is midnight UTC of that day. */
const toDate = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);

const SORT_COLUMNS = {
  campaignName: sql`lower(${coupons.campaignName}->>'en')`,
  code: coupons.code,
  discountValue: coupons.discountValue,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  minimumAmountCents: coupons.minimumAmountCents,
  createdAt: coupons.createdAt,
} as const;

/** The most courses, categories or products the coupon form offers of each. */
const OPTION_LIMIT = 500;

export interface CouponRestrictionOptions {
  courses: { id: string; name: Translatable }[];
  categories: { id: string; name: Translatable }[];
  products: { id: string; name: Translatable }[];
}

/** The coupon fields an update's audit entry compares. */
const AUDITED_FIELDS = [
  "code",
  "campaignName",
  "bannerImage",
  "startsAt",
  "endsAt",
  "discountType",
  "discountValue",
  "minimumAmountCents",
  "published",
  "usageLimit",
  "usageLimitPerCustomer",
  "courseIds",
  "categoryIds",
  "productIds",
] as const;

async function usedCount(db: Queryable, id: string): Promise<number> {
  return (await couponUseCounts(db, [id], new Date())).get(id) ?? 0;
}

/** Postgres unique violation (the company + upper(code) index). */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

/** Discount campaigns: the staff's CRUD; checkout applies them (checkout/coupons.ts). */
export function createCouponService(db: Db, deps: { audit: AuditService }) {
  const { audit } = deps;

  async function codeTaken(tx: Queryable, companyId: string, code: string, exceptId?: string) {
    const conditions: SQL[] = [
      eq(coupons.companyId, companyId),
      eq(sql`upper(${coupons.code})`, code.toUpperCase()),
    ];
    if (exceptId) conditions.push(ne(coupons.id, exceptId));
    const [row] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(...conditions));
    return Boolean(row);
  }

  const values = (input: CouponBody) => ({
    code: input.code.toUpperCase(),
    campaignName: cleanName(input.campaignName),
    bannerImage: input.bannerImage || null,
    startsAt: toDate(input.startsAt),
    endsAt: toDate(input.endsAt),
    discountType: input.discountType,
    discountValue: input.discountValue,
    minimumAmountCents: input.minimumAmountCents,
    published: input.published,
    usageLimit: input.usageLimit,
    usageLimitPerCustomer: input.usageLimitPerCustomer,
    courseIds: input.courseIds,
    categoryIds: input.categoryIds,
    productIds: input.productIds,
  });

  /** Every course, category and product the coupon is restricted to belongs to this company. */
  async function checkRestrictions(tx: Queryable, companyId: string, input: CouponBody) {
    const checks = [
      { ids: input.courseIds, table: courses, message: "Some of the chosen courses do not exist." },
      { ids: input.categoryIds, table: categories, message: "Some of the chosen categories do not exist." },
      { ids: input.productIds, table: products, message: "Some of the chosen products do not exist." },
    ] as const;
    for (const { ids, table, message } of checks) {
      if (ids.length === 0) continue;
      const [found] = await tx
        .select({ value: count() })
        .from(table)
        .where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
      if ((found?.value ?? 0) !== ids.length) throw new AppError(400, "COUPON_RESTRICTION_UNKNOWN", message);
    }
  }

  /** Runs a write; a concurrent duplicate code (unique index) reads as the same 409. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE, "COUPON_CODE_TAKEN");
      throw error;
    }
  }

  return {
    /**
     * The storefront's offers: published coupons running at `now` that are not used up (fewer uses
     * than their usage limit), ending soonest first, with their banner and campaign name in
     * `language` (English as fallback). Whether a coupon is limited to some courses, categories or
     * products is said, not which.
     */
    async offers(companyId: string, language: Language, now = new Date()): Promise<StoreOffer[]> {
      const rows = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.companyId, companyId),
            eq(coupons.published, true),
            lte(coupons.startsAt, now),
            gt(coupons.endsAt, now),
          ),
        )
        .orderBy(asc(coupons.endsAt), asc(coupons.code));
      const used = await couponUseCounts(
        db,
        rows.filter((row) => row.usageLimit !== null).map((row) => row.id),
        now,
      );
      return rows
        .filter((row) => row.usageLimit === null || (used.get(row.id) ?? 0) < row.usageLimit)
        .map((row) => ({
          code: row.code,
          campaignName: translate(row.campaignName as Translatable, language),
          bannerImage: row.bannerImage,
          discountType: row.discountType,
          discountValue: row.discountValue,
          minimumAmountCents: row.minimumAmountCents,
          endsAt: row.endsAt.toISOString(),
          restricted: row.courseIds.length + row.categoryIds.length + row.productIds.length > 0,
        }));
    },

    async list(companyId: string, query: AdminListCouponsQuery): Promise<ListPage<Coupon>> {
      const now = new Date();
      const conditions: SQL[] = [eq(coupons.companyId, companyId)];
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(ilike(coupons.code, pattern), sql`${coupons.campaignName}::text ilike ${pattern}`)!,
        );
      }
      if (query.status === "scheduled") conditions.push(gt(coupons.startsAt, now));
      if (query.status === "expired") conditions.push(lte(coupons.endsAt, now));
      if (query.status === "active") conditions.push(lte(coupons.startsAt, now), gt(coupons.endsAt, now));
      if (query.discountType) conditions.push(eq(coupons.discountType, query.discountType));
      if (query.published) conditions.push(eq(coupons.published, query.published === "true"));
      const where = and(...conditions);
      const direction = query.order === "asc" ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(
            direction(SORT_COLUMNS[query.sort ?? "createdAt"]),
            desc(coupons.createdAt),
            desc(coupons.id),
          )
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(coupons).where(where),
      ]);
      const uses = await couponUseCounts(
        db,
        rows.map((row) => row.id),
        now,
      );
      return listPage(
        rows.map((row) => toCoupon(row, uses.get(row.id) ?? 0, now)),
        total?.value ?? 0,
        query,
      );
    },

    async get(companyId: string, id: string): Promise<Coupon | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.companyId, companyId), eq(coupons.id, id)));
      return row ? toCoupon(row, await usedCount(db, row.id)) : null;
    },

    create(companyId: string, input: CouponBody, actor: CouponActor): Promise<Coupon> {
      return guarded(() =>
        db.transaction(async (tx) => {
          if (await codeTaken(tx, companyId, input.code)) throw conflict(DUPLICATE_CODE, "COUPON_CODE_TAKEN");
          await checkRestrictions(tx, companyId, input);
          const [row] = await tx
            .insert(coupons)
            .values({ companyId, ...values(input) })
            .returning();
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "create",
            entity: "coupon",
            entityId: row!.id,
            summary: `${row!.code}: ${row!.campaignName.en}`,
          });
          return toCoupon(row!, 0);
        }),
      );
    },

    update(companyId: string, id: string, input: CouponBody, actor: CouponActor): Promise<Coupon> {
      return guarded(() =>
        db.transaction(async (tx) => {
          if (await codeTaken(tx, companyId, input.code, id)) {
            throw conflict(DUPLICATE_CODE, "COUPON_CODE_TAKEN");
          }
          await checkRestrictions(tx, companyId, input);
          const [before] = await tx
            .select()
            .from(coupons)
            .where(and(eq(coupons.companyId, companyId), eq(coupons.id, id)))
            .for("no key update");
          if (!before) throw notFound("No such coupon exists.", "COUPON_NOT_FOUND");
          const [row] = await tx
            .update(coupons)
            .set({ ...values(input), updatedAt: new Date() })
            .where(and(eq(coupons.companyId, companyId), eq(coupons.id, id)))
            .returning();
          if (!row) throw notFound("No such coupon exists.", "COUPON_NOT_FOUND");
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "update",
            entity: "coupon",
            entityId: row.id,
            summary: `${row.code}: ${row.campaignName.en}`,
            changes: fieldChanges(before, row, AUDITED_FIELDS),
          });
          return toCoupon(row, await usedCount(tx, row.id));
        }),
      );
    },

    /** What a coupon may be restricted to: the company's courses, categories and products, by name. */
    async restrictionOptions(companyId: string): Promise<CouponRestrictionOptions> {
      const byName = (rows: { id: string; name: Translatable }[]) =>
        rows.map((row) => ({ id: row.id, name: row.name }));
      const [courseRows, categoryRows, productRows] = await Promise.all([
        db
          .select({ id: courses.id, name: courses.title })
          .from(courses)
          .where(eq(courses.companyId, companyId))
          .orderBy(sql`lower(${courses.title}->>'en')`)
          .limit(OPTION_LIMIT),
        db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.companyId, companyId))
          .orderBy(sql`lower(${categories.name}->>'en')`)
          .limit(OPTION_LIMIT),
        db
          .select({ id: products.id, name: products.title })
          .from(products)
          .where(eq(products.companyId, companyId))
          .orderBy(sql`lower(${products.title}->>'en')`)
          .limit(OPTION_LIMIT),
      ]);
      return { courses: byName(courseRows), categories: byName(categoryRows), products: byName(productRows) };
    },

    /** Publishes or unpublishes: an unpublished coupon is refused at checkout. */
    async setPublished(
      companyId: string,
      id: string,
      published: boolean,
      actor: CouponActor,
    ): Promise<Coupon> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(coupons)
          .set({ published, updatedAt: new Date() })
          .where(and(eq(coupons.companyId, companyId), eq(coupons.id, id)))
          .returning();
        if (!row) throw notFound("No such coupon exists.", "COUPON_NOT_FOUND");
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "coupon",
          entityId: row.id,
          summary: `${row.code}: ${published ? "published" : "unpublished"}`,
          changes: { published: { from: !published, to: published } },
        });
        return toCoupon(row, await usedCount(tx, row.id));
      });
    },

    /** Deletes coupons of this company (orders keep the code they used); returns how many. */
    async remove(companyId: string, ids: string[], actor: CouponActor): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(coupons)
          .where(and(eq(coupons.companyId, companyId), inArray(coupons.id, ids)))
          .returning({ id: coupons.id, code: coupons.code });
        for (const row of rows) {
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "coupon",
            entityId: row.id,
            summary: row.code,
          });
        }
        return rows.length;
      });
    },
  };
}

/** Trimmed translations; empty ones other than English are left out. */
function cleanName(name: Record<string, string>): Translatable {
  const cleaned: Translatable = { en: (name.en ?? "").trim() };
  for (const [code, text] of Object.entries(name)) {
    if (code !== "en" && text.trim()) cleaned[code] = text.trim();
  }
  return cleaned;
}

export type CouponService = ReturnType<typeof createCouponService>;
