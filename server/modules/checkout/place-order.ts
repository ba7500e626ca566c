import { randomInt } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { CHECKOUT_CONSENT_VERSION } from "~shared/checkout-consent";
import { isRedirectMethod } from "~shared/order-enums";
import type { Db, Queryable } from "../../db/client";
import { retryOnConflict } from "../../db/retry-transaction";
import { batchedLookup } from "../../lib/batched-lookup";
import { AppError, badRequest, businessRule, conflict, notFound, unauthorized } from "../../lib/errors";
import type { SessionService, StartedSession } from "../auth/sessions.service";
import { nextCounter } from "../orders/counters";
import { instalmentSchedule } from "../orders/instalments";
import { loadOrderDetails, type OrderDetails, orderDetailsOf, toOrderView } from "../orders/order-details";
import { orderInstalments, orderLines, orders } from "../orders/orders.tables";
import { METHOD_NOT_OFFERED_MESSAGE, type PaymentMethods } from "../payments/payment-methods";
import type { PaymentProvider } from "../payments/provider";
import { holdsDigitalContent } from "../products/digital-content";
import type { LowStockNotice } from "../products/low-stock";
import { OUT_OF_STOCK_MESSAGE, takeStock } from "../products/stock";
import type { TaxedLine } from "../taxes/tax-calculation";
import { type CancelDeps, cancelOrders, releaseExpired } from "./cancel";
import type { OrderView, StoreCheckoutBody } from "./checkout.schemas";
import { claimCouponUse } from "./coupons";
import { type BuyingCustomer, customerById, findOrCreateGuestCustomer } from "./guest-customer";
import { checkCredit } from "./pay-credit";
import {
  CARRIER_NOT_OFFERED_MESSAGE,
  type CounterPricing,
  NO_CARRIER_MESSAGE,
  type PricedShipping,
  priceCart,
  productLineKey,
  type QuoteDeps,
  sellsDigitalContent,
} from "./quote";

/** What an order line keeps of its tax. */
const lineTax = (taxed: TaxedLine | undefined) =>
  taxed
    ? {
        taxName: taxed.name,
        taxRateBp: taxed.rateBp,
        taxBaseCents: taxed.baseCents,
        taxCents: taxed.taxCents,
      }
    : {};

import { type SeatGate, soldOut } from "./seat-gate";
import { reserveSeatsAndNumberOrder, type SeatCount, seatCourseIds } from "./seats";
import { type OrderScope, scopedOrders, type Visitor, viewerScope } from "./visitor";
import { runWorkflow, type WorkflowLog } from "./workflow";

/** How long a pending order holds its seats. */
export const ORDER_HOLD_MS = 30 * 60 * 1000;
export const ALREADY_OWNED_MESSAGE = "You already own this course.";

export interface PlacedOrder {
  order: OrderView;
  /** A guest session started for an anonymous visitor: the adapter sets its cookies. */
  guestSession: StartedSession | null;
}

/** An order placed earlier with an Idempotency-Key. */
export interface KeyedOrder {
  id: string;
  customerId: string | null;
  /** The guest session that placed it (null: a customer's). */
  guestSessionId: string | null;
}

/** The order an Idempotency-Key placed, if any. */
export type IdempotencyLookup = (companyId: string, key: string) => Promise<KeyedOrder | null>;

/** What placing an order needs, besides what the quote and cancelling need. */
export interface PlaceOrderDeps extends QuoteDeps, CancelDeps {
  db: Db;
  /** The school's card provider's name (Stripe with its keys or the environment's, else demo). */
  cardProviderName(companyId: string): Promise<PaymentProvider["name"]>;
  /** Which ways to pay beside the card the school offers (PayPal, iDEAL); none when left out. */
  paymentMethods?: Pick<PaymentMethods, "offered">;
  sessions: Pick<SessionService, "start" | "attachGuestCustomer" | "revoke">;
  /** Admission per course in front of the seat claim. */
  seatGate: Pick<SeatGate, "enter">;
  findByIdempotencyKey: IdempotencyLookup;
  log: WorkflowLog;
  /** In the order's transaction: the low-stock mail to staff, when the order leaves a product low. */
  lowStockNotice: LowStockNotice;
}

