import { and, asc, eq } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, notFound } from "../../lib/errors";
import { uuidv7 } from "../../lib/ids";
import type { StoreCheckoutBody } from "../checkout/checkout.schemas";
import type { CheckoutService } from "../checkout/checkout.service";
import { customerById, findOrCreateGuestCustomer } from "../checkout/guest-customer";
import type { CounterPricing } from "../checkout/quote";
import type { Visitor } from "../checkout/visitor";
import { balance, CREDIT_PROVIDER, charge, InsufficientCreditError } from "../credit/credit-ledger";
import type { ActingStaff } from "../orders/order-admin-records";
import { CHANGED_MEANWHILE, lockOrder, unpaidInstalments } from "../orders/order-admin-records";
import { keepSeats } from "../orders/order-status-change";
import { invoices, orderInstalments, orderLines, orders, payments } from "../orders/orders.tables";
import type { OrderAdminService } from "../orders/orders-admin.service";
import type { Discount } from "../orders/pricing";
import { openSessionOf } from "../pos-drawer/pos-drawer.service";
import { parkedForSale, settleParked } from "../pos-restaurant/parked-store";
import type { SettingsService } from "../settings/settings.service";
import { staff } from "../staff/staff.tables";
import type {
  PosCartBody,
  PosDiscount,
  PosQuote,
  PosSale,
  PosSaleBody,
  Receipt,
  Tender,
  TenderMethod,
} from "./pos.schemas";
import type { PosDevice, PosService } from "./pos.service";

export const SALE_RULES = {
  discountsOff: "Discounts are not allowed in the POS (POS Setting).",
  learnerNeeded: "Choose the learner (a customer) to sell a course.",
  paymentsShort: (owed: string, paid: string) =>
    `The payments (${paid}) do not add up to the total (${owed}).`,
  tenderedShort: "The cash tendered must be at least the cash amount.",
  tenderedOnCard: "Only a cash payment has an amount tendered.",
  last4Needed: "Enter the card's last 4 digits.",
  last4OnCash: "Only a card payment has card digits.",
  creditNeedsCustomer: "Choose the customer whose credit pays.",
  notPos: "This is not a point-of-sale order.",
  keyOfCancelledSale:
    "This Idempotency-Key belongs to a sale that was not paid and was undone: send a new key.",
} as const;

/** The walk-in customer a sale without a named customer is booked to (`.invalid`: never mailed). */
export const WALK_IN = { name: "Walk-in customer", email: "walk-in@pos.invalid" } as const;

const money = (cents: number) => (cents / 100).toFixed(2);

const toDiscount = (discount: PosDiscount | undefined): Discount | undefined =>
  discount
    ? discount.type === "percentage"
      ? { type: "percentage", value: discount.value }
      : { type: "fixed", valueCents: discount.valueCents }
    : undefined;

/** The cashier's discounts as the checkout's pricing takes them. */
function counterPricing(body: Pick<PosCartBody, "items" | "courses" | "orderDiscount">): CounterPricing {
  const lineDiscounts = new Map<string, Discount>();
  for (const item of body.items) {
    const discount = toDiscount(item.discount);
    if (discount) lineDiscounts.set(`${item.productId}/${item.variantId ?? ""}`, discount);
  }
  for (const course of body.courses) {
    const discount = toDiscount(course.discount);
    if (discount) lineDiscounts.set(course.courseId, discount);
  }
  return { lineDiscounts, orderDiscount: toDiscount(body.orderDiscount) };
}

const hasDiscount = (body: Pick<PosCartBody, "items" | "courses" | "orderDiscount">) =>
  Boolean(body.orderDiscount) ||
  body.items.some((item) => item.discount) ||
  body.courses.some((course) => course.discount);

const cartOf = (body: Pick<PosCartBody, "items" | "courses">): StoreCheckoutBody => ({
  courseIds: body.courses.map((course) => course.courseId),
  seats: {},
  items: body.items.map((item) => ({
    productId: item.productId,
    variantId: item.variantId ?? null,
    quantity: item.quantity,
    extraIds: item.extraIds ?? [],
    note: item.note || undefined,
  })),
  couponCode: undefined,
  instalments: 1,
  paymentMethod: "card",
});

/**
 * Checks the payments of a sale against its total before anything is written: together they pay
 * exactly the total; cash may be handed over with more (the change), a card carries its last 4
 * digits. Returns the change due.
 */
