import { and, eq, inArray } from "drizzle-orm";
import type { TaxClass } from "~shared/tax-classes";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { courses } from "../catalog/catalog.tables";
import type { CurrencyService } from "../currency/currency.service";
import type { Conversion } from "../currency/exchange";
import { instalmentSchedule } from "../orders/instalments";
import { enrolments, orders } from "../orders/orders.tables";
import { type Discount, discountFor, priceOrder } from "../orders/pricing";
import { type PricedProductLine, priceProductLines } from "../products/product-cart";
import type { CarrierOffer, ShippingService } from "../shipping/shipping.service";
import {
  type RateSummary,
  shareDiscount,
  summarizeRates,
  type TaxedLine,
  taxLine,
} from "../taxes/tax-calculation";
import type { CheckoutTax, TaxService } from "../taxes/taxes.service";
import type { Quote, QuoteLine, StoreQuoteBody } from "./checkout.schemas";
import { type AppliedCoupon, applicableCoupon } from "./coupons";
import type { OrderScope, Visitor } from "./visitor";

/** What the quote step (what the cart costs this visitor now) needs: the database, currencies and tax. */
export interface QuoteDeps {
  db: Queryable;
  /** Prices are shown, ordered and charged in the visitor's chosen currency. */
  currencies: Pick<CurrencyService, "resolve">;
  /** The tax of each line by the buyer's country and the line's class. */
  taxes: Pick<TaxService, "checkoutTax">;
  /** The carriers that serve a shipping address, and whether cash on delivery is offered. */
  shipping: Pick<ShippingService, "offers" | "readSettings">;
  now: () => Date;
}

export const SHIPPING_ADDRESS_NEEDED_MESSAGE =
  "Enter the address to ship to, to see the carriers and their cost.";
export const NO_CARRIER_MESSAGE =
  "We cannot ship to this address: no carrier delivers there. Choose another address, or remove the goods to ship.";
export const CARRIER_NOT_OFFERED_MESSAGE =
  "This carrier does not deliver to this address: choose one of the carriers offered.";

/** The shipping of a cart with goods to ship: the carriers offered, the chosen one and its cost (quote currency). */
export interface PricedShipping {
  options: Omit<CarrierOffer, "trackingUrlTemplate">[];
  chosen: CarrierOffer | null;
  costCents: number;
  cashOnDelivery: boolean;
  message: string | null;
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
  taxClass: TaxClass;
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
  totals: ReturnType<typeof priceOrder> & { shippingCents: number };
  planCount: number | null;
  /** The buyer's tax country, business details and whether the order is reverse-charged. */
  tax: Omit<CheckoutTax, "context"> & { reverseCharge: boolean; pricesIncludeTax: boolean };
  /** The tax of each course line (by course id) and product line (by `productLineKey`). */
  courseTaxes: Map<string, TaxedLine>;
  productTaxes: Map<string, TaxedLine>;
  /** Each rate with what it applies to and its amount. */
  taxLines: RateSummary[];
  /** Null: nothing in the cart is shipped. */
  shipping: PricedShipping | null;
}

/**
 * A sale at the counter (the point of sale): the cashier's discounts per line (by course id or
 * `productLineKey`) and on the whole order; goods are handed over, so nothing is shipped.
 */
export interface CounterPricing {
  lineDiscounts: Map<string, Discount>;
  orderDiscount: Discount | undefined;
  /** The cashier overrides items in use (POS Setting): a product short of stock is sold anyway. */
  overrideStock?: boolean;
}