/** One checkout's order to write: who asks, who buys, what, and the request's Idempotency-Key. */
interface OrderRequest {
  visitor: Visitor;
  buyer: BuyingCustomer;
  /** The guest session placing the order (null: a signed-in customer). */
  guestSessionId: string | null;
  /** The guest session was started by this request (a fresh visitor). */
  freshGuest: boolean;
  body: StoreCheckoutBody;
  idempotencyKey: string | undefined;
  /** Staff place it for the customer (a manual enrolment paid at the desk): no checkout consents. */
  byStaff?: boolean | undefined;
  counter?: CounterSale | undefined;
}

/** How an order is placed: by the buyer at checkout (default), or by staff for the customer. */
export interface PlaceOrderOptions {
  byStaff?: boolean;
  /** A sale at the point of sale (placed by staff): its cashier, discounts and note. */
  counter?: CounterSale;
}

/** What a point-of-sale order keeps besides its cart: who sold it, the cashier's discounts, a note. */
export interface CounterSale extends CounterPricing {
  sellerStaffId: string;
  notes: string | null;
  /** A table order (the restaurant view): the table's name. */
  tableInfo?: string | null;
}

/** A placed order: its seats as the database counted them, and its view (null: an earlier order). */
interface PlacedRows {
  orderId: string;
  seats: Map<string, SeatCount>;
  details: OrderDetails | null;
}

/** Keys asked for at the same moment share one query. */
export function idempotencyLookup(db: Db): IdempotencyLookup {
  const orderByKey = batchedLookup(async (companyId, keys) => {
    const rows = await db
      .select({
        id: orders.id,
        customerId: orders.customerId,
        guestSessionId: orders.guestSessionId,
        key: orders.idempotencyKey,
      })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.idempotencyKey, keys)));
    return new Map(rows.map(({ key, ...order }) => [key as string, order]));
  });
  return async (companyId, key) => (await orderByKey(companyId, key)) ?? null;
}

/**
 * Places a pending order for the buyer. Workflow: resolve the buyer (find-or-create a guest
 * customer), start an anonymous visitor's guest session, then in one transaction the order (with
 * the guest session that placed it), its lines, its instalment schedule and a seat of every course;
 * then a guest session that bought as another record follows it. The same Idempotency-Key returns
 * the same order.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  visitor: Visitor,
  body: StoreCheckoutBody,
  idempotencyKey?: string,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const context: {
    buyer?: BuyingCustomer;
    /** The order placed earlier with this Idempotency-Key. */
    earlier?: KeyedOrder | null;
    orderId?: string;
    /** The placed order as written (null when an earlier one is returned). */
    details?: OrderDetails | null;
    replayed: boolean;
    guestSession: StartedSession | null;
  } = { replayed: false, guestSession: null };

  const lookUpKey = () =>
    idempotencyKey ? deps.findByIdempotencyKey(visitor.companyId, idempotencyKey) : Promise.resolve(null);
  if (!options.byStaff) {
    // Only a checkout without the waiver needs to know whether its cart holds digital content.
    const digital =
      body.immediateAccess === true ||
      body.courseIds.length > 0 ||
      (await holdsDigitalContent(
        deps.db,
        visitor.companyId,
        body.items.map((item) => item.productId),
      ));
    checkConsents(body, digital);
  }
  let keyLookup: ReturnType<typeof lookUpKey> | undefined;
  let leaveGate: Awaited<ReturnType<SeatGate["enter"]>> | undefined;
  try {
    leaveGate = await deps.seatGate.enter(visitor.companyId, body.courseIds);
  } catch (error) {
    // Known to be full: answered without a transaction, unless this key placed an order before.
    keyLookup = lookUpKey();
    if (!(await keyLookup)) throw error;
  }

  try {
    await runWorkflow(
      "checkout",
      [
        {
          name: "resolve buyer",
          run: async (ctx) => {
            [ctx.buyer, ctx.earlier] = await Promise.all([
              resolveBuyer(deps.db, visitor, body.guest),
              keyLookup ?? lookUpKey(),
            ]);
          },
        },
        {
          name: "start guest session",
          run: async (ctx) => {
            ctx.guestSession = await startGuestSession(deps, visitor, ctx.buyer!);
          },
          compensate: async (ctx) => {
            if (ctx.guestSession) await deps.sessions.revoke(ctx.guestSession.sessionId);
          },
        },
        {
          name: "place order",
          run: async (ctx) => {
            const buyer = ctx.buyer!;
            const earlier = ctx.earlier;
            const guestSessionId = placingGuestSession(visitor, ctx.guestSession);
            if (earlier) {
              if (!sameBuyer(earlier, buyer, visitor, ctx.guestSession)) {
                throw conflict("This Idempotency-Key belongs to another order.", "IDEMPOTENCY_KEY_REUSED");
              }
              // The first answer (and its cookie) never arrived: the new guest session takes the order.
              if (ctx.guestSession && earlier.guestSessionId) {
                await deps.db
                  .update(orders)
                  .set({ guestSessionId: ctx.guestSession.sessionId })
                  .where(and(eq(orders.companyId, visitor.companyId), eq(orders.id, earlier.id)));
              }
              ctx.orderId = earlier.id;
              ctx.replayed = true;
              return;
            }
            try {
              const placed = await insertOrder(deps, {
                visitor,
                buyer,
                guestSessionId,
                freshGuest: ctx.guestSession !== null,
                body,
                idempotencyKey,
                byStaff: options.byStaff,
                counter: options.counter,
              });
              ctx.orderId = placed.orderId;
              ctx.details = placed.details;
              leaveGate?.(placed.seats);
            } catch (error) {
              leaveGate?.(isSoldOut(error) ? "sold-out" : "failed");
              throw error;
            }
          },
          compensate: async (ctx) => {
            if (!ctx.orderId || ctx.replayed) return;
            await cancelOrders(
              deps,
              visitor.companyId,
              and(eq(orders.id, ctx.orderId!), eq(orders.companyId, visitor.companyId)),
            );
          },
        },
        {
          name: "follow buyer",
          run: async (ctx) => {
            await followBuyer(deps, visitor, ctx.buyer!);
          },
        },
      ],
      context,
      deps.log,
    );
  } finally {
    leaveGate?.("failed");
  }

  const order =
    context.details ??
    (await loadOrderDetails(deps.db, visitor.companyId, context.orderId!, visitor.language));
  if (!order) throw new Error("placed order was not found");
  return { order: toOrderView(order), guestSession: context.guestSession };
}