export function checkTenders(totalCents: number, tenders: Tender[]): number {
  for (const tender of tenders) {
    if (tender.method === "cash") {
      if (tender.cardLast4 !== undefined) throw businessRule(SALE_RULES.last4OnCash, "BAD_PAYMENT");
      if (tender.tenderedCents !== undefined && tender.tenderedCents < tender.amountCents) {
        throw businessRule(SALE_RULES.tenderedShort, "BAD_PAYMENT");
      }
    } else {
      if (tender.tenderedCents !== undefined) throw businessRule(SALE_RULES.tenderedOnCard, "BAD_PAYMENT");
      if (tender.method === "card" && !tender.cardLast4)
        throw businessRule(SALE_RULES.last4Needed, "BAD_PAYMENT");
      if (tender.method === "credit" && tender.cardLast4 !== undefined)
        throw businessRule(SALE_RULES.last4OnCash, "BAD_PAYMENT");
    }
  }
  const paid = tenders.reduce((sum, tender) => sum + tender.amountCents, 0);
  if (paid !== totalCents) {
    throw businessRule(SALE_RULES.paymentsShort(money(totalCents), money(paid)), "PAYMENTS_MISMATCH", {
      totalCents,
      paidCents: paid,
    });
  }
  return changeOf(tenders);
}

const changeOf = (tenders: Tender[]) =>
  tenders.reduce(
    (sum, tender) =>
      sum +
      (tender.method === "cash" ? (tender.tenderedCents ?? tender.amountCents) - tender.amountCents : 0),
    0,
  );

/** What each way to pay keeps on its payment row, and the provider that row names. */
const TENDER_DETAILS: Record<
  TenderMethod,
  { provider: string; details(tender: Tender): Record<string, unknown> }
> = {
  cash: {
    provider: "pos",
    details: (tender) => {
      const tenderedCents = tender.tenderedCents ?? tender.amountCents;
      return { tenderedCents, changeCents: tenderedCents - tender.amountCents };
    },
  },
  card: { provider: "pos", details: (tender) => ({ cardLast4: tender.cardLast4 }) },
  // The customer's account: a return gives it back there (creditBack keys on this provider).
  credit: { provider: CREDIT_PROVIDER, details: () => ({}) },
};

const creditPart = (tenders: Tender[]) =>
  tenders.reduce((sum, tender) => sum + (tender.method === "credit" ? tender.amountCents : 0), 0);

/**
 * Records a counter sale's payments in the caller's transaction: one succeeded payment of provider
 * "pos" per part (a credit part: provider "credit", taken from the customer's account here, or
 * {@link InsufficientCreditError} and nothing written), the order's payment method (the part paying
 * the most; split sales keep each part in its payment), paid time, the open drawer session of the
 * register, and a pending order accepted (it keeps its seats). The one place a POS payment is
 * written: the sale, and later a settled parked order, call it.
 */
export async function recordTenders(
  tx: Queryable,
  companyId: string,
  orderId: string,
  tenders: Tender[],
  cashier: ActingStaff,
  now: Date,
  register?: string | null,
): Promise<void> {
  const order = await lockOrder(tx, companyId, orderId);
  if (order.status !== "pending") throw conflict(CHANGED_MEANWHILE);
  if (order.channel !== "pos") throw businessRule(SALE_RULES.notPos, "NOT_POS_ORDER");
  checkTenders(order.totalCents, tenders);
  const fromCredit = creditPart(tenders);
  if (fromCredit > 0) {
    if (order.customerEmail === WALK_IN.email)
      throw businessRule(SALE_RULES.creditNeedsCustomer, "CREDIT_CUSTOMER_REQUIRED");
    await charge(tx, companyId, order.customerId, fromCredit, orderId, {
      currency: order.currency,
      staff: cashier,
    });
  }
  const session = register ? await openSessionOf(tx, companyId, register) : null;
  await tx.insert(payments).values(
    tenders.map((tender) => ({
      companyId,
      orderId,
      provider: TENDER_DETAILS[tender.method].provider,
      providerReference: `pos_${uuidv7()}`,
      status: "succeeded" as const,
      amountCents: tender.amountCents,
      currency: order.currency,
      details: {
        method: tender.method,
        ...TENDER_DETAILS[tender.method].details(tender),
        recordedBy: cashier.email,
      },
      createdAt: now,
      updatedAt: now,
    })),
  );
  const main = [...tenders].sort((a, b) => b.amountCents - a.amountCents)[0]!;
  await keepSeats(tx, companyId, order);
  await tx
    .update(orders)
    .set({
      paymentMethod: main.method,
      paidAt: now,
      status: "processing",
      expiresAt: null,
      statusChangedBy: cashier.id,
      statusChangedAt: now,
      updatedAt: now,
      ...(session ? { posSessionId: session.id } : {}),
    })
    .where(eq(orders.id, orderId));
  // Paid in full at the counter: its one instalment is paid too (the invoice's plan says so).
  await tx
    .update(orderInstalments)
    .set({ status: "paid", paidAt: now, nextAttemptAt: null })
    .where(unpaidInstalments(orderId));
}