/** A product line's key in `productTaxes`: a product (or variant) is in a cart once. */
export const productLineKey = (line: { productId: string; variantId: string | null }) =>
  `${line.productId}/${line.variantId ?? ""}`;

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
  /** Seats per course (a group purchase); 1 when not named. */
  seats: Readonly<Record<string, number>> = {},
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
    const quantity = seats[course.id] ?? 1;
    lines.push({
      courseId: course.id,
      slug: course.slug,
      title: translate(course.title, language),
      image: course.image,
      priceCents: convert(course.priceCents),
      salePriceCents: course.salePriceCents === null ? null : convert(course.salePriceCents),
      unitPriceCents: convert(unitPrice(course)),
      instalmentCount: course.instalmentCount,
      // Owning a course stops buying it for oneself, not buying seats for others.
      owned: quantity === 1 && owned.has(course.id),
      soldOut: course.totalSeats !== null && course.seatsSold >= course.totalSeats,
      quantity,
      seatsLeft: course.totalSeats === null ? null : Math.max(course.totalSeats - course.seatsSold, 0),
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
  counter?: CounterPricing,
): Promise<Priced> {
  const { db } = deps;
  const { companyId, language } = visitor;
  const [found, owned, conversion, tax] = await Promise.all([
    publishedCourses(db, companyId, body.courseIds),
    ownedCourseIds(db, companyId, owner, body.courseIds),
    deps.currencies.resolve(companyId, visitor.currency),
    deps.taxes.checkoutTax(companyId, body.buyer),
  ]);
  // Goods are taxed where they go (the buyer's country until an address is given).
  if (body.shipping)
    tax.context.shipping = { country: body.shipping.country, state: body.shipping.state ?? null };
  const { lines, buyable, unavailable } = quoteLines(
    body.courseIds,
    found,
    owned,
    conversion,
    language,
    body.seats ?? {},
  );
  const productPart = await priceProductLines(db, companyId, body.items, conversion.fromBase, language, {
    overrideStock: counter?.overrideStock === true,
  });
  const orderable = productPart.lines.filter((line) => !line.soldOut);
  const priced = [
    ...buyable.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity })),
    ...orderable.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity })),
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
          ...buyable.map((line) => ({
            courseId: line.courseId,
            amountCents: line.unitPriceCents * line.quantity,
          })),
          ...orderable.map((line) => ({
            productId: line.productId,
            amountCents: line.unitPriceCents * line.quantity,
          })),
        ],
      })
    : null;
  const classOf = new Map(found.map((course) => [course.id, course.taxClass]));
  const taxable = [
    ...buyable.map((line) => ({
      amountCents: line.unitPriceCents * line.quantity,
      taxClass: classOf.get(line.courseId) ?? ("digital_services" as const),
      physical: false,
    })),
    ...orderable.map((line) => ({
      amountCents: line.totalCents,
      taxClass: line.taxClass,
      physical: line.type !== "digital",
    })),
  ];
  const standardRate = tax.context.rateOf({ country: tax.country }, "standard")?.rateBp ?? 0;
  const lineKeys = [...buyable.map((line) => line.courseId), ...orderable.map(productLineKey)];
  const { totals, shares } = counter
    ? counterDiscounts(priced, standardRate, taxable, lineKeys, counter)
    : couponDiscount(priced, standardRate, taxable, coupon);
  const taxed = taxable.map((line, index) =>
    taxLine(tax.context, { ...line, amountCents: line.amountCents - (shares[index] ?? 0) }),
  );
  const rates = [...new Set(taxed.map((line) => line.rateBp))];
  const goodsTotalCents = taxed.reduce((sum, line) => sum + line.grossCents, 0);
  const shipping = counter
    ? null
    : await priceShipping(deps, companyId, body.shipping, orderable, conversion, goodsTotalCents);
  return {
    lines,
    buyable,
    productLines: productPart.lines,
    unavailable: [...unavailable, ...productPart.unavailable],
    unavailableProducts: productPart.unavailable,
    titles: new Map(found.map((course) => [course.id, course.title])),
    conversion,
    vatRateBp: totals.vatRateBp,
    coupon,
    totals: {
      ...totals,
      // One rate for the order when all lines share it, else the highest (each line keeps its own).
      vatRateBp: rates.length > 0 ? Math.max(...rates) : totals.vatRateBp,
      vatCents: taxed.reduce((sum, line) => sum + line.taxCents, 0),
      // Shipping is charged on top of the goods, as the carrier's cost (no tax of its own is worked out).
      totalCents: goodsTotalCents + (shipping?.costCents ?? 0),
      shippingCents: shipping?.costCents ?? 0,
    },
    planCount: paymentPlanCount(buyable, productPart.lines.length),
    tax: {
      country: tax.country,
      company: tax.company,
      vatNumber: tax.vatNumber,
      reverseCharge: tax.context.reverseCharge,
      pricesIncludeTax: tax.context.pricesIncludeTax,
    },
    courseTaxes: new Map(buyable.map((line, index) => [line.courseId, taxed[index]!])),
    productTaxes: new Map(
      orderable.map((line, index) => [productLineKey(line), taxed[buyable.length + index]!]),
    ),
    taxLines: summarizeRates(taxed),
    shipping,
  };
}

/** The coupon's discount, shared over the lines by their amounts. */
function couponDiscount(
  priced: { unitPriceCents: number; quantity: number }[],
  rateBp: number,
  taxable: { amountCents: number }[],
  coupon: AppliedCoupon | null,
) {
  const totals = priceOrder(priced, rateBp, coupon?.discount, coupon?.eligibleCents);
  const shares = shareDiscount(
    taxable.map((line) => line.amountCents),
    totals.discountCents,
  );
  return { totals, shares };
}

/**
 * The cashier's discounts: each line's own first, then the order's on what is left, shared over the
 * lines by what each still costs. Never more than a line or the order costs.
 */