/** The customer who buys: the signed-in one, the guest's details, or the customer a guest session bought as. */
async function resolveBuyer(
  db: Db,
  visitor: Visitor,
  guest: StoreCheckoutBody["guest"],
): Promise<BuyingCustomer> {
  if (visitor.customerId) {
    const customer = await customerById(db, visitor.companyId, visitor.customerId);
    if (customer) return customer;
  }
  if (guest) return findOrCreateGuestCustomer(db, visitor.companyId, guest);
  const guestCustomerId = viewerScope(visitor)?.customerId;
  if (guestCustomerId) {
    const customer = await customerById(db, visitor.companyId, guestCustomerId);
    if (customer) return customer;
  }
  throw unauthorized("Sign in, or continue as a guest with your name and email, to check out.");
}

/** An anonymous visitor gets a guest session bound to the buyer (returned, for the adapter to set). */
async function startGuestSession(
  deps: Pick<PlaceOrderDeps, "sessions">,
  visitor: Visitor,
  buyer: BuyingCustomer,
): Promise<StartedSession | null> {
  if (visitor.customerId || visitor.session) return null;
  return deps.sessions.start({
    companyId: visitor.companyId,
    realm: "guest",
    subjectId: buyer.id,
    userAgent: visitor.client?.userAgent,
    ip: visitor.client?.ip,
  });
}

/** A guest session that bought as another record now follows this buyer; everyone else keeps theirs. */
async function followBuyer(deps: Pick<PlaceOrderDeps, "sessions">, visitor: Visitor, buyer: BuyingCustomer) {
  const session = visitor.session;
  if (visitor.customerId || session?.realm !== "guest" || session.subjectId === buyer.id) return;
  await deps.sessions.attachGuestCustomer(session.id, buyer.id);
}

/** The guest session placing this checkout's order: the visitor's own, or the one just started. */
function placingGuestSession(visitor: Visitor, started: StartedSession | null): string | null {
  if (visitor.customerId) return null;
  if (started) return started.sessionId;
  return visitor.session?.realm === "guest" ? visitor.session.id : null;
}

/**
 * Whether the order an Idempotency-Key placed is this request's to see again: the same customer,
 * and for a guest's order the same guest session, or a fresh visitor (its first answer was lost).
 */
