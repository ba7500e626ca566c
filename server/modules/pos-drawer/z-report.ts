import { and, eq, inArray, sql } from "drizzle-orm";
import { PAYMENT_METHODS, type PaymentMethod } from "~shared/order-enums";
import type { Queryable } from "../../db/client";
import { orderReturns, orders, payments } from "../orders/orders.tables";
import type { ZReport } from "./pos-drawer.schemas";
import { posDrawerMovements } from "./pos-drawer.tables";

/** The method a payment was made with: a point-of-sale payment says so in `details.method` (split payments), else the order's. */
function methodOf(details: Record<string, unknown> | null, orderMethod: PaymentMethod): PaymentMethod {
  const given = details?.method;
  return typeof given === "string" && (PAYMENT_METHODS as readonly string[]).includes(given)
    ? (given as PaymentMethod)
    : orderMethod;
}

/** What of a payment went back: returns and partial refunds add up `refundedCents`, a cancel sets `cancelRefundCents`. */
function refundedOf(details: Record<string, unknown> | null): number {
  const part = typeof details?.refundedCents === "number" ? details.refundedCents : 0;
  const cancel = typeof details?.cancelRefundCents === "number" ? details.cancelRefundCents : 0;
  return part + cancel;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The Z-report of a drawer session, from the point-of-sale orders taken in it (orders.pos_session_id)
 * and their payments as they stand now: sales and refunds per method, returns, discounts and taxes
 * of the paid orders, and the cash the drawer should hold.
 */
export async function zReport(
  db: Queryable,
  companyId: string,
  session: { id: string; openingFloatCents: number },
): Promise<ZReport> {
  const received = await db
    .select({
      orderId: payments.orderId,
      amountCents: payments.amountCents,
      details: payments.details,
      orderMethod: orders.paymentMethod,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.posSessionId, session.id),
        inArray(payments.status, ["succeeded", "refunded"]),
      ),
    );
  const paidIds = [...new Set(received.map((payment) => payment.orderId))];
  const paidOrders =
    paidIds.length === 0
      ? []
      : await db
          .select({
            id: orders.id,
            discountCents: orders.discountCents,
            vatCents: orders.vatCents,
            vatRateBp: orders.vatRateBp,
          })
          .from(orders)
          .where(and(eq(orders.companyId, companyId), inArray(orders.id, paidIds)));
  const [returns] =
    paidIds.length === 0
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)::int` })
          .from(orderReturns)
          .where(and(eq(orderReturns.companyId, companyId), inArray(orderReturns.orderId, paidIds)));
  const moved = await db
    .select({
      kind: posDrawerMovements.kind,
      cents: sql<number>`coalesce(sum(${posDrawerMovements.amountCents}), 0)::int`,
    })
    .from(posDrawerMovements)
    .where(and(eq(posDrawerMovements.companyId, companyId), eq(posDrawerMovements.sessionId, session.id)))
    .groupBy(posDrawerMovements.kind);

  const sales = new Map<PaymentMethod, { count: number; amountCents: number; refundedCents: number }>();
  for (const payment of received) {
    const method = methodOf(payment.details, payment.orderMethod);
    const row = sales.get(method) ?? { count: 0, amountCents: 0, refundedCents: 0 };
    row.count += 1;
    row.amountCents += payment.amountCents;
    row.refundedCents += refundedOf(payment.details);
    sales.set(method, row);
  }
  const methods = PAYMENT_METHODS.filter((method) => sales.has(method));
  const taxes = new Map<number, number>();
  for (const order of paidOrders)
    taxes.set(order.vatRateBp, (taxes.get(order.vatRateBp) ?? 0) + order.vatCents);

  const grossSalesCents = sum([...sales.values()].map((row) => row.amountCents));
  const refundsCents = sum([...sales.values()].map((row) => row.refundedCents));
  const cash = sales.get("cash") ?? { amountCents: 0, refundedCents: 0 };
  const inCents = moved.find((row) => row.kind === "in")?.cents ?? 0;
  const outCents = moved.find((row) => row.kind === "out")?.cents ?? 0;
  return {
    ordersCount: paidIds.length,
    salesByMethod: methods.map((method) => ({
      method,
      count: sales.get(method)!.count,
      amountCents: sales.get(method)!.amountCents,
    })),
    grossSalesCents,
    refundsByMethod: methods
      .filter((method) => sales.get(method)!.refundedCents > 0)
      .map((method) => ({ method, amountCents: sales.get(method)!.refundedCents })),
    refundsCents,
    returnsCount: Number(returns?.n ?? 0),
    netSalesCents: grossSalesCents - refundsCents,
    discountCents: sum(paidOrders.map((order) => order.discountCents)),
    taxes: [...taxes.entries()].sort(([a], [b]) => b - a).map(([rateBp, taxCents]) => ({ rateBp, taxCents })),
    taxCents: sum(paidOrders.map((order) => order.vatCents)),
    cash: {
      floatCents: session.openingFloatCents,
      salesCents: cash.amountCents,
      refundsCents: cash.refundedCents,
      inCents,
      outCents,
      expectedCents: session.openingFloatCents + cash.amountCents - cash.refundedCents + inCents - outCents,
    },
  };
}
