import { z } from "zod";
import { AdminCreateReturnBody } from "../orders/orders-admin.schemas";
import { Pin, Receipt, Register } from "./pos.schemas";

export const PosOrderQuery = z.strictObject({
  /** An order (receipt) number, or part of the customer's name; empty: the latest sales. */
  search: z.string().trim().max(100, "The search must have at most 100 characters").default(""),
});
export type PosOrderQuery = z.output<typeof PosOrderQuery>;

export const PosOrderSummary = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    placedAt: z.string(),
    customer: z.string(),
    totalCents: z.number().int(),
    currency: z.string(),
    /** Items of it were returned already (an order has one return). */
    returned: z.boolean(),
  })
  .meta({ id: "PosOrderSummary" });
export type PosOrderSummary = z.output<typeof PosOrderSummary>;

export const PosOrderDetail = PosOrderSummary.extend({
  lines: z.array(
    z.object({ id: z.uuid(), title: z.string(), quantity: z.number().int(), totalCents: z.number().int() }),
  ),
  payments: z.array(z.object({ method: z.string(), amountCents: z.number().int() })),
}).meta({ id: "PosOrderDetail" });
export type PosOrderDetail = z.output<typeof PosOrderDetail>;

/** A return at the counter: the lines, whether they go back on the shelf, the register the cash leaves. */
export const PosReturnBody = AdminCreateReturnBody.extend({
  pin: Pin.optional(),
  register: Register.optional(),
}).meta({ id: "PosReturnBody" });
export type PosReturnBody = z.output<typeof PosReturnBody>;

const Refund = z.object({ method: z.string(), amountCents: z.number().int() });

export const PosReturnResult = z
  .object({
    message: z.string(),
    orderId: z.uuid(),
    number: z.number().int(),
    refundCents: z.number().int(),
    /** What went back, per way the order was paid (cash from the drawer, card, credit to the account). */
    refunds: z.array(Refund),
  })
  .meta({ id: "PosReturnResult" });
export type PosReturnResult = z.output<typeof PosReturnResult>;

/** The printable receipt of a return: the shop and order as on the sale's receipt, the lines returned. */
export const PosReturnReceipt = Receipt.pick({ width: true, shop: true, footer: true, timeZone: true })
  .extend({
    order: Receipt.shape.order,
    returnedAt: z.string(),
    restocked: z.boolean(),
    lines: Receipt.shape.lines,
    refundCents: z.number().int(),
    refunds: z.array(Refund),
  })
  .meta({ id: "PosReturnReceipt" });
export type PosReturnReceipt = z.output<typeof PosReturnReceipt>;