function sameBuyer(
  earlier: KeyedOrder,
  buyer: BuyingCustomer,
  visitor: Visitor,
  started: StartedSession | null,
): boolean {
  if (earlier.customerId !== buyer.id) return false;
  if (!earlier.guestSessionId || started) return true;
  return visitor.session?.realm === "guest" && visitor.session.id === earlier.guestSessionId;
}

/** Whose earlier orders and courses count for this checkout: a guest session's own only. */
function buyerScope(buyer: BuyingCustomer, guestSessionId: string | null): OrderScope {
  return { customerId: buyer.id, guestSessionId };
}

/**
 * Places the order; when a course is full, holds that have ended give their seats back and it
 * is tried once more (so expired holds are released only when someone needs their seats).
 */
async function insertOrder(deps: PlaceOrderDeps, request: OrderRequest): Promise<PlacedRows> {
  try {
    return await insertOrderOnce(deps, request);
  } catch (error) {
    if (!(isSoldOut(error) || isOutOfStock(error))) throw error;
    if ((await releaseExpired(deps, request.visitor.companyId)) === 0) throw error;
    return insertOrderOnce(deps, request);
  }
}

/**
 * Every checkout accepts the general terms; one with digital content (courses, downloads) also asks
 * for immediate access (terms §7). Else nothing is placed.
 */
export function checkConsents(
  body: Pick<StoreCheckoutBody, "acceptTerms" | "immediateAccess">,
  digitalContent: boolean,
): void {
  if (body.acceptTerms !== true) {
    throw new AppError(
      400,
      "TERMS_NOT_ACCEPTED",
      "Please accept the general terms and conditions to place your order.",
    );
  }
  if (digitalContent && body.immediateAccess !== true) {
    throw new AppError(
      400,
      "IMMEDIATE_ACCESS_NOT_CONFIRMED",
      "Please confirm that you want access straight away and that you then lose your right of withdrawal.",
    );
  }
}

/** A group purchase asks for more seats than the course has left. */
export const seatsExceededMessage = (left: number) =>
  left === 1
    ? "Only 1 seat of this course is left: choose at most 1 seat."
    : `Only ${left} seats of this course are left: choose at most ${left} seats.`;

/** Why these priced lines cannot be ordered as asked, if they cannot. */
export function checkOrderable(
  priced: {
    unavailable: string[];
    unavailableProducts?: string[];
    lines: {
      owned: boolean;
      soldOut: boolean;
      title?: string;
      quantity?: number;
      seatsLeft?: number | null;
    }[];
    productLines?: { soldOut: boolean }[];
    planCount: number | null;
  },
  body: Pick<StoreCheckoutBody, "instalments" | "acceptPaymentPlan">,
): void {
  const products = priced.unavailableProducts ?? [];
  if (products.length > 0) {
    throw notFound("This product is no longer available.", "PRODUCT_NOT_FOUND");
  }
  if (priced.unavailable.length > 0) {
    throw notFound("This course is no longer available.", "COURSE_NOT_FOUND");
  }
  if ((priced.productLines ?? []).some((line) => line.soldOut)) {
    throw conflict(OUT_OF_STOCK_MESSAGE, "OUT_OF_STOCK");
  }
  if (priced.lines.some((line) => line.owned)) throw conflict(ALREADY_OWNED_MESSAGE, "ALREADY_OWNED");
  // Sold out already: answer before opening a transaction that would queue for the course's row.
  if (priced.lines.some((line) => line.soldOut)) throw soldOut();
  // A group purchase never takes more seats than the course has left (its Total Seats).
  for (const line of priced.lines) {
    if (line.seatsLeft != null && (line.quantity ?? 1) > line.seatsLeft) {
      throw new AppError(409, "SEATS_EXCEEDED", seatsExceededMessage(line.seatsLeft), {
        title: line.title,
        seatsLeft: line.seatsLeft,
      });
    }
  }
  if (body.instalments > 1) {
    if (!priced.planCount) {
      throw businessRule("These courses cannot be paid in instalments.", "PAYMENT_PLAN_UNAVAILABLE");
    }
    if (body.instalments !== priced.planCount) {
      throw businessRule(
        `These courses can be paid in ${priced.planCount} instalments.`,
        "PAYMENT_PLAN_UNAVAILABLE",
      );
    }
    if (body.acceptPaymentPlan !== true) {
      throw businessRule(
        "Please accept the payment plan agreement to pay in instalments.",
        "PAYMENT_PLAN_NOT_ACCEPTED",
      );
    }
  }
}

