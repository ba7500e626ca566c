import { z } from "zod";
import {
  MANUAL_PAYMENT_METHODS,
  ORDER_CHANNELS,
  ORDER_CONTENTS,
  ORDER_DAY_RANGES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from "~shared/order-enums";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";
import { InstalmentView } from "./instalment-view";
import { CreditNoteSummary, InvoiceTaxLine } from "./invoices.schemas";
import { OrderShipping } from "./order-shipping";

export const ORDER_SORTS = [
  "number",
  "createdAt",
  "customerName",
  "totalCents",
  "status",
  "paymentMethod",
] as const;

const isoDate = (name: string) =>
  z
    .string()
    .max(10, `${name} must be a date as YYYY-MM-DD`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${name} is not a valid date`)
    .optional();

export const AdminListOrdersQuery = AdminListQuery.extend({
  sort: z.enum(ORDER_SORTS, { message: `sort must be one of ${ORDER_SORTS.join(", ")}` }).optional(),
  status: z
    .enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(", ")}` })
    .optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { message: `paymentMethod must be one of ${PAYMENT_METHODS.join(", ")}` })
    .optional(),
  channel: z.enum(ORDER_CHANNELS, { message: "channel must be online or pos" }).optional(),
  startDate: isoDate("startDate"),
  endDate: isoDate("endDate"),
  days: z.enum(ORDER_DAY_RANGES, { message: "days must be 5, 7, 15 or 30" }).optional(),
}).refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
  message: "startDate must not be after endDate",
  path: ["endDate"],
});
export type AdminListOrdersQuery = z.output<typeof AdminListOrdersQuery>;

export const AdminOrderListItem = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    invoiceNumber: z.string().nullable().describe("As printed on the invoice when it was issued"),
    createdAt: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    channel: z.enum(ORDER_CHANNELS),
    status: z.enum(ORDER_STATUSES),
    totalCents: z.number().int(),
    currency: z.string(),
    refundableCents: z
      .number()
      .int()
      .describe("Money received for the order and not given back yet: what cancelling it would refund"),
    contents: z
      .enum(ORDER_CONTENTS)
      .describe("What the order holds: only courses, only products, or both (or no lines)"),
  })
  .meta({ id: "AdminOrderListItem" });
export type AdminOrderListItem = z.output<typeof AdminOrderListItem>;

export const AdminOrderList = listPageSchema(AdminOrderListItem);
export type AdminOrderList = z.output<typeof AdminOrderList>;

export const AdminOrder = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    nextStatuses: z.array(z.enum(ORDER_STATUSES)).describe("Where staff may move the order from here"),
    paymentMethod: z.enum(PAYMENT_METHODS),
    channel: z.enum(ORDER_CHANNELS),
    currency: z.string().describe("The currency the buyer saw and paid in"),
    exchangeRate: z.string().describe("Units of `currency` per unit of the shop currency when ordered"),
    baseCurrency: z.string().describe("The shop currency"),
    baseTotalCents: z.number().int().describe("The total in the shop currency, at `exchangeRate`"),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    vatRateBp: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
    taxLines: z.array(InvoiceTaxLine).describe("Each tax rate with what it applies to and its amount"),
    reverseCharge: z.boolean(),
    pricesIncludeTax: z.boolean(),
    buyer: z.object({
      country: z.string().nullable(),
      company: z.string().nullable(),
      vatNumber: z.string().nullable(),
    }),
    couponCode: z.string().nullable(),
    shipping: OrderShipping,
    instalmentCount: z.number().int(),
    language: z.string(),
    notes: z.string().nullable(),
    seller: z.string().nullable().describe("The staff member who sold it at the counter (POS orders)"),
    tableInfo: z.string().nullable().describe("The restaurant table of a POS order"),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    customer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    lines: z.array(
      z.object({
        id: z.uuid(),
        courseId: z.uuid().nullable(),
        kind: z
          .enum(["course", "product"])
          .describe(
            "A course (seats, the learner's access) or a product (stock); the page words the order by it",
          ),
        title: z.string(),
        unitPriceCents: z.number().int(),
        quantity: z.number().int(),
        totalCents: z.number().int(),
        returned: z.boolean(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.uuid(),
        provider: z.string(),
        reference: z.string(),
        status: z.enum(["pending", "succeeded", "failed", "refunded"]),
        amountCents: z.number().int(),
        refundedCents: z.number().int(),
        currency: z.string(),
        createdAt: z.string(),
      }),
    ),
    invoice: z.object({ id: z.uuid(), number: z.string() }).nullable(),
    creditNotes: z
      .array(CreditNoteSummary)
      .describe(
        "Credit notes issued for refunds of the invoice, oldest first (PDF: /api/admin/credit-notes/{id}/pdf)",
      ),
    instalments: z.array(InstalmentView),
    return: z
      .object({
        lineIds: z.array(z.string()),
        restocked: z.boolean(),
        refundCents: z.number().int(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      })
      .nullable(),
    statusChangedAt: z.string().nullable(),
    paymentOverdueAt: z
      .string()
      .nullable()
      .describe("Set when an instalment could not be collected after its last retry: follow it up"),
    statusChangedBy: z.string().nullable().describe("Email of the staff member who last changed the status"),
    statusHistory: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        by: z.string().nullable(),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.output<typeof AdminOrder>;

export const AdminUpdateOrderBody = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  })
  .describe("The new status; see the allowed transitions in the description");

