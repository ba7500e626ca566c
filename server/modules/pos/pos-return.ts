import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { businessRule, notFound } from "../../lib/errors";
import type { ActingStaff } from "../orders/order-admin-records";
import { refundedCents } from "../orders/order-refunds";
import { orderLines, orderReturns, orders, payments } from "../orders/orders.tables";
import { ALREADY_RETURNED_MESSAGE, RETURN_DONE_MESSAGE } from "../orders/orders-admin.schemas";
import type { OrderAdminService } from "../orders/orders-admin.service";
import { openSessionOf } from "../pos-drawer/pos-drawer.service";
import { posDrawerMovements } from "../pos-drawer/pos-drawer.tables";
import type { PosDevice, PosService } from "./pos.service";
import type {
  PosOrderDetail,
  PosOrderQuery,
  PosOrderSummary,
  PosReturnBody,
  PosReturnReceipt,
  PosReturnResult,
} from "./pos-return.schemas";
import type { PosSales } from "./pos-sale";

const NOT_POS =
  "Only point-of-sale orders are returned at the counter; return other orders in the back office.";

/** The way a payment row was made: the POS records it in `details.method`. */
const methodOf = (details: Record<string, unknown> | null) =>
  typeof details?.method === "string" ? details.method : "card";

interface ReturnDeps {
  db: Db;
  now: () => Date;
  pos: Pick<PosService, "confirmPin">;
  posSales: Pick<PosSales, "receipt">;
  orderAdmin: Pick<OrderAdminService, "createReturn">;
}

/**
 * Returns at the counter, on the back office's return (createOrderReturn: once per order, refund
 * in the way it was paid, restock on request, the return receipt mail): the cashier finds a POS
 * order, picks the lines, and the cash given back leaves the register's open drawer.
 */
