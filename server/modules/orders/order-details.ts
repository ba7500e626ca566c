import { and, asc, eq } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import { courses } from "../catalog/catalog.tables";
import type { OrderView } from "../checkout/checkout.schemas";
import { customers } from "../customers/customers.tables";
import { products } from "../products/products.tables";
import { type RateSummary, storedTaxLines } from "../taxes/tax-calculation";
import { toInstalmentView } from "./instalment-view";
import { orderConsentOf } from "./order-consent";
import { orderShippingOf } from "./order-shipping";
import { invoices, orderInstalments, orderLines, orders } from "./orders.tables";

export interface OrderDetails extends OrderView {
  customerId: string;
  /** The guest session that placed the order (null: a customer's or staff's). */
  guestSessionId: string | null;
}

/** One order with its lines, schedule and invoice, in `language`; null when the company has no such order. */
export async function loadOrderDetails(
  db: Queryable,
  companyId: string,
  orderId: string,
  language: string,
): Promise<OrderDetails | null> {
  const [row] = await db
    .select({ order: orders, hasPassword: customers.passwordHash })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  if (!row) return null;
  const { order } = row;
  const [lines, instalments, [invoice]] = await Promise.all([
    db
      .select({
        courseId: orderLines.courseId,
        title: orderLines.title,
        unitPriceCents: orderLines.unitPriceCents,
        slug: courses.slug,
        image: courses.image,
        productId: orderLines.productId,
        variantId: orderLines.variantId,
        quantity: orderLines.quantity,
        productSlug: products.slug,
        productImages: products.images,
        taxName: orderLines.taxName,
        taxRateBp: orderLines.taxRateBp,
        taxBaseCents: orderLines.taxBaseCents,
        taxCents: orderLines.taxCents,
      })
      .from(orderLines)
      .leftJoin(courses, eq(courses.id, orderLines.courseId))
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, order.id))
      .orderBy(asc(orderInstalments.sequence)),
    db
      .select({ id: invoices.id, number: invoices.printedNumber })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
  ]);
  return orderDetailsOf(order, {
    hasAccount: row.hasPassword !== null,
    lines: lines.map((line) => ({
      courseId: line.courseId,
      slug: line.slug ?? line.productSlug,
      title: translate(line.title, language),
      image: line.image ?? line.productImages?.[0] ?? null,
      unitPriceCents: line.unitPriceCents,
      ...(line.productId
        ? { productId: line.productId, variantId: line.variantId, quantity: line.quantity }
        : {}),
      taxRateBp: line.taxRateBp,
      taxCents: line.taxCents,
    })),
    instalments,
    invoice: invoice ?? null,
    taxLines: storedTaxLines(order, lines),
  });
}

/** An order row and what belongs to it, as the order's view (lines already in the reader's language). */
export function orderDetailsOf(
  order: typeof orders.$inferSelect,
  parts: {
    hasAccount: boolean;
    lines: OrderView["lines"];
    instalments: Array<
      Pick<
        typeof orderInstalments.$inferSelect,
        | "sequence"
        | "dueAt"
        | "amountCents"
        | "status"
        | "paidAt"
        | "attempts"
        | "lastFailedAt"
        | "lastError"
        | "nextAttemptAt"
      >
    >;
    invoice: OrderView["invoice"];
    /** Each rate of the order with its base and amount. */
    taxLines: RateSummary[];
  },
): OrderDetails {
  const { instalments } = parts;
  const dueNow = instalments.find((instalment) => instalment.sequence === 1)?.amountCents ?? order.totalCents;
  return {
    id: order.id,
    customerId: order.customerId,
    guestSessionId: order.guestSessionId,
    number: order.number,
    status: order.status,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    vatCents: order.vatCents,
    vatRateBp: order.vatRateBp,
    totalCents: order.totalCents,
    taxLines: parts.taxLines,
    reverseCharge: order.reverseCharge,
    pricesIncludeTax: order.pricesIncludeTax,
    couponCode: order.couponCode,
    paymentMethod: order.paymentMethod,
    shipping: orderShippingOf(order),
    instalmentCount: order.instalmentCount,
    amountDueNowCents: dueNow,
    language: order.language,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    customer: { name: order.customerName, email: order.customerEmail, hasAccount: parts.hasAccount },
    lines: parts.lines,
    instalments: instalments.map(toInstalmentView),
    invoice: parts.invoice,
    consent: orderConsentOf(order),
  };
}

/** The public shape of an order (without internal ids). */
export function toOrderView({
  customerId: _customerId,
  guestSessionId: _guestSessionId,
  ...view
}: OrderDetails): OrderView {
  return view;
}
