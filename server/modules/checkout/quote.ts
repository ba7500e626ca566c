import { and, eq, inArray } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { courses } from "../catalog/catalog.tables";
import type { CurrencyService } from "../currency/currency.service";
import type { Conversion } from "../currency/exchange";
import { instalmentSchedule } from "../orders/instalments";
import { enrolments, orders } from "../orders/orders.tables";
import { type Discount, priceOrder } from "../orders/pricing";
import { type PricedProductLine, priceProductLines } from "../products/product-cart";
import type { SettingsService } from "../settings/settings.service";
import type { Quote, QuoteLine, StoreQuoteBody } from "./checkout.schemas";
import { type AppliedCoupon, applicableCoupon } from "./coupons";
import type { OrderScope, Visitor } from "./visitor";

/** What the quote step (what the cart costs this visitor now) needs: the database, currencies and tax. */
export interface QuoteDeps {
  db: Queryable;
  /** Prices are shown, ordered and charged in the visitor's chosen currency. */
  currencies: Pick<CurrencyService, "resolve">;
  settings: Pick<SettingsService, "tax">;
  now: () => Date;
}

/** A published course as the quote reads it (prices in the shop currency). */
export interface QuotedCourse {
  id: string;
  slug: string;
  title: { en: string } & Partial<Record<string, string>>;
  image: string | null;
  priceCents: number;
  salePriceCents: number | null;
  totalSeats: number | null;
  seatsSold: number;
  instalmentCount: number | null;
}

export interface Priced {
  lines: QuoteLine[];
  buyable: QuoteLine[];
  /** The cart's products, priced (sold-out ones flagged and not in the totals). */
  productLines: PricedProductLine[];
  /** Unknown or unpublished course ids, then product ids. */
  unavailable: string[];
  unavailableProducts: string[];
  /** Each course's title in every language, as the order line keeps it. */
  titles: Map<string, QuotedCourse["title"]>;
  /** From the shop currency into the currency of the quote and the order. */
  conversion: Conversion;
  vatRateBp: number;
  coupon: AppliedCoupon | null;
  totals: ReturnType<typeof priceOrder>;
  planCount: number | null;
}

const unitPrice = (course: { priceCents: number; salePriceCents: number | null }) =>
  course.salePriceCents ?? course.priceCents;

/**
 * The quote's lines in the order asked for: each price converted, then rounded to the currency's
 * minor unit (totals add those up). Unknown or unpublished ids are `unavailable`; owned and sold-out
 * courses are flagged and left out of `buyable`.
 */
export function quoteLines(
  courseIds: string[],
  found: QuotedCourse[],
  owned: ReadonlySet<string>,
  conversion: Pick<Conversion, "fromBase">,
  language: string,
): Pick<Priced, "lines" | "buyable" | "unavailable"> {
  const convert = conversion.fromBase;
  const byId = new Map(found.map((course) => [course.id, course]));
  const lines: QuoteLine[] = [];
  const unavailable: string[] = [];
  for (const id of courseIds) {
    const course = byId.get(id);
    if (!course) {
      unavailable.push(id);
      continue;
    }
    lines.push({
      courseId: course.id,
      slug: course.slug,
      title: translate(course.title, language),
      image: course.image,
      priceCents: convert(course.priceCents),
      salePriceCents: course.salePriceCents === null ? null : convert(course.salePriceCents),
      unitPriceCents: convert(unitPrice(course)),
      instalmentCount: course.instalmentCount,
      owned: owned.has(course.id),
      soldOut: course.totalSeats !== null && course.seatsSold >= course.totalSeats,
    });
  }
  return { lines, buyable: lines.filter((line) => !line.owned && !line.soldOut), unavailable };
}

/**
 * Instalments are offered when every course to buy allows them: as many as the strictest allows.
 * Products are paid in full, so a cart with products has no payment plan.
 */
export function paymentPlanCount(
  buyable: Pick<QuoteLine, "instalmentCount">[],
  productCount = 0,
): number | null {
  const counts = buyable.map((line) => line.instalmentCount ?? 1);
  return productCount === 0 && buyable.length > 0 && counts.every((count) => count >= 2)
    ? Math.min(...counts)
    : null;
}