export const COD_NOT_OFFERED_MESSAGE = "Cash on delivery is not offered: please pay by card.";
export const COD_NEEDS_SHIPPING_MESSAGE = "Cash on delivery is only for orders with goods to ship.";

/**
 * What the order keeps of its shipping, once the address, phone and carrier are complete and the
 * carrier serves the address; else a clear message and nothing is ordered. Nothing to ship: none.
 */
export function checkShipping(
  shipping: PricedShipping | null,
  body: Pick<StoreCheckoutBody, "shipping" | "paymentMethod" | "instalments">,
  buyerName: string,
) {
  if (body.paymentMethod === "cod") {
    if (!shipping) throw businessRule(COD_NEEDS_SHIPPING_MESSAGE, "COD_NOT_AVAILABLE");
    if (!shipping.cashOnDelivery) throw businessRule(COD_NOT_OFFERED_MESSAGE, "COD_NOT_AVAILABLE");
    if (body.instalments > 1) {
      throw businessRule("Cash on delivery is paid at once, not in instalments.", "COD_NOT_AVAILABLE");
    }
  }
  if (!shipping) return {};
  const address = body.shipping;
  const fields: Record<string, string> = {};
  if (!address) fields.country = "Choose the country to ship to.";
  if (!address?.line1) fields.line1 = "Enter the street and house number.";
  if (!address?.postalCode) fields.postalCode = "Enter the postal code.";
  if (!address?.city) fields.city = "Enter the city.";
  if (!address?.phone) fields.phone = "Enter a phone number for the carrier.";
  if (!address || Object.keys(fields).length > 0) {
    throw badRequest("Enter the address to ship to and a phone number.", { fields });
  }
  if (shipping.options.length === 0) throw businessRule(NO_CARRIER_MESSAGE, "NO_CARRIER");
  if (!shipping.chosen) {
    throw businessRule(
      address.carrierId ? CARRIER_NOT_OFFERED_MESSAGE : "Choose a carrier.",
      "CARRIER_REQUIRED",
      { fields: { carrierId: "Choose a carrier." } },
    );
  }
  return {
    shippingAddress: {
      name: address.name || buyerName,
      line1: address.line1,
      line2: address.line2 || null,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      state: address.state ?? null,
    },
    shippingPhone: address.phone,
    shippingCarrierId: shipping.chosen.carrierId,
    shippingCarrierName: shipping.chosen.name,
    shippingTrackingUrlTemplate: shipping.chosen.trackingUrlTemplate,
  };
}

/** PayPal and iDEAL only where the school offers them in the order's currency, paid at once. */
async function checkPaymentMethod(
  deps: Pick<PlaceOrderDeps, "paymentMethods">,
  companyId: string,
  body: Pick<StoreCheckoutBody, "paymentMethod" | "instalments">,
  currency: string,
) {
  if (!isRedirectMethod(body.paymentMethod)) return;
  const offered = (await deps.paymentMethods?.offered(companyId, currency)) ?? [];
  if (!offered.includes(body.paymentMethod)) {
    throw businessRule(METHOD_NOT_OFFERED_MESSAGE, "PAYMENT_METHOD_NOT_AVAILABLE");
  }
  if (body.instalments > 1) {
    throw businessRule(
      "A payment plan is paid by card: choose the card to pay in instalments.",
      "PAYMENT_METHOD_NOT_AVAILABLE",
    );
  }
}

/**
 * The transaction of a checkout: order, lines, schedule and seats, or nothing at all. The rows
 * other checkouts wait for (each course's seat counter, then the company's order counter) are
 * taken last, right before commit, so buyers of one course queue behind short transactions.
 */