export function createPosReturns(deps: ReturnDeps) {
  const { db } = deps;

  const summaryColumns = {
    id: orders.id,
    number: orders.number,
    createdAt: orders.createdAt,
    customer: orders.customerName,
    totalCents: orders.totalCents,
    currency: orders.currency,
    channel: orders.channel,
    posSessionId: orders.posSessionId,
    returned: sql<boolean>`exists (select 1 from ${orderReturns} where ${orderReturns}.order_id = ${orders}.id)`,
  };
  const toSummary = (row: {
    id: string;
    number: number;
    createdAt: Date;
    customer: string;
    totalCents: number;
    currency: string;
    returned: boolean;
  }): PosOrderSummary => ({
    id: row.id,
    number: row.number,
    placedAt: row.createdAt.toISOString(),
    customer: row.customer,
    totalCents: row.totalCents,
    currency: row.currency,
    returned: Boolean(row.returned),
  });

  /** A paid POS order of the school (404 otherwise; 422 for an order of the web shop). */
  async function posOrder(companyId: string, orderId: string) {
    const [row] = await db
      .select(summaryColumns)
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
    if (!row) throw notFound("This order does not exist.", "ORDER_NOT_FOUND");
    if (row.channel !== "pos") throw businessRule(NOT_POS, "NOT_POS_ORDER");
    return row;
  }

  async function paidRows(orderId: string) {
    return db
      .select({ amountCents: payments.amountCents, details: payments.details })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "refunded"])))
      .orderBy(asc(payments.createdAt));
  }

  /** What went back per method so far (an order has one return, so this is that return's). */
  async function refundsOf(orderId: string) {
    const byMethod = new Map<string, number>();
    for (const row of await paidRows(orderId)) {
      const cents = refundedCents(row);
      if (cents > 0) byMethod.set(methodOf(row.details), (byMethod.get(methodOf(row.details)) ?? 0) + cents);
    }
    return [...byMethod].map(([method, amountCents]) => ({ method, amountCents }));
  }

  return {
    /** The latest POS sales, or those with this number or customer name. */
    async recent(companyId: string, query: PosOrderQuery): Promise<PosOrderSummary[]> {
      const search = query.search;
      const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select(summaryColumns)
        .from(orders)
        .where(
          and(
            eq(orders.companyId, companyId),
            eq(orders.channel, "pos"),
            inArray(orders.status, ["processing", "delivered"]),
            search
              ? number !== null
                ? eq(orders.number, number)
                : ilike(orders.customerName, pattern)
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(20);
      return rows.map(toSummary);
    },

    /** A POS order with its lines and payments, to choose what comes back. */
    async detail(companyId: string, language: string, orderId: string): Promise<PosOrderDetail> {
      const order = await posOrder(companyId, orderId);
      const [lines, paid] = await Promise.all([
        db
          .select({
            id: orderLines.id,
            title: orderLines.title,
            quantity: orderLines.quantity,
            totalCents: orderLines.totalCents,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.id)),
        paidRows(order.id),
      ]);
      return {
        ...toSummary(order),
        lines: lines.map((line) => ({ ...line, title: translate(line.title, language) })),
        payments: paid.map((row) => ({ method: methodOf(row.details), amountCents: row.amountCents })),
      };
    },

    /**
     * The return: the cashier's PIN when asked, then the back office's return (the refund in the way
     * the order was paid: credit back on the account, card recorded as refunded to the card, cash
     * out of the till). Cash given back for an order of another drawer session leaves the register's
     * open session as a cash-out, so its expected cash goes down too.
     */
    async create(
      device: PosDevice,
      cashier: ActingStaff,
      language: string,
      orderId: string,
      body: PosReturnBody,
    ): Promise<PosReturnResult> {
      const { companyId } = device;
      await deps.pos.confirmPin(device, cashier.id, body.pin);
      const order = await posOrder(companyId, orderId);
      if (order.returned) throw businessRule(ALREADY_RETURNED_MESSAGE, "ORDER_ALREADY_RETURNED");
      // Cash given back for a sale of another drawer session (or none) leaves the register's open
      // session as a cash-out, written with the return itself.
      await deps.orderAdmin.createReturn(
        companyId,
        cashier,
        order.id,
        { lineIds: body.lineIds, restock: body.restock, reason: body.reason },
        language,
        async (tx, refunded) => {
          const cashCents = refunded
            .filter((part) => methodOf(part.payment.details) === "cash")
            .reduce((sum, part) => sum + part.amountCents, 0);
          if (cashCents === 0 || !body.register) return;
          const session = await openSessionOf(tx, companyId, body.register);
          if (!session || session.id === order.posSessionId) return;
          await tx.insert(posDrawerMovements).values({
            companyId,
            sessionId: session.id,
            kind: "out",
            amountCents: cashCents,
            reason: `Return on order #${order.number}`,
            staffId: cashier.id,
            staffEmail: cashier.email,
            createdAt: deps.now(),
          });
        },
      );
      const refunds = await refundsOf(order.id);
      return {
        message: RETURN_DONE_MESSAGE,
        orderId: order.id,
        number: order.number,
        refundCents: refunds.reduce((sum, row) => sum + row.amountCents, 0),
        refunds,
      };
    },

    /** The printable receipt of an order's return. */
    async receipt(companyId: string, language: string, orderId: string): Promise<PosReturnReceipt> {
      const sale = await deps.posSales.receipt(companyId, language, orderId);
      const [done] = await db
        .select()
        .from(orderReturns)
        .where(and(eq(orderReturns.companyId, companyId), eq(orderReturns.orderId, orderId)));
      if (!done) throw notFound("This order has no return.", "RETURN_NOT_FOUND");
      const lines =
        done.lineIds.length === 0
          ? []
          : await db
              .select({
                title: orderLines.title,
                quantity: orderLines.quantity,
                unitPriceCents: orderLines.unitPriceCents,
                totalCents: orderLines.totalCents,
                extras: orderLines.extras,
              })
              .from(orderLines)
              .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, done.lineIds)))
              .orderBy(asc(orderLines.id));
      return {
        width: sale.width,
        shop: sale.shop,
        footer: sale.footer,
        timeZone: sale.timeZone,
        order: sale.order,
        returnedAt: done.createdAt.toISOString(),
        restocked: done.restocked,
        lines: lines.map((line) => ({
          ...line,
          title: translate(line.title, language),
          extras: (line.extras ?? []).map((extra) => ({ name: extra.name, priceCents: extra.priceCents })),
        })),
        refundCents: done.refundCents,
        refunds: await refundsOf(orderId),
      };
    },
  };
}

export type PosReturns = ReturnType<typeof createPosReturns>;
