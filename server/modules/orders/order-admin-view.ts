import { and, asc, eq } from "drizzle-orm";
import { ORDER_TRANSITIONS } from "~shared/order-status";
import { translate } from "~shared/translatable";
import { trimDecimal } from "../currency/exchange";
import { staff } from "../staff/staff.tables";
import { storedTaxLines } from "../taxes/tax-calculation";
import { toInstalmentView } from "./instalment-view";
import { creditNotesOfOrder } from "./invoices.service";
import { findOrder, type OrderAdminSteps } from "./order-admin-records";
import { refundedCents } from "./order-refunds";
import { orderShippingOf } from "./order-shipping";
import { invoices, orderInstalments, orderLines, orderReturns, payments } from "./orders.tables";
import type { AdminOrder } from "./orders-admin.schemas";

/** One order in full for the back office: lines, payments, invoice, instalments, return and status history. */
export async function getAdminOrder(
  deps: Pick<OrderAdminSteps, "db" | "settings" | "audit">,
  companyId: string,
  orderId: string,
  language: string,
): Promise<AdminOrder> {
  const { db } = deps;
  const order = await findOrder(db, companyId, orderId);
  const [lines, paid, [invoice], instalments, [returned], history, credits, [seller]] = await Promise.all([
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
      .select({ id: invoices.id, number: invoices.printedNumber })
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
    creditNotesOfOrder(db, companyId, order.id),
    order.sellerStaffId
      ? db.select({ name: staff.name }).from(staff).where(eq(staff.id, order.sellerStaffId))
      : Promise.resolve([]),
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
    taxLines: storedTaxLines(order, lines),
    reverseCharge: order.reverseCharge,
    pricesIncludeTax: order.pricesIncludeTax,
    buyer: { country: order.taxCountry, company: order.buyerCompany, vatNumber: order.buyerVatNumber },
    couponCode: order.couponCode,
    shipping: orderShippingOf(order),
    instalmentCount: order.instalmentCount,
    language: order.language,
    notes: order.notes,
    seller: seller ? translate(seller.name, language) : null,
    tableInfo: order.tableInfo,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    customer: { id: order.customerId, name: order.customerName, email: order.customerEmail },
    lines: lines.map((line) => ({
      id: line.id,
      courseId: line.courseId,
      kind: line.productId ? ("product" as const) : ("course" as const),
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
          number: invoice.number,
        }
      : null,
    creditNotes: credits,
    instalments: instalments.map(toInstalmentView),
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
    paymentOverdueAt: order.paymentOverdueAt?.toISOString() ?? null,
    statusChangedBy: statusHistory.at(-1)?.by ?? null,
    statusHistory,
  };
}