async function insertOrderOnce(deps: PlaceOrderDeps, request: OrderRequest): Promise<PlacedRows> {
  const { visitor, buyer, guestSessionId, freshGuest, body, idempotencyKey, byStaff, counter } = request;
  const { db } = deps;
  // A customer this checkout created owns nothing yet.
  const owner = buyer.isNew ? null : buyerScope(buyer, guestSessionId);
  const priced = await priceCart(deps, visitor, owner, body, counter);
  const { conversion } = priced;
  checkOrderable(priced, body);
  const shipment = checkShipping(priced.shipping, body, buyer.name);
  await checkPaymentMethod(deps, visitor.companyId, body, conversion.currency);
  await checkCredit(deps.db, visitor, body, conversion.currency, priced.totals.totalCents);
  const cardProvider = await deps.cardProviderName(visitor.companyId);
  const cashOnDelivery = body.paymentMethod === "cod";
  const instalments = body.instalments;
  const placedAt = deps.now();
  const byId = new Map(priced.lines.map((line) => [line.courseId, line]));
  const courseIds = body.courseIds;
  const productLines = priced.productLines;

  // Any order this buyer left open gives its seats back first, in a transaction of its own.
  // Inside the checkout's, it would lock that order's dashboard rows and course before the new
  // order's, and two returning buyers could deadlock (PostgreSQL waits a second to break one).
  // A guest session gives back only what it placed itself, never another guest's (same email) orders;
  // an order staff place leaves the customer's own open orders alone.
  // A cash-on-delivery order is Pending until its parcel is paid at the door: it is not left open.
  if (owner && !byStaff) {
    await cancelOrders(
      deps,
      visitor.companyId,
      and(eq(orders.companyId, visitor.companyId), scopedOrders(owner), ne(orders.paymentMethod, "cod")),
    );
  }

  try {
    return await retryOnConflict(() =>
      db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            companyId: visitor.companyId,
            number: provisionalOrderNumber(),
            customerId: buyer.id,
            customerName: buyer.name,
            customerEmail: buyer.email,
            status: "pending",
            paymentMethod:
              cashOnDelivery || isRedirectMethod(body.paymentMethod) || body.paymentMethod === "credit"
                ? body.paymentMethod
                : cardProvider === "stripe"
                  ? "stripe"
                  : "card",
            channel: byStaff ? "pos" : "online",
            // The currency and rate of this order stay as they were: later rate changes never touch it.
            currency: conversion.currency,
            exchangeRate: conversion.rate,
            ...priced.totals,
            taxCountry: priced.tax.country,
            buyerCompany: priced.tax.company,
            buyerVatNumber: priced.tax.vatNumber,
            reverseCharge: priced.tax.reverseCharge,
            pricesIncludeTax: priced.tax.pricesIncludeTax,
            baseTotalCents: conversion.toBase(priced.totals.totalCents),
            couponId: priced.coupon?.id ?? null,
            couponCode: priced.coupon?.code ?? null,
            language: visitor.language,
            instalmentCount: instalments,
            idempotencyKey: idempotencyKey ?? null,
            guestSessionId,
            // The buyer's own consents at checkout; an order staff place has none to record.
            termsAcceptedAt: byStaff ? null : placedAt,
            // Goods only: nothing is waived, the right of withdrawal stays.
            withdrawalWaivedAt: byStaff || !sellsDigitalContent(priced) ? null : placedAt,
            consentVersion: byStaff ? null : CHECKOUT_CONSENT_VERSION,
            ...shipment,
            ...(counter
              ? {
                  sellerStaffId: counter.sellerStaffId,
                  notes: counter.notes,
                  tableInfo: counter.tableInfo ?? null,
                }
              : {}),
            // Cash on delivery holds its goods until staff record the cash (or cancel it).
            expiresAt: cashOnDelivery ? null : new Date(placedAt.getTime() + ORDER_HOLD_MS),
          })
          .returning();
        const orderId = order!.id;
        if (courseIds.length > 0) {
          await tx.insert(orderLines).values(
            courseIds.map((courseId) => {
              const line = byId.get(courseId)!;
              return {
                companyId: visitor.companyId,
                orderId,
                courseId,
                title: priced.titles.get(courseId) ?? { en: line.title },
                unitPriceCents: line.unitPriceCents,
                quantity: line.quantity,
                totalCents: line.unitPriceCents * line.quantity,
                ...lineTax(priced.courseTaxes.get(courseId)),
              };
            }),
          );
        }
        const productRows =
          productLines.length > 0
            ? await tx
                .insert(orderLines)
                .values(
                  productLines.map((line) => ({
                    companyId: visitor.companyId,
                    orderId,
                    productId: line.productId,
                    variantId: line.variantId,
                    note: line.note,
                    extras: line.extras.length > 0 ? line.extras : null,
                    title: line.titles,
                    unitPriceCents: line.unitPriceCents,
                    quantity: line.quantity,
                    totalCents: line.totalCents,
                    ...lineTax(priced.productTaxes.get(productLineKey(line))),
                  })),
                )
                .returning({ id: orderLines.id })
            : [];
        const schedule = await tx
          .insert(orderInstalments)
          .values(
            instalmentSchedule(priced.totals.totalCents, instalments, placedAt).map((instalment) => ({
              companyId: visitor.companyId,
              orderId,
              ...instalment,
            })),
          )
          .returning();
        // The coupon's use, stock, then seats and the number: the rows other checkouts wait for come last.
        if (priced.coupon) {
          await claimCouponUse(tx, priced.coupon, { id: orderId, customerId: buyer.id, now: placedAt });
        }
        await takeStock(
          tx,
          visitor.companyId,
          orderId,
          productLines.flatMap((line, index) =>
            line.stock.map((need) => ({ ...need, orderLineId: productRows[index]!.id })),
          ),
          deps.lowStockNotice,
          counter?.overrideStock === true,
        );
        const { seats, number } =
          courseIds.length > 0
            ? await reserveSeatsAndNumberOrder(
                tx,
                visitor.companyId,
                orderId,
                seatCourseIds(
                  courseIds.map((courseId) => ({ courseId, quantity: byId.get(courseId)!.quantity })),
                ),
              )
            : await numberOrder(tx, visitor.companyId, orderId);
        // The buyer's answer, from what was just written (no need to read it back).
        const details = orderDetailsOf(
          { ...order!, number },
          {
            hasAccount: buyer.hasAccount,
            lines: [
              ...courseIds.map((courseId) => {
                const { slug, title, image, unitPriceCents, quantity } = byId.get(courseId)!;
                const taxed = priced.courseTaxes.get(courseId);
                return {
                  courseId,
                  slug,
                  title,
                  image,
                  unitPriceCents,
                  taxRateBp: taxed?.rateBp ?? null,
                  taxCents: taxed?.taxCents ?? null,
                  ...(quantity > 1 ? { quantity } : {}),
                };
              }),
              ...productLines.map((line) => ({
                courseId: null,
                slug: line.slug,
                title: line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title,
                image: line.image,
                unitPriceCents: line.unitPriceCents,
                productId: line.productId,
                variantId: line.variantId,
                quantity: line.quantity,
                taxRateBp: priced.productTaxes.get(productLineKey(line))?.rateBp ?? null,
                taxCents: priced.productTaxes.get(productLineKey(line))?.taxCents ?? null,
              })),
            ],
            instalments: schedule.sort((a, b) => a.sequence - b.sequence),
            invoice: null,
            taxLines: priced.taxLines,
          },
        );
        return { orderId, seats, details };
      }),
    );
  } catch (error) {
    // Two requests with one Idempotency-Key at the same moment: the second gets the first's order.
    if (idempotencyKey && isUniqueViolation(error)) {
      const earlier = await deps.findByIdempotencyKey(visitor.companyId, idempotencyKey);
      const mine =
        earlier?.customerId === buyer.id &&
        (!earlier.guestSessionId || freshGuest || earlier.guestSessionId === guestSessionId);
      if (earlier && mine) return { orderId: earlier.id, seats: new Map(), details: null };
    }
    throw error;
  }
}

/**
 * A placeholder order number while the checkout's transaction runs (the real one is assigned
 * just before commit, so no one ever sees it). Negative, so it never meets a real number; random,
 * so concurrent checkouts rarely share one (when they do, the second briefly waits for the first).
 */
function provisionalOrderNumber(): number {
  return -randomInt(1, 2 ** 31 - 1);
}

/** An order without courses takes the next order number on its own (no seat to take it with). */
async function numberOrder(tx: Queryable, companyId: string, orderId: string) {
  const number = await nextCounter(tx, companyId, "order");
  await tx.update(orders).set({ number }).where(eq(orders.id, orderId));
  return { seats: new Map<string, SeatCount>(), number };
}

function isOutOfStock(error: unknown): boolean {
  return error instanceof AppError && error.code === "OUT_OF_STOCK";
}

function isSoldOut(error: unknown): boolean {
  return error instanceof AppError && error.code === "SOLD_OUT";
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