interface SaleDeps {
  db: Db;
  now: () => Date;
  pos: PosService;
  checkout: Pick<CheckoutService, "counterQuote" | "placeOrder">;
  orderAdmin: Pick<OrderAdminService, "changeStatus">;
  settings: Pick<SettingsService, "storeInfo">;
}

/** The point of sale's sale path: price, check, place, pay, deliver (enrol and invoice), receipt. */
export function createPosSales(deps: SaleDeps) {
  const { db } = deps;

  /**
   * The POS settings' say on a cart: discounts only when allowed; with the cashier override on, a
   * product short of stock is sold anyway (its stock goes below 0, as with backorders).
   */
  async function pricingOf(
    companyId: string,
    body: Pick<PosCartBody, "items" | "courses" | "orderDiscount">,
  ): Promise<CounterPricing> {
    const settings = await deps.pos.readSettings(companyId);
    if (hasDiscount(body) && !settings.allowDiscounts)
      throw businessRule(SALE_RULES.discountsOff, "DISCOUNTS_NOT_ALLOWED");
    return { ...counterPricing(body), overrideStock: settings.cashierOverride };
  }

  const visitorOf = (companyId: string, language: string, customerId: string | null): Visitor => ({
    companyId,
    language,
    customerId,
    session: null,
  });

  async function buyer(companyId: string, body: Pick<PosSaleBody, "customerId" | "courses">) {
    if (body.customerId) {
      const customer = await customerById(db, companyId, body.customerId);
      if (!customer) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
      return customer;
    }
    if (body.courses.length > 0) throw businessRule(SALE_RULES.learnerNeeded, "LEARNER_REQUIRED");
    return findOrCreateGuestCustomer(db, companyId, WALK_IN);
  }

  /** A credit part needs a named customer whose balance covers it: checked before anything is placed. */
  async function checkCredit(companyId: string, customerId: string, body: PosSaleBody) {
    const fromCredit = creditPart(body.payments);
    if (fromCredit === 0) return;
    if (!body.customerId) throw businessRule(SALE_RULES.creditNeedsCustomer, "CREDIT_CUSTOMER_REQUIRED");
    const current = (await balance(db, companyId, customerId))?.balanceCents ?? 0;
    if (current < fromCredit) throw new InsufficientCreditError(current, fromCredit);
  }

  return {
    /** The sale's total with the cashier's discounts, before payment. */
    async quote(companyId: string, language: string, body: PosCartBody): Promise<PosQuote> {
      const pricing = await pricingOf(companyId, body);
      const quote = await deps.checkout.counterQuote(
        visitorOf(companyId, language, body.customerId ?? null),
        cartOf(body),
        pricing,
      );
      return {
        subtotalCents: quote.subtotalCents,
        discountCents: quote.discountCents,
        taxCents: quote.vatCents,
        totalCents: quote.totalCents,
        currency: quote.currency,
        lines: [
          ...quote.lines.map((line) => ({
            title: line.title,
            quantity: line.quantity,
            totalCents: line.unitPriceCents * line.quantity,
            extras: [],
            note: null,
          })),
          ...quote.productLines.map((line) => ({
            title: line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title,
            quantity: line.quantity,
            totalCents: line.totalCents,
            extras: line.extras.map((extra) => extra.name),
            note: line.note,
          })),
        ],
      };
    },

    /**
     * A sale: the payments checked against the priced cart first (a bad amount writes nothing), then
     * the order placed (channel POS, the cashier as seller, stock taken, seats claimed), paid with
     * each part, and delivered, which enrols the learner and issues the invoice (gapless number).
     */
    async sell(
      device: PosDevice,
      cashier: ActingStaff,
      language: string,
      body: PosSaleBody,
      idempotencyKey: string | undefined,
    ): Promise<PosSale> {
      const { companyId } = device;
      await deps.pos.confirmPin(device, cashier.id, body.pin);
      const pricing = await pricingOf(companyId, body);
      // Paying a parked (table) order: it must still be open; the order keeps its table.
      const parked = body.parkedOrderId
        ? await parkedForSale(db, companyId, body.parkedOrderId, idempotencyKey)
        : null;
      const customer = await buyer(companyId, body);
      const visitor = visitorOf(companyId, language, customer.id);
      const cart = cartOf(body);
      const quote = await deps.checkout.counterQuote(visitor, cart, pricing);
      const changeCents = checkTenders(quote.totalCents, body.payments);
      await checkCredit(companyId, customer.id, body);
      const placed = await deps.checkout.placeOrder(visitor, cart, idempotencyKey, {
        byStaff: true,
        counter: {
          ...pricing,
          sellerStaffId: cashier.id,
          notes: body.notes || null,
          tableInfo: parked?.tableName ?? null,
        },
      });
      const order = placed.order;
      if (order.status === "cancel") {
        // The same Idempotency-Key as a sale whose payment failed and was undone: a new sale needs a new key.
        throw conflict(SALE_RULES.keyOfCancelledSale, "IDEMPOTENCY_KEY_REUSED");
      }
      if (order.status !== "pending") {
        // The same Idempotency-Key again: the sale was made before.
        return {
          orderId: order.id,
          number: order.number,
          totalCents: order.totalCents,
          changeCents,
          currency: order.currency,
        };
      }
      try {
        await db.transaction(async (tx) => {
          await recordTenders(tx, companyId, order.id, body.payments, cashier, deps.now(), body.register);
          // Paid and settled together: a parked order paid meanwhile on another device rolls this back.
          if (parked) await settleParked(tx, companyId, parked.id);
        });
      } catch (error) {
        // Nothing was paid: the order placed a moment ago gives its stock and seats back at once.
        await deps.orderAdmin.changeStatus(companyId, cashier, order.id, "cancel", language);
        throw error;
      }
      await deps.orderAdmin.changeStatus(companyId, cashier, order.id, "delivered", language);
      return {
        orderId: order.id,
        number: order.number,
        totalCents: order.totalCents,
        changeCents,
        currency: order.currency,
      };
    },

    /** A POS order's receipt: shop, lines, taxes, payments and change, sized by the receipt width. */
    async receipt(companyId: string, language: string, orderId: string): Promise<Receipt> {
      const [order] = await db
        .select({
          id: orders.id,
          number: orders.number,
          channel: orders.channel,
          createdAt: orders.createdAt,
          customerName: orders.customerName,
          currency: orders.currency,
          notes: orders.notes,
          tableInfo: orders.tableInfo,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          totalCents: orders.totalCents,
          sellerName: staff.name,
        })
        .from(orders)
        .leftJoin(staff, eq(staff.id, orders.sellerStaffId))
        .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
      if (order?.channel !== "pos") throw notFound("This order does not exist.", "ORDER_NOT_FOUND");
      const [lines, paid, invoice, store, settings] = await Promise.all([
        db
          .select({
            title: orderLines.title,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
            totalCents: orderLines.totalCents,
            extras: orderLines.extras,
            taxName: orderLines.taxName,
            taxRateBp: orderLines.taxRateBp,
            taxCents: orderLines.taxCents,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.id)),
        db
          .select({ amountCents: payments.amountCents, details: payments.details })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))
          .orderBy(asc(payments.createdAt)),
        db.select({ number: invoices.printedNumber }).from(invoices).where(eq(invoices.orderId, order.id)),
        deps.settings.storeInfo(companyId),
        deps.pos.readSettings(companyId),
      ]);
      const taxes = new Map<string, { name: string; rateBp: number; taxCents: number }>();
      for (const line of lines) {
        if (line.taxRateBp == null || line.taxCents == null) continue;
        const key = `${line.taxName ?? ""}/${line.taxRateBp}`;
        const entry = taxes.get(key) ?? { name: line.taxName ?? "VAT", rateBp: line.taxRateBp, taxCents: 0 };
        entry.taxCents += line.taxCents;
        taxes.set(key, entry);
      }
      const paymentRows = paid.map((payment) => {
        const details = payment.details ?? {};
        return {
          method: typeof details.method === "string" ? details.method : "card",
          amountCents: payment.amountCents,
          tenderedCents: typeof details.tenderedCents === "number" ? details.tenderedCents : null,
          cardLast4: typeof details.cardLast4 === "string" ? details.cardLast4 : null,
        };
      });
      return {
        width: settings.receiptWidth,
        shop: {
          name: store.shopName || store.companyName,
          addressLines: store.addressLines,
          vatNumber: store.vatNumber,
          phones: store.phones,
        },
        footer: settings.receiptFooter,
        timeZone: store.timeZone,
        order: {
          id: order.id,
          number: order.number,
          invoiceNumber: invoice[0]?.number ?? null,
          placedAt: order.createdAt.toISOString(),
          cashier: order.sellerName ? translate(order.sellerName, language) : null,
          customer: order.customerName,
          currency: order.currency,
          notes: order.notes,
          tableInfo: order.tableInfo,
        },
        lines: lines.map((line) => ({
          title: translate(line.title, language),
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          totalCents: line.totalCents,
          extras: (line.extras ?? []).map((extra) => ({ name: extra.name, priceCents: extra.priceCents })),
        })),
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        totalCents: order.totalCents,
        taxes: [...taxes.values()],
        payments: paymentRows,
        changeCents: paymentRows.reduce(
          (sum, row) => sum + (row.tenderedCents != null ? row.tenderedCents - row.amountCents : 0),
          0,
        ),
      };
    },
  };
}

export type PosSales = ReturnType<typeof createPosSales>;
