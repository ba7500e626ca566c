import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { isUuid } from "../../lib/ids";
import { customers } from "../customers/customers.tables";
import type { SettingsService } from "../settings/settings.service";
import { storedTaxLines } from "../taxes/tax-calculation";
import { listCustomerOrders } from "./customer-orders";
import type { CreditNotePrint } from "./invoice-pdf";
import type { CreditNoteSummary, InvoiceDocument, InvoiceList } from "./invoices.schemas";
import { orderConsentOf } from "./order-consent";
import { orderShippingOf } from "./order-shipping";
import { creditNotes, invoices, orderInstalments, orderLines, orders, refunds } from "./orders.tables";

/** A credit note to print: its invoice's document and what it credits. */
export interface CreditNoteDocument {
  id: string;
  invoice: InvoiceDocument;
  credit: CreditNotePrint;
}

/** The credit notes of an order, oldest first. */
export async function creditNotesOfOrder(
  db: Queryable,
  companyId: string,
  orderId: string,
): Promise<CreditNoteSummary[]> {
  const rows = await db
    .select({
      id: creditNotes.id,
      number: creditNotes.printedNumber,
      issuedAt: creditNotes.issuedAt,
      kind: refunds.kind,
      amountCents: creditNotes.amountCents,
      currency: creditNotes.currency,
    })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.orderId, orderId)))
    .orderBy(asc(creditNotes.number));
  return rows.map((row) => ({
    ...row,
    kind: row.kind === "duplicate" ? "partial" : row.kind,
    issuedAt: row.issuedAt.toISOString(),
  }));
}

/**
 * Invoices as learners and mails see them. A customer only ever reaches invoices of their own
 * orders in their own company: any other id reads as "not there".
 */
