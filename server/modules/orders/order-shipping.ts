import { z } from "zod";
import { trackingUrl } from "~shared/shipping";
import type { orders } from "./orders.tables";

/** The shipping of an order as the buyer and staff see it: null when nothing is shipped. */
export const OrderShipping = z
  .object({
    address: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().nullable(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string(),
      state: z.string().nullable(),
    }),
    phone: z.string().nullable(),
    carrier: z.string().nullable(),
    costCents: z.number().int().describe("Included in the order total"),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable().describe("The carrier's tracking page of the parcel, once shipped"),
    shippedAt: z.string().nullable(),
  })
  .nullable()
  .meta({ id: "OrderShipping" });
export type OrderShipping = z.output<typeof OrderShipping>;

/** What an order row holds of its shipping. */
export function orderShippingOf(
  order: Pick<
    typeof orders.$inferSelect,
    | "shippingAddress"
    | "shippingPhone"
    | "shippingCarrierName"
    | "shippingTrackingUrlTemplate"
    | "shippingCents"
    | "trackingNumber"
    | "shippedAt"
  >,
): OrderShipping {
  if (!order.shippingAddress) return null;
  return {
    address: order.shippingAddress,
    phone: order.shippingPhone,
    carrier: order.shippingCarrierName,
    costCents: order.shippingCents,
    trackingNumber: order.trackingNumber,
    trackingUrl:
      order.trackingNumber && order.shippingTrackingUrlTemplate
        ? trackingUrl(order.shippingTrackingUrlTemplate, order.trackingNumber)
        : null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
  };
}
