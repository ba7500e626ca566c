import { and, asc, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { canTransition, ORDER_TRANSITIONS, transitionError } from "~shared/order-status";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import { releaseSeats, reserveSeats } from "../checkout/seats";
import { trimDecimal } from "../currency/exchange";
import type { PaymentProvider } from "../payments/provider";
import type { SettingsService } from "../settings/settings.service";
import { nextCounter } from "./counters";
import { formatInvoiceNumber, invoiceNumberFormat } from "./invoice-number";
import { createRefunder, refundedCents, splitRefund } from "./order-refunds";
import {
  enrolments,
  invoices,
  type OrderStatus,
  orderInstalments,
  orderLines,
  orderReturns,
  orders,
  payments,
} from "./orders.tables";
import {
  type AdminCreateReturnBody,
  type AdminListOrdersQuery,
  type AdminOrder,
  type AdminOrderListItem,
  ALREADY_RETURNED_MESSAGE,
} from "./orders-admin.schemas";

/** Who is acting: recorded as status_changed_by and in the audit log. */
export interface ActingStaff {
  id: string;
  email: string;
}

export interface OrderAdminDeps {
  settings: SettingsService;
  audit: AuditService;
  provider: PaymentProvider;
  /** Seats came back (a cancellation or a restock): told after the commit, on every instance. */
  seatsChanged?: { invalidate(companyId: string): void };
  now?: () => Date;
}

/** Rows a CSV export may hold at most (a safety cap; lists page by 20). */
export const ORDER_EXPORT_LIMIT = 10_000;

const SORT_COLUMNS = {
  number: orders.number,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
} as const;

const DAY_MS = 86_400_000;

const orderNotFound = () => notFound("This order does not exist.", "ORDER_NOT_FOUND");

/**
 * The back office's orders: list and filter, one order in full, status changes with their
 * consequences (refunds, enrolments, seats, invoice) and returns of order lines.
 */
export function createOrderAdminService(db: Db, deps: OrderAdminDeps) {
  const now = deps.now ?? (() => new Date());
  const refund = createRefunder(deps.provider);

  /** The WHERE of a list query; dates are whole days in the company's time zone. */
  function listWhere(companyId: string, query: AdminListOrdersQuery, timeZone: string): SQL {
    const conditions: SQL[] = [eq(orders.companyId, companyId)];
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.paymentMethod) conditions.push(eq(orders.paymentMethod, query.paymentMethod));
    if (query.channel) conditions.push(eq(orders.channel, query.channel));
    if (query.days)
      conditions.push(gte(orders.createdAt, new Date(now().getTime() - Number(query.days) * DAY_MS)));
    if (query.startDate)
      conditions.push(
        sql`${orders.createdAt} >= (${query.startDate}::date::timestamp at time zone ${timeZone})`,
      );
    if (query.endDate)
      conditions.push(
        sql`${orders.createdAt} < ((${query.endDate}::date + 1)::timestamp at time zone ${timeZone})`,
      );
    if (query.searchText) {
      const pattern = containsPattern(query.searchText);
      const matches: SQL[] = [ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern)];
      const digits = query.searchText.replace(/^#/, "");
      if (/^\d{1,9}$/.test(digits)) {
        matches.push(eq(orders.number, Number(digits)), eq(invoices.number, Number(digits)));
      }
      conditions.push(or(...matches)!);
    }
    return and(...conditions)!;
  }

  async function listRows(
    companyId: string,
    query: AdminListOrdersQuery,
    paging: { limit: number; offset: number },
  ) {
    const [store, invoiceSettings] = await Promise.all([
      deps.settings.storeInfo(companyId),
      deps.settings.read(companyId, "invoice"),
    ]);
    const format = invoiceNumberFormat(invoiceSettings);
    const where = listWhere(companyId, query, store.timeZone);
    const joined = and(eq(invoices.orderId, orders.id), eq(invoices.companyId, orders.companyId));
    const direction = query.order === "asc" ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: orders.id,
          number: orders.number,
          invoiceNumber: invoices.number,
          createdAt: orders.createdAt,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          paymentMethod: orders.paymentMethod,
          channel: orders.channel,
          status: orders.status,
          totalCents: orders.totalCents,
          currency: orders.currency,
        })
        .from(orders)
        .leftJoin(invoices, joined)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[query.sort ?? "createdAt"]), desc(orders.number))
        .limit(paging.limit)
        .offset(paging.offset),
      db.select({ value: count() }).from(orders).leftJoin(invoices, joined).where(where),
    ]);
    const items: AdminOrderListItem[] = rows.map((row) => ({
      ...row,
      invoiceNumber: row.invoiceNumber === null ? null : formatInvoiceNumber(row.invoiceNumber, format),
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, total: total?.value ?? 0 };
  }

  async function get(companyId: string, orderId: string, language: string): Promise<AdminOrder> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
    if (!order) throw orderNotFound();
    const [lines, paid, [invoice], instalments, [returned], history, invoiceSettings] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.companyId, companyId), eq(orderLines.orderId, order.id)))
        .orderBy(asc(orderLines.id)),
      db
        .select()
        .from(payments)
        .where(and(eq(payments.companyId, companyId), eq(payments.orderId, order.id)))
        .orderBy(asc(payments.createdAt)),
      db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), eq(invoices.orderId, order.id))),
      db
        .select()
        .from(orderInstalments)
        .where(and(eq(orderInstalments.companyId, companyId), eq(orderInstalments.orderId, order.id)))
        .orderBy(asc(orderInstalments.sequence)),
      db
        .select()
        .from(orderReturns)
        .where(and(eq(orderReturns.companyId, companyId), eq(orderReturns.orderId, order.id))),
      deps.audit.forRecord(companyId, "order", order.id),
      deps.settings.read(companyId, "invoice"),
    ]);
    const { currency: baseCurrency } = await deps.settings.storeInfo(companyId);
    const returnedLines = new Set(returned?.lineIds ?? []);
    const statusHistory = history.flatMap((entry) => {
      const change = entry.changes?.status as { from?: string; to?: string } | undefined;
      if (!change?.from || !change.to) return [];
      return [{ from: change.from, to: change.to, by: entry.staff?.email ?? null, at: entry.createdAt }];
    });
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      nextStatuses: [...ORDER_TRANSITIONS[order.status]],
      paymentMethod: order.paymentMethod,
      channel: order.channel,
      currency: order.currency,
      exchangeRate: trimDecimal(order.exchangeRate),
      baseCurrency,
      baseTotalCents: order.baseTotalCents,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      vatRateBp: order.vatRateBp,
      vatCents: order.vatCents,
      totalCents: order.totalCents,
      couponCode: order.couponCode,
      instalmentCount: order.instalmentCount,
      language: order.language,
      notes: order.notes,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      customer: { id: order.customerId, name: order.customerName, email: order.customerEmail },
      lines: lines.map((line) => ({
        id: line.id,
        courseId: line.courseId,
        title: translate(line.title, language),
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        totalCents: line.totalCents,
        returned: returnedLines.has(line.id),
      })),
      payments: paid.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        reference: payment.providerReference,
        status: payment.status,
        amountCents: payment.amountCents,
        refundedCents: payment.status === "refunded" ? payment.amountCents : refundedCents(payment),
        currency: payment.currency,
        createdAt: payment.createdAt.toISOString(),
      })),
      invoice: invoice
        ? {
            id: invoice.id,
            number: formatInvoiceNumber(invoice.number, invoiceNumberFormat(invoiceSettings)),
          }
        : null,
      instalments: instalments.map((instalment) => ({
        sequence: instalment.sequence,
        dueAt: instalment.dueAt.toISOString(),
        amountCents: instalment.amountCents,
        status: instalment.status,
      })),
      return: returned
        ? {
            lineIds: returned.lineIds,
            restocked: returned.restocked,
            refundCents: returned.refundCents,
            reason: returned.reason,
            createdAt: returned.createdAt.toISOString(),
          }
        : null,
      statusChangedAt: order.statusChangedAt?.toISOString() ?? null,
      statusChangedBy: statusHistory.at(-1)?.by ?? null,
      statusHistory,
    };
  }

  /** Locks the order row and checks it is still in `status` (a concurrent change makes this a 409). */
  async function lockOrder(tx: Queryable, companyId: string, orderId: string) {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
      .for("update");
    if (!order) throw orderNotFound();
    return order;
  }

  const succeededPayments = (companyId: string, orderId: string) =>
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          eq(payments.orderId, orderId),
          eq(payments.status, "succeeded"),
        ),
      )
      .orderBy(asc(payments.createdAt));

  async function courseIdsOf(tx: Queryable, orderId: string, exceptLines: string[] = []) {
    const lines = await tx
      .select({ id: orderLines.id, courseId: orderLines.courseId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    return lines
      .filter((line) => !exceptLines.includes(line.id))
      .map((line) => line.courseId)
      .filter((id): id is string => id !== null);
  }

  return {
    /** One page of the company's orders, newest first unless sorted otherwise. */
    async list(companyId: string, query: AdminListOrdersQuery): Promise<ListPage<AdminOrderListItem>> {
      const { items, total } = await listRows(companyId, query, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return listPage(items, total, query);
    },

    /** Every order matching the filters (paging ignored), for the CSV export. */
    async exportRows(companyId: string, query: AdminListOrdersQuery): Promise<AdminOrderListItem[]> {
      return (await listRows(companyId, query, { limit: ORDER_EXPORT_LIMIT, offset: 0 })).items;
    },

    get,

    /**
     * Moves an order to `status` (see ORDER_TRANSITIONS). Cancelling a paid order refunds what is
     * left of its payments through their provider FIRST (outside any transaction), then in one
     * transaction: payments marked refunded, enrolments of the order deleted (access ends), seats
     * given back, scheduled instalments cancelled. Delivering enrols the customer and issues the
     * invoice when the order has none yet. Every change records who and when, and is audited.
     */
    async changeStatus(
      companyId: string,
      staff: ActingStaff,
      orderId: string,
      status: OrderStatus,
      language: string,
    ): Promise<AdminOrder> {
      const [current] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
      if (!current) throw orderNotFound();
      if (!canTransition(current.status, status)) {
        throw businessRule(transitionError(current.status, status), "INVALID_STATUS_TRANSITION", {
          from: current.status,
          to: status,
          allowed: ORDER_TRANSITIONS[current.status],
        });
      }

      const refunds: { paymentId: string; amountCents: number }[] = [];
      if (status === "cancel") {
        for (const payment of await succeededPayments(companyId, orderId)) {
          const amountCents = payment.amountCents - refundedCents(payment);
          await refund(payment, amountCents, `cancel-${orderId}-${payment.id}`);
          refunds.push({ paymentId: payment.id, amountCents });
        }
      }

      let seatsReleased = false;
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, companyId, orderId);
        if (order.status !== current.status) {
          throw conflict("This order was changed by someone else just now. Reload it and try again.");
        }
        const changedAt = now();
        const set: Partial<typeof orders.$inferInsert> = {
          status,
          statusChangedBy: staff.id,
          statusChangedAt: changedAt,
          updatedAt: changedAt,
        };

        if (status === "processing" && order.status === "pending") {
          // A checkout's pending order already holds its seats until expiresAt; keep them for good.
          // An order without a hold (taken by staff) takes its seats now.
          if (!order.expiresAt) await reserveSeats(tx, companyId, await courseIdsOf(tx, order.id));
          set.expiresAt = null;
        }

        if (status === "delivered") {
          const [returned] = await tx
            .select({ lineIds: orderReturns.lineIds })
            .from(orderReturns)
            .where(eq(orderReturns.orderId, order.id));
          const courseIds = await courseIdsOf(tx, order.id, returned?.lineIds ?? []);
          if (courseIds.length > 0) {
            await tx
              .insert(enrolments)
              .values(
                courseIds.map((courseId) => ({
                  companyId,
                  customerId: order.customerId,
                  courseId,
                  orderId: order.id,
                })),
              )
              .onConflictDoNothing();
          }
          const [invoice] = await tx
            .select({ id: invoices.id })
            .from(invoices)
            .where(eq(invoices.orderId, order.id));
          if (!invoice) {
            const number = await nextCounter(tx, companyId, "invoice");
            await tx.insert(invoices).values({ companyId, orderId: order.id, number, issuedAt: changedAt });
          }
        }

        if (status === "cancel") {
          for (const part of refunds) {
            await tx
              .update(payments)
              .set({
                status: "refunded",
                details: sql`coalesce(${payments.details}, '{}'::jsonb) || ${JSON.stringify({
                  refundedAt: changedAt.toISOString(),
                  refundedBy: staff.email,
                  cancelRefundCents: part.amountCents,
                })}::jsonb`,
                updatedAt: changedAt,
              })
              .where(eq(payments.id, part.paymentId));
          }
          await tx
            .delete(enrolments)
            .where(and(eq(enrolments.companyId, companyId), eq(enrolments.orderId, order.id)));
          // Seats are held by a paid/accepted order, or by a pending checkout until its hold ends.
          const holdsSeats = order.status !== "pending" || order.expiresAt !== null;
          if (holdsSeats) {
            const [returned] = await tx
              .select({ lineIds: orderReturns.lineIds, restocked: orderReturns.restocked })
              .from(orderReturns)
              .where(eq(orderReturns.orderId, order.id));
            const restocked = returned?.restocked ? returned.lineIds : [];
            await releaseSeats(tx, companyId, await courseIdsOf(tx, order.id, restocked));
            seatsReleased = true;
          }
          await tx
            .update(orderInstalments)
            .set({ status: "cancelled" })
            .where(and(eq(orderInstalments.orderId, order.id), eq(orderInstalments.status, "scheduled")));
          set.expiresAt = null;
        }

        await tx.update(orders).set(set).where(eq(orders.id, order.id));
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "update",
          entity: "order",
          entityId: order.id,
          summary: `Order #${order.number}: ${order.status} → ${status}`,
          changes: {
            status: { from: order.status, to: status },
            ...(refunds.length > 0
              ? { refundedCents: refunds.reduce((sum, part) => sum + part.amountCents, 0) }
              : {}),
          },
        });
      });
      if (seatsReleased) deps.seatsChanged?.invalidate(companyId);
      return get(companyId, orderId, language);
    },

    /**
     * Returns order lines, once per order: refunds the lines' share of what was paid (after the
     * discount) through the provider first, then in one transaction records the return, deletes the
     * enrolments of those courses and, with `restock`, gives their seats back.
     */
    async createReturn(
      companyId: string,
      staff: ActingStaff,
      orderId: string,
      body: AdminCreateReturnBody,
      language: string,
    ): Promise<AdminOrder> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
      if (!order) throw orderNotFound();
      const [earlier] = await db
        .select({ id: orderReturns.id })
        .from(orderReturns)
        .where(eq(orderReturns.orderId, order.id));
      if (earlier) throw businessRule(ALREADY_RETURNED_MESSAGE, "ORDER_ALREADY_RETURNED");
      if (order.status !== "processing" && order.status !== "delivered") {
        throw businessRule(
          "Only processing or delivered orders can have items returned.",
          "ORDER_NOT_RETURNABLE",
        );
      }
      const lines = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, body.lineIds)));
      if (lines.length !== body.lineIds.length) {
        throw businessRule("Some of these lines are not part of this order.", "UNKNOWN_ORDER_LINE");
      }

      // The lines' share of the order total, so a discount is not refunded twice.
      const linesCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
      const share =
        order.subtotalCents > 0 ? Math.round((linesCents * order.totalCents) / order.subtotalCents) : 0;
      const paid = await succeededPayments(companyId, order.id);
      const { parts } = splitRefund(paid, share);
      for (const part of parts) {
        await refund(paid[part.index]!, part.amountCents, `return-${order.id}-${paid[part.index]!.id}`);
      }
      const refundCents = parts.reduce((sum, part) => sum + part.amountCents, 0);

      let seatsReleased = false;
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, companyId, order.id);
        if (locked.status !== order.status) {
          throw conflict("This order was changed by someone else just now. Reload it and try again.");
        }
        const inserted = await tx
          .insert(orderReturns)
          .values({
            companyId,
            orderId: order.id,
            lineIds: body.lineIds,
            restocked: body.restock,
            refundCents,
            reason: body.reason || null,
            createdBy: staff.id,
          })
          .onConflictDoNothing()
          .returning({ id: orderReturns.id });
        if (inserted.length === 0) throw businessRule(ALREADY_RETURNED_MESSAGE, "ORDER_ALREADY_RETURNED");
        for (const part of parts) {
          const payment = paid[part.index]!;
          const total = refundedCents(payment) + part.amountCents;
          await tx
            .update(payments)
            .set({
              status: total >= payment.amountCents ? "refunded" : "succeeded",
              details: sql`coalesce(${payments.details}, '{}'::jsonb) || ${JSON.stringify({ refundedCents: total })}::jsonb`,
              updatedAt: now(),
            })
            .where(eq(payments.id, payment.id));
        }
        const courseIds = lines.map((line) => line.courseId).filter((id): id is string => id !== null);
        if (courseIds.length > 0) {
          await tx
            .delete(enrolments)
            .where(
              and(
                eq(enrolments.companyId, companyId),
                eq(enrolments.orderId, order.id),
                inArray(enrolments.courseId, courseIds),
              ),
            );
          if (body.restock) {
            await releaseSeats(tx, companyId, courseIds);
            seatsReleased = true;
          }
        }
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "create",
          entity: "order_return",
          entityId: order.id,
          summary: `Return on order #${order.number}: ${lines.length} line(s)`,
          changes: { lineIds: body.lineIds, restock: body.restock, refundCents },
        });
      });
      if (seatsReleased) deps.seatsChanged?.invalidate(companyId);
      return get(companyId, order.id, language);
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
