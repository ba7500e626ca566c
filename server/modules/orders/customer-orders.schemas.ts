import { z } from "zod";
import { pageNumber, wholeNumber } from "../../lib/list-query";
import { ORDER_STATUSES, PAYMENT_METHODS } from "./orders.tables";

export const CUSTOMER_ORDER_PAGE_SIZE = 20;
export const MAX_CUSTOMER_ORDER_PAGE_SIZE = 100;

/** Whether the money of an order came in: not yet, paid, or given back in part or in full. */
export const ORDER_PAYMENT_STATES = ["unpaid", "paid", "partially-refunded", "refunded"] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const ListCustomerOrdersQuery = z
  .strictObject({
    page: pageNumber(),
    limit: wholeNumber("limit", 1, MAX_CUSTOMER_ORDER_PAGE_SIZE).default(CUSTOMER_ORDER_PAGE_SIZE),
    lng: z.string().max(10).optional(),
  })
  .describe("Page of the signed-in customer's orders");
export type ListCustomerOrdersQuery = z.output<typeof ListCustomerOrdersQuery>;

export const CustomerOrderSummary = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    createdAt: z.string().describe("ISO 8601: when the order was placed"),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(ORDER_PAYMENT_STATES),
    currency: z.string().describe("The currency the order was charged in (ISO 4217)"),
    totalCents: z.number().int(),
    items: z
      .array(
        z.object({ title: z.string().describe("In the request's language"), quantity: z.number().int() }),
      )
      .describe("What was ordered, in the order's own line order"),
    payable: z
      .boolean()
      .describe("A pending, unpaid order that can still be paid online (on /payment?order={id})"),
  })
  .meta({ id: "CustomerOrderSummary" });
export type CustomerOrderSummary = z.output<typeof CustomerOrderSummary>;

export const CustomerOrderList = z
  .object({
    orders: z.array(CustomerOrderSummary),
    totalDoc: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "CustomerOrderList" });
export type CustomerOrderList = z.output<typeof CustomerOrderList>;
