import { z } from "zod";
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS } from "~shared/order-enums";

const cents = z.number().int();

export const DashboardFigures = z
  .object({
    currency: z
      .string()
      .describe(
        "The shop currency: sales add up the money of every order in it (orders in other currencies at their own rate)",
      ),
    timeZone: z.string().describe("The company's time zone; days and months are counted in it"),
    sales: z
      .object({ todayCents: cents, yesterdayCents: cents, thisMonthCents: cents, allTimeCents: cents })
      .describe(
        "Money actually received minus money refunded, by the day it moved (a payment plan's instalment when it is collected), in the shop currency at each order's own rate",
      ),
    refunds: z
      .object({ todayCents: cents, yesterdayCents: cents, thisMonthCents: cents, allTimeCents: cents })
      .describe("Money refunded (cancels, returns, partial refunds), by the day it was refunded"),
    orders: z.object({
      total: z.number().int(),
      pending: z.number().int(),
      processing: z.number().int(),
      delivered: z.number().int(),
      cancel: z.number().int(),
    }),
    channels: z.object({ online: z.number().int(), pos: z.number().int() }),
    weeklySales: z
      .array(
        z.object({
          date: z.string().describe("YYYY-MM-DD"),
          totalCents: cents.describe("Money received minus refunded that day"),
          orders: z.number().int().describe("Paid orders (processing or delivered) placed that day"),
        }),
      )
      .describe("The last 7 days, oldest first, today last"),
    bestSellers: z
      .array(z.object({ courseId: z.uuid(), title: z.string(), sold: z.number().int(), revenueCents: cents }))
      .describe("Top 5 courses by paid order lines"),
    paymentMethods: z
      .array(z.object({ method: z.enum(PAYMENT_METHODS), orders: z.number().int(), totalCents: cents }))
      .describe(
        "Per payment method of the order (cash, card, credit, …): paid orders, and money received minus refunded",
      ),
    recentOrders: z.array(
      z.object({
        id: z.uuid(),
        number: z.number().int(),
        createdAt: z.string(),
        customerName: z.string(),
        paymentMethod: z.enum(PAYMENT_METHODS),
        channel: z.enum(ORDER_CHANNELS),
        status: z.enum(ORDER_STATUSES),
        totalCents: cents,
        currency: z.string(),
      }),
    ),
  })
  .meta({ id: "DashboardFigures" });
export type DashboardFigures = z.output<typeof DashboardFigures>;
