import { and, asc, count, desc, eq, inArray, sum } from "drizzle-orm";
import type { OrderStatus, PaymentMethod } from "~shared/order-enums";
import { translate } from "~shared/translatable";
import type { Queryable } from "../../db/client";
import type { CustomerOrderList, OrderPaymentState } from "./customer-orders.schemas";
import { orderLines, orders, refunds } from "./orders.tables";

/** Methods the payment page takes for an order the buyer left unpaid (not cash on delivery, not staff's). */
const ONLINE_METHODS: readonly PaymentMethod[] = ["card", "stripe", "paypal", "ideal"];

/** Paid once the money came in (`paid_at`) or the order went on as paid (older orders have no `paid_at`). */
function paymentStateOf(
  row: { paidAt: Date | null; status: OrderStatus; totalCents: number },
  refundedCents: number,
): OrderPaymentState {
  if (refundedCents > 0) return refundedCents >= row.totalCents ? "refunded" : "partially-refunded";
  return row.paidAt || row.status === "processing" || row.status === "delivered" ? "paid" : "unpaid";
}

/**
 * One page of a signed-in customer's orders ("My Orders"), newest first: every status, pending and
 * cancelled ones too, only this customer's of this company. `payable` marks a pending unpaid order
 * that the payment page can still take (paid online, not past its expiry).
 */
export async function listCustomerOrders(
  db: Queryable,
  companyId: string,
  customerId: string,
  { page, limit, language, now = new Date() }: { page: number; limit: number; language: string; now?: Date },
): Promise<CustomerOrderList> {
  const where = and(eq(orders.companyId, companyId), eq(orders.customerId, customerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        currency: orders.currency,
        totalCents: orders.totalCents,
        paidAt: orders.paidAt,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [lines, refunded] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ orderId: orderLines.orderId, title: orderLines.title, quantity: orderLines.quantity })
            .from(orderLines)
            .where(and(eq(orderLines.companyId, companyId), inArray(orderLines.orderId, ids)))
            .orderBy(asc(orderLines.orderId), asc(orderLines.id)),
          db
            .select({ orderId: refunds.orderId, cents: sum(refunds.amountCents).mapWith(Number) })
            .from(refunds)
            .where(and(eq(refunds.companyId, companyId), inArray(refunds.orderId, ids)))
            .groupBy(refunds.orderId),
        ]);
  const refundedOf = new Map(refunded.map((row) => [row.orderId, row.cents]));
  const totalDoc = total?.value ?? 0;
  return {
    orders: rows.map((row) => {
      const paymentStatus = paymentStateOf(row, refundedOf.get(row.id) ?? 0);
      return {
        id: row.id,
        number: row.number,
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        paymentMethod: row.paymentMethod,
        paymentStatus,
        currency: row.currency,
        totalCents: row.totalCents,
        items: lines
          .filter((line) => line.orderId === row.id)
          .map((line) => ({ title: translate(line.title, language), quantity: line.quantity })),
        payable:
          row.status === "pending" &&
          paymentStatus === "unpaid" &&
          ONLINE_METHODS.includes(row.paymentMethod) &&
          (row.expiresAt === null || row.expiresAt > now),
      };
    }),
    totalDoc,
    page,
    limit,
    pages: Math.ceil(totalDoc / limit),
  };
}