export const AdminCreateReturnBody = z.strictObject({
  lineIds: z
    .array(z.uuid({ message: "each line id must be a UUID" }), { message: "lineIds must be a list of ids" })
    .min(1, "Choose at least one line to return.")
    .max(50, "A return holds at most 50 lines.")
    .refine((ids) => new Set(ids).size === ids.length, { message: "A line can be returned only once." }),
  restock: z.boolean({ message: "restock must be true or false" }),
  reason: z.string().trim().max(500, "The reason must have at most 500 characters").optional(),
});
export type AdminCreateReturnBody = z.output<typeof AdminCreateReturnBody>;

export const ReturnResult = z.object({ message: z.string(), order: AdminOrder });

export const AdminMarkPaidBody = z
  .strictObject({
    method: z.enum(MANUAL_PAYMENT_METHODS, { message: "method must be bank_transfer or cash" }),
    reference: z
      .string({ message: "Enter the payment's reference" })
      .trim()
      .min(1, "Enter the payment's reference")
      .max(100, "The reference must have at most 100 characters"),
  })
  .meta({ id: "AdminMarkPaidBody" });
export type AdminMarkPaidBody = z.output<typeof AdminMarkPaidBody>;

export const AdminRefundBody = z
  .strictObject({
    amountCents: z
      .number({ message: "amountCents must be a whole number of cents above 0" })
      .int("amountCents must be a whole number of cents above 0")
      .min(1, "amountCents must be a whole number of cents above 0")
      .max(100_000_000, "amountCents must be at most 100000000"),
    reason: z
      .string({ message: "Enter the reason for the refund" })
      .trim()
      .min(1, "Enter the reason for the refund")
      .max(500, "The reason must have at most 500 characters"),
  })
  .meta({ id: "AdminRefundBody" });
export type AdminRefundBody = z.output<typeof AdminRefundBody>;

export const REFUND_TOO_LARGE_MESSAGE = "A refund cannot be more than what was paid and not refunded yet.";

export const ORDER_NOT_PAID_MESSAGE =
  "This order has not been paid. Mark it as paid (bank transfer or cash) before marking it Delivered.";
export const ALREADY_PAID_MESSAGE = "Nothing is left to pay on this order.";

export const AdminOrderParams = z.strictObject({ orderId: z.uuid({ message: "orderId must be a UUID" }) });
export const AdminInvoiceParams = z.strictObject({ id: z.uuid({ message: "id must be a UUID" }) });

export const RETURN_DONE_MESSAGE = "Item returned in this bill.";
export const ALREADY_RETURNED_MESSAGE = "This Order Already had return items!";