/** Lines, totals and coupon for the courses a customer can buy now; owned and sold-out ones are flagged. */
export async function priceCart(
  deps: QuoteDeps,
  visitor: Pick<Visitor, "companyId" | "language" | "currency">,
  /** Whose courses count as owned (a guest session: only those its own orders bought). */
  owner: OrderScope | null,
  body: StoreQuoteBody,
): Promise<Priced> {
  const { db } = deps;
  const { companyId, language } = visitor;
  const [found, owned, conversion, tax] = await Promise.all([
    publishedCourses(db, companyId, body.courseIds),
    ownedCourseIds(db, companyId, owner, body.courseIds),
    deps.currencies.resolve(companyId, visitor.currency),
    deps.settings.tax(companyId),
  ]);
  const { lines, buyable, unavailable } = quoteLines(body.courseIds, found, owned, conversion, language);
  const productPart = await priceProductLines(db, companyId, body.items, conversion.fromBase, language);
  const priced = [
    ...buyable.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: 1 })),
    ...productPart.lines
      .filter((line) => !line.soldOut)
      .map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity })),
  ];
  const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const coupon = body.couponCode
    ? await applicableCoupon(db, {
        companyId,
        code: body.couponCode,
        subtotalCents,
        currency: conversion.currency,
        convert: conversion.fromBase,
        language: "en",
        now: deps.now(),
        customerId: owner?.customerId ?? null,
        lines: [
          ...buyable.map((line) => ({ courseId: line.courseId, amountCents: line.unitPriceCents })),
          ...productPart.lines
            .filter((line) => !line.soldOut)
            .map((line) => ({ productId: line.productId, amountCents: line.unitPriceCents * line.quantity })),
        ],
      })
    : null;
  return {
    lines,
    buyable,
    productLines: productPart.lines,
    unavailable: [...unavailable, ...productPart.unavailable],
    unavailableProducts: productPart.unavailable,
    titles: new Map(found.map((course) => [course.id, course.title])),
    conversion,
    vatRateBp: tax.vatRateBp,
    coupon,
    totals: priceOrder(priced, tax.vatRateBp, coupon?.discount, coupon?.eligibleCents),
    planCount: paymentPlanCount(buyable, productPart.lines.length),
  };
}

/** The quote the storefront shows; a payment plan's first and later instalments from `now`. */
export function toQuote(priced: Priced, now: Date): Quote {
  const { totals, coupon, planCount } = priced;
  const schedule = planCount ? instalmentSchedule(totals.totalCents, planCount, now) : null;
  return {
    lines: priced.lines,
    productLines: priced.productLines.map(({ titles: _titles, stock: _stock, ...line }) => line),
    unavailable: priced.unavailable,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    vatCents: totals.vatCents,
    vatRateBp: totals.vatRateBp,
    totalCents: totals.totalCents,
    currency: priced.conversion.currency,
    coupon: coupon ? { code: coupon.code, ...discountSummary(coupon.discount) } : null,
    paymentPlan:
      planCount && schedule
        ? {
            instalments: planCount,
            firstCents: schedule[0]?.amountCents ?? 0,
            laterCents: schedule[1]?.amountCents ?? 0,
          }
        : null,
  };
}

function discountSummary(discount: Discount): { discountType: "percentage" | "fixed"; value: number } {
  return discount.type === "percentage"
    ? { discountType: "percentage", value: discount.value }
    : { discountType: "fixed", value: discount.valueCents };
}

async function publishedCourses(db: Queryable, companyId: string, ids: string[]): Promise<QuotedCourse[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      image: courses.image,
      priceCents: courses.priceCents,
      salePriceCents: courses.salePriceCents,
      totalSeats: courses.totalSeats,
      seatsSold: courses.seatsSold,
      instalmentCount: courses.instalmentCount,
    })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.published, true), inArray(courses.id, ids)));
}

/**
 * The courses of `ids` the owner is enrolled in. A guest session counts only enrolments its own
 * orders gave: whether someone else (with the email it typed) owns a course is none of its business.
 */
async function ownedCourseIds(
  db: Queryable,
  companyId: string,
  owner: OrderScope | null,
  ids: string[],
): Promise<Set<string>> {
  if (!owner || ids.length === 0) return new Set<string>();
  const where = and(
    eq(enrolments.companyId, companyId),
    eq(enrolments.customerId, owner.customerId),
    inArray(enrolments.courseId, ids),
  );
  const rows = owner.guestSessionId
    ? await db
        .select({ courseId: enrolments.courseId })
        .from(enrolments)
        .innerJoin(orders, eq(orders.id, enrolments.orderId))
        .where(and(where, eq(orders.guestSessionId, owner.guestSessionId)))
    : await db.select({ courseId: enrolments.courseId }).from(enrolments).where(where);
  return new Set(rows.map((row) => row.courseId));
}