export function createInvoiceService(db: Db, settings: SettingsService) {
  /** The full document of the one invoice matching `where` (already scoped by company). */
  async function document(companyId: string, where: SQL): Promise<InvoiceDocument | undefined> {
    const [row] = await db
      .select({
        id: invoices.id,
        number: invoices.printedNumber,
        issuedAt: invoices.issuedAt,
        orderId: orders.id,
        orderNumber: orders.number,
        orderStatus: orders.status,
        language: orders.language,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerAddress: customers.address,
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        couponCode: orders.couponCode,
        vatRateBp: orders.vatRateBp,
        vatCents: orders.vatCents,
        totalCents: orders.totalCents,
        pricesIncludeTax: orders.pricesIncludeTax,
        reverseCharge: orders.reverseCharge,
        taxCountry: orders.taxCountry,
        buyerCompany: orders.buyerCompany,
        buyerVatNumber: orders.buyerVatNumber,
        currency: orders.currency,
        paymentMethod: orders.paymentMethod,
        termsAcceptedAt: orders.termsAcceptedAt,
        withdrawalWaivedAt: orders.withdrawalWaivedAt,
        consentVersion: orders.consentVersion,
        shippingAddress: orders.shippingAddress,
        shippingPhone: orders.shippingPhone,
        shippingCarrierName: orders.shippingCarrierName,
        shippingTrackingUrlTemplate: orders.shippingTrackingUrlTemplate,
        shippingCents: orders.shippingCents,
        trackingNumber: orders.trackingNumber,
        shippedAt: orders.shippedAt,
      })
      .from(invoices)
      .innerJoin(orders, and(eq(orders.id, invoices.orderId), eq(orders.companyId, invoices.companyId)))
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(invoices.companyId, companyId), where))
      .limit(1);
    if (!row) return undefined;

    const [lines, instalments, store, credits] = await Promise.all([
      db
        .select({
          title: orderLines.title,
          unitPriceCents: orderLines.unitPriceCents,
          quantity: orderLines.quantity,
          totalCents: orderLines.totalCents,
          taxName: orderLines.taxName,
          taxRateBp: orderLines.taxRateBp,
          taxBaseCents: orderLines.taxBaseCents,
          taxCents: orderLines.taxCents,
        })
        .from(orderLines)
        .where(and(eq(orderLines.companyId, companyId), eq(orderLines.orderId, row.orderId)))
        .orderBy(asc(orderLines.id)),
      db
        .select({
          sequence: orderInstalments.sequence,
          dueAt: orderInstalments.dueAt,
          amountCents: orderInstalments.amountCents,
          status: orderInstalments.status,
          paidAt: orderInstalments.paidAt,
          lastFailedAt: orderInstalments.lastFailedAt,
          nextAttemptAt: orderInstalments.nextAttemptAt,
        })
        .from(orderInstalments)
        .where(and(eq(orderInstalments.companyId, companyId), eq(orderInstalments.orderId, row.orderId)))
        .orderBy(asc(orderInstalments.sequence)),
      settings.storeInfo(companyId),
      creditNotesOfOrder(db, companyId, row.orderId),
    ]);

    return {
      id: row.id,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      orderNumber: row.orderNumber,
      orderStatus: row.orderStatus,
      language: row.language,
      timeZone: store.timeZone,
      dateFormat: store.dateFormat,
      customer: { name: row.customerName, email: row.customerEmail, address: row.customerAddress || null },
      company: {
        shopName: store.shopName,
        companyName: store.companyName,
        vatNumber: store.vatNumber,
        addressLines: store.addressLines,
        email: store.email,
        phones: store.phones,
        website: store.website,
        workingHours: store.workingHours,
        receiptFooter: store.receiptFooter,
      },
      lines: lines.map((line) => ({
        title: translate(line.title, row.language),
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        totalCents: line.totalCents,
        taxRateBp: line.taxRateBp,
      })),
      subtotalCents: row.subtotalCents,
      discountCents: row.discountCents,
      couponCode: row.couponCode,
      vatRateBp: row.vatRateBp,
      vatCents: row.vatCents,
      totalCents: row.totalCents,
      taxLines: storedTaxLines(row, lines),
      pricesIncludeTax: row.pricesIncludeTax,
      reverseCharge: row.reverseCharge,
      buyer: { country: row.taxCountry, company: row.buyerCompany, vatNumber: row.buyerVatNumber },
      currency: row.currency,
      paymentMethod: row.paymentMethod,
      shipping: orderShippingOf(row),
      orderId: row.orderId,
      instalments: instalments.map((instalment) => ({
        ...instalment,
        dueAt: instalment.dueAt.toISOString(),
        paidAt: instalment.paidAt?.toISOString() ?? null,
        lastFailedAt: instalment.lastFailedAt?.toISOString() ?? null,
        nextAttemptAt: instalment.nextAttemptAt?.toISOString() ?? null,
      })),
      consent: orderConsentOf(row),
      creditNotes: credits,
    };
  }

  /** The credit note matching `where` (already scoped by company), with its invoice's document. */
  async function creditNote(companyId: string, where: SQL): Promise<CreditNoteDocument | undefined> {
    const [row] = await db
      .select({
        id: creditNotes.id,
        invoiceId: creditNotes.invoiceId,
        number: creditNotes.printedNumber,
        issuedAt: creditNotes.issuedAt,
        amountCents: creditNotes.amountCents,
        kind: refunds.kind,
        reason: refunds.reason,
        vatCents: orders.vatCents,
        totalCents: orders.totalCents,
      })
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(and(eq(creditNotes.companyId, companyId), where))
      .limit(1);
    if (!row) return undefined;
    const invoice = await document(companyId, eq(invoices.id, row.invoiceId));
    if (!invoice) return undefined;
    return {
      id: row.id,
      invoice,
      credit: {
        number: row.number,
        issuedAt: row.issuedAt.toISOString(),
        kind: row.kind === "duplicate" ? "partial" : row.kind,
        reason: row.reason,
        amountCents: row.amountCents,
        vatCents: row.totalCents ? Math.round((row.amountCents * row.vatCents) / row.totalCents) : 0,
      },
    };
  }

  return {
    /** One page of a customer's orders ("My Orders"), newest first, every status. */
    listOrdersForCustomer: (
      companyId: string,
      customerId: string,
      query: { page: number; limit: number; language: string },
    ) => listCustomerOrders(db, companyId, customerId, query),

    /** One page of a customer's invoices, newest first. */
    async listForCustomer(
      companyId: string,
      customerId: string,
      { page, limit }: { page: number; limit: number },
    ): Promise<InvoiceList> {
      const where = and(eq(invoices.companyId, companyId), eq(orders.customerId, customerId));
      const joined = and(eq(orders.id, invoices.orderId), eq(orders.companyId, invoices.companyId));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: invoices.id,
            number: invoices.printedNumber,
            issuedAt: invoices.issuedAt,
            orderNumber: orders.number,
            totalCents: orders.totalCents,
            currency: orders.currency,
            status: orders.status,
          })
          .from(invoices)
          .innerJoin(orders, joined)
          .where(where)
          .orderBy(desc(invoices.issuedAt), desc(invoices.number))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(invoices).innerJoin(orders, joined).where(where),
      ]);
      const totalDoc = total?.value ?? 0;
      return {
        invoices: rows.map((row) => ({
          ...row,
          issuedAt: row.issuedAt.toISOString(),
        })),
        totalDoc,
        page,
        limit,
        pages: Math.ceil(totalDoc / limit),
      };
    },

    /** The customer's own invoice; undefined for an unknown id or anyone else's invoice. */
    async getForCustomer(companyId: string, customerId: string, invoiceId: string) {
      if (!isUuid(invoiceId)) return undefined;
      return document(companyId, and(eq(invoices.id, invoiceId), eq(orders.customerId, customerId))!);
    },

    /** Any invoice of the company, for staff; undefined for an unknown id. */
    async getForCompany(companyId: string, invoiceId: string) {
      if (!isUuid(invoiceId)) return undefined;
      return document(companyId, eq(invoices.id, invoiceId));
    },

    /** The customer's own credit note; undefined for an unknown id or anyone else's. */
    async getCreditNoteForCustomer(companyId: string, customerId: string, creditNoteId: string) {
      if (!isUuid(creditNoteId)) return undefined;
      return creditNote(companyId, and(eq(creditNotes.id, creditNoteId), eq(orders.customerId, customerId))!);
    },

    /** Any credit note of the company, for staff and mails; undefined for an unknown id. */
    async getCreditNoteForCompany(companyId: string, creditNoteId: string) {
      if (!isUuid(creditNoteId)) return undefined;
      return creditNote(companyId, eq(creditNotes.id, creditNoteId));
    },

    /** The invoice of an order (for the order confirmation mail); undefined before it is paid. */
    async getForOrder(companyId: string, orderId: string) {
      if (!isUuid(orderId)) return undefined;
      return document(companyId, eq(invoices.orderId, orderId));
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