function counterDiscounts(
  priced: { unitPriceCents: number; quantity: number }[],
  rateBp: number,
  taxable: { amountCents: number }[],
  keys: string[],
  counter: CounterPricing,
) {
  const before = priceOrder(priced, rateBp);
  const lineCuts = taxable.map((line, index) =>
    discountFor(line.amountCents, counter.lineDiscounts.get(keys[index] ?? "")),
  );
  const left = taxable.map((line, index) => line.amountCents - (lineCuts[index] ?? 0));
  const orderCut = discountFor(
    left.reduce((sum, amount) => sum + amount, 0),
    counter.orderDiscount,
  );
  const orderShares = shareDiscount(left, orderCut);
  const shares = lineCuts.map((cut, index) => cut + (orderShares[index] ?? 0));
  const discountCents = shares.reduce((sum, share) => sum + share, 0);
  return {
    totals: { ...before, discountCents, totalCents: before.subtotalCents - discountCents },
    shares,
  };
}

/**
 * The carriers for the cart's goods to ship (null: nothing to ship). Weight ranges take the goods'
 * weight; order-total ranges take the order total in the shop currency. Costs are converted into the
 * quote's currency. No address yet, or none served: no carrier and no cost, with a message saying why.
 */
async function priceShipping(
  deps: QuoteDeps,
  companyId: string,
  address: StoreQuoteBody["shipping"],
  orderable: PricedProductLine[],
  conversion: Conversion,
  goodsTotalCents: number,
): Promise<PricedShipping | null> {
  // Physical goods, and bundles holding any (a bundle of downloads ships nothing).
  const shipped = orderable.filter(
    (line) => line.type === "physical" || (line.type === "bundle" && line.stock.length > 0),
  );
  if (shipped.length === 0) return null;
  const { cashOnDelivery } = await deps.shipping.readSettings(companyId);
  if (!address) {
    return {
      options: [],
      chosen: null,
      costCents: 0,
      cashOnDelivery,
      message: SHIPPING_ADDRESS_NEEDED_MESSAGE,
    };
  }
  const offers = (
    await deps.shipping.offers(
      companyId,
      { country: address.country, state: address.state ?? null },
      {
        weight: shipped.reduce((sum, line) => sum + line.weight, 0),
        totalCents: conversion.toBase(goodsTotalCents),
      },
    )
  ).map((offer) => ({ ...offer, costCents: conversion.fromBase(offer.costCents) }));
  const chosen = offers.find((offer) => offer.carrierId === address.carrierId) ?? null;
  const message =
    offers.length === 0
      ? NO_CARRIER_MESSAGE
      : address.carrierId && !chosen
        ? CARRIER_NOT_OFFERED_MESSAGE
        : null;
  return {
    options: offers.map(({ trackingUrlTemplate: _template, ...offer }) => offer),
    chosen,
    costCents: chosen?.costCents ?? 0,
    cashOnDelivery,
    message,
  };
}

/** Whether the cart supplies digital content (a course, a download): only then is the withdrawal waiver asked. */
export const sellsDigitalContent = (priced: Pick<Priced, "lines" | "productLines">): boolean =>
  priced.lines.length > 0 || priced.productLines.some((line) => line.digital);

/** The quote the storefront shows; a payment plan's first and later instalments from `now`. */
export function toQuote(priced: Priced, now: Date, paymentMethods: Quote["paymentMethods"]): Quote {
  const { totals, coupon, planCount } = priced;
  const schedule = planCount ? instalmentSchedule(totals.totalCents, planCount, now) : null;
  return {
    lines: priced.lines,
    productLines: priced.productLines.map(
      ({ titles: _titles, stock: _stock, taxClass: _class, weight: _weight, digital: _digital, ...line }) =>
        line,
    ),
    digitalContent: sellsDigitalContent(priced),
    unavailable: priced.unavailable,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    vatCents: totals.vatCents,
    vatRateBp: totals.vatRateBp,
    totalCents: totals.totalCents,
    taxLines: priced.taxLines,
    taxCountry: priced.tax.country,
    reverseCharge: priced.tax.reverseCharge,
    pricesIncludeTax: priced.tax.pricesIncludeTax,
    currency: priced.conversion.currency,
    shipping: priced.shipping
      ? {
          options: priced.shipping.options,
          carrierId: priced.shipping.chosen?.carrierId ?? null,
          costCents: priced.shipping.costCents,
          cashOnDelivery: priced.shipping.cashOnDelivery,
          message: priced.shipping.message,
        }
      : null,
    coupon: coupon ? { code: coupon.code, ...discountSummary(coupon.discount) } : null,
    paymentPlan:
      planCount && schedule
        ? {
            instalments: planCount,
            firstCents: schedule[0]?.amountCents ?? 0,
            laterCents: schedule[1]?.amountCents ?? 0,
          }
        : null,
    paymentMethods,
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
      taxClass: courses.taxClass,
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
